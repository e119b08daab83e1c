import v8 from 'node:v8'
import underPressure from '@fastify/under-pressure'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'

export interface OverloadOptions {
  /** Event-loop delay (ms) above which new requests are refused; 0 = not checked. */
  maxEventLoopDelayMs: number
  /** Resident memory (MiB) above which new requests are refused; 0 = not checked. */
  maxRssMb: number
  /** Percent of the V8 heap limit above which new requests are refused; 0 = not checked. */
  maxHeapPercent: number
}

/** Seconds a refused client is told to wait (Retry-After). */
const RETRY_AFTER_S = 5

/**
 * Overload protection (@fastify/under-pressure): while the event loop lags more than
 * OVERLOAD_EVENT_LOOP_DELAY_MS, or the process holds more than OVERLOAD_RSS_MB, or its JavaScript heap
 * fills more than OVERLOAD_HEAP_PERCENT of the heap's limit (`npm start` gives the gateway a limit:
 * GATEWAY_HEAP_MB), new requests are
 * answered at once with 503 SERVICE_UNAVAILABLE in the envelope and `Retry-After`, instead of
 * queueing until they time out; a load balancer's health check (`/app/health`) sees the same 503
 * and sends the traffic to another gateway. Measured once a second. Near its heap limit a process
 * would otherwise stall in garbage collection and then die out of memory, with every request in it.
 */
export default fp<OverloadOptions>(
  async (fastify, { maxEventLoopDelayMs, maxRssMb, maxHeapPercent }) => {
    if (maxEventLoopDelayMs <= 0 && maxRssMb <= 0 && maxHeapPercent <= 0) return
    await fastify.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxRssBytes: maxRssMb * 1024 * 1024,
      maxHeapUsedBytes: Math.floor((v8.getHeapStatistics().heap_size_limit * maxHeapPercent) / 100),
      retryAfter: RETRY_AFTER_S,
      pressureHandler: async (request, _reply, type, value) => {
        request.log.warn({ type, value }, 'overloaded: request refused')
        throw new AppError('SERVICE_UNAVAILABLE', { retryAfterS: RETRY_AFTER_S })
      },
    })
  },
  { name: 'overload', dependencies: ['errors'] },
)
