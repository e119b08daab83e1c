import rateLimit from '@fastify/rate-limit'
import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { Kv } from '../infra/kv'
import { AppError } from '../lib/app-error'

const WINDOW_MS = 60_000

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * @fastify/rate-limit's store on the gateway's KV: Redis when REDIS_URL is set, so every gateway
 * counts a client's calls together; the in-memory KV otherwise (one process). Fixed windows of a
 * minute: one INCR with a TTL per call, and the time left in the window is the `Retry-After`.
 */
function kvStore(kv: Kv, clock: () => Date) {
  return class KvStore {
    incr(key: string, callback: IncrCallback) {
      const timeWindow = WINDOW_MS
      const now = clock().getTime()
      const window = Math.floor(now / timeWindow)
      const ttl = (window + 1) * timeWindow - now
      kv.incr(`rl:${key}:${window}`, ttl).then(
        (current) => callback(null, { current, ttl }),
        (error: Error) => callback(error),
      )
    }
    child() {
      return new KvStore()
    }
  }
}

/** Calls anyone may make without a session (the contract's `public` access), health probes aside. */
const isPublicCall = (route: RouteOptions) => {
  // The console's sign-in steps and enrollment are public; its other calls need a session.
  if (route.config?.console) return route.config.console.public === true
  const access = route.config?.access
  return route.url.startsWith('/app/') && route.url !== '/app/health' && (access === undefined || access === 'public')
}

/**
 * Per-client limit on the unauthenticated calls (sign-up, sign-in, codes, captchas, public reads),
 * besides the per-account and per-destination limits of the services: PUBLIC_CALLS_PER_CLIENT_PER_MINUTE
 * per client address (request.ip, so TRUST_PROXY decides which address that is); 0 turns it off.
 * Over the limit: 429 TOO_MANY_REQUESTS in the envelope with `Retry-After`.
 */
export default fp<{ perMinute: number }>(
  async (fastify, { perMinute }) => {
    if (perMinute <= 0) return
    // The other routes get none of the limit's hooks (an allowList ran on every request of every
    // route, and read request.routeOptions, a new object at each read, twice).
    fastify.addHook('onRoute', (route) => {
      if (!isPublicCall(route)) route.config = { ...route.config, rateLimit: false }
    })
    await fastify.register(rateLimit, {
      global: true,
      max: perMinute,
      timeWindow: WINDOW_MS,
      store: kvStore(fastify.kv, () => fastify.now()),
      keyGenerator: (request) => `ip:${request.ip}`,
      // A KV failure must not take the public calls down with it: the call goes on unlimited (the KV logs its own errors).
      skipOnError: true,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (_request, context) =>
        new AppError('TOO_MANY_REQUESTS', { retryAfterS: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    })
  },
  { name: 'rate-limit', dependencies: ['infra', 'errors'] },
)
