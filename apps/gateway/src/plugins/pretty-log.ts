import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import pretty from 'pino-pretty'
import { pathOf } from '../lib/url'

/**
 * Logs for a person reading along (LOG_FORMAT=pretty, the default in development): pino-pretty,
 * written synchronously so the lines keep their order with the ready banner, one line each, the
 * time of day first; process id, host and trace id left out (LOG_FORMAT=json keeps everything).
 */
export function prettyStream(options: { destination?: NodeJS.WritableStream; colorize?: boolean } = {}) {
  return pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,traceId',
    singleLine: true,
    ...(options.destination ? { destination: options.destination } : {}),
    ...(options.colorize === undefined ? {} : { colorize: options.colorize }),
  })
}

/** A built file of the portal or of the API docs (script, style, picture…), not a page or a call. */
const isAsset = (path: string) => /\.[a-z0-9]+$/i.test(path) && !/\.(html|json)$/i.test(path)

/**
 * Fastify's request log lines for a person: one line per answered request, `GET /app/health 200
 * (3 ms)`, in place of two records ("incoming request", "request completed") and of "Route … not
 * found". Calls and pages at info; the portal's built files (a dozen per page load) at debug
 * unless they fail. Errors and Fastify's other lines stay as they are.
 */
export class PrettyLogController extends LogController {
  override incomingRequest() {}

  /** The request's own line says 404 (and Fastify's would print the query). */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply)
      return
    }
    const path = pathOf(request.url)
    const status = reply.statusCode
    const level = status >= 500 ? 'error' : isAsset(path) && status < 400 ? 'debug' : 'info'
    reply.log[level](`${request.method} ${path} ${status} (${Math.round(reply.elapsedTime)} ms)`)
  }
}
