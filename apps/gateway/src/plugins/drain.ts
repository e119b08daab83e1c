import { calls, callUrl } from '@ess/contract'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the gateway is asked to stop (SIGTERM) until it exits. */
    readonly draining: boolean
    /** Starts draining: readiness and every new request but liveness answer 503 at once, unprocessed. */
    startDraining(): void
  }
}

const LIVE_URL = callUrl(calls.healthLive)

/**
 * Graceful stop, in two steps (server.ts). First draining, while still listening: every new request
 * (liveness aside) is answered at once with 503 SERVICE_UNAVAILABLE and `connection: close`,
 * before any of its work is done, so a load balancer can send it to another gateway even when it is
 * a POST (deploy/nginx/nginx.conf does), and its passive check marks this one down; readiness says
 * 503 for an orchestrator. Then close: the listener stops, the requests in flight finish, and their
 * answers carry `connection: close` so keep-alive clients let go.
 * Refusing while listening, rather than closing the listener at once, is what makes a rolling
 * restart lose nothing: connections already in the kernel's backlog when a listener closes are
 * reset after the proxy sent them a request, which it must not retry when it is a POST.
 */
export default fp(
  async (fastify) => {
    let draining = false
    fastify.decorate('draining', {
      getter: () => draining,
    })
    fastify.decorate('startDraining', () => {
      draining = true
    })
    // Once closing, Fastify itself answers new requests 503 (return503OnClosing) before any hook.
    fastify.addHook('preClose', async () => {
      draining = true
    })
    // Callback hooks: no promise per request.
    fastify.addHook('onRequest', (request, _reply, done) => {
      if (draining && request.routeOptions.url !== LIVE_URL) done(new AppError('SERVICE_UNAVAILABLE', { retryAfterS: 1 }))
      else done()
    })
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close')
      done(null, payload)
    })
  },
  { name: 'drain' },
)
