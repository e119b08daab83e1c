import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HEADERS } from '@ess/contract'
import fp from 'fastify-plugin'

const TRACE_ID = /^[A-Za-z0-9_-]{8,64}$/

/** Fastify's `genReqId`: the caller's `_tid` when well formed, else a new id. */
export function traceId(raw: IncomingMessage): string {
  const given = raw.headers[HEADERS.traceId]
  return typeof given === 'string' && TRACE_ID.test(given) ? given : randomUUID().replaceAll('-', '')
}

/** Echoes the trace id (the request id of every log line) in `x-trace-id`. */
export default fp(
  async (fastify) => {
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.header('x-trace-id', request.id)
      done()
    })
  },
  { name: 'trace' },
)
