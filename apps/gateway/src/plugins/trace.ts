import { randomFillSync } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { HEADERS } from '@ess/contract'
import fp from 'fastify-plugin'

const TRACE_ID = /^[A-Za-z0-9_-]{8,64}$/

/** Random bytes for this many new ids, drawn at once. */
const IDS_PER_DRAW = 256
const ID_BYTES = 16
const pool = Buffer.alloc(ID_BYTES * IDS_PER_DRAW)
let next = pool.length

/**
 * A new id: 128 random bits in hex (32 characters), as randomUUID without its dashes was. That took
 * 1.1 µs a request in one process, 0.8 of it removing the dashes; a slice of a pool of random
 * bytes takes 0.35 (randomUUID draws its own bytes in the same way).
 */
export function newTraceId(): string {
  if (next === pool.length) {
    randomFillSync(pool)
    next = 0
  }
  next += ID_BYTES
  return pool.toString('hex', next - ID_BYTES, next)
}

/** Fastify's `genReqId`: the caller's `_tid` when well formed, else a new id. */
export function traceId(raw: IncomingMessage): string {
  const given = raw.headers[HEADERS.traceId]
  return typeof given === 'string' && TRACE_ID.test(given) ? given : newTraceId()
}

const W3C_TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/
const W3C_TRACE_ID = /^[\da-f]{32}$/
const ZEROS = /^0+$/
const w3cTraceId = (value: unknown) => (typeof value === 'string' && W3C_TRACE_ID.test(value) && !ZEROS.test(value) ? value : undefined)

/**
 * The trace id the next OpenTelemetry root span takes (infra/observe/tracing.ts reads it): the
 * request span @fastify/otel starts in its onRequest hook, which runs in the same synchronous
 * stretch as `genReqId`, with nothing in between. Cleared by this plugin's own hook after it.
 */
export const nextRootTraceId: { value: string | undefined } = { value: undefined }

/**
 * `genReqId` with traces on (OTEL_EXPORTER_OTLP_ENDPOINT): the id must be the request's W3C trace id.
 * An incoming `traceparent` decides it (the span continues the caller's trace); else the caller's
 * `_tid` when it has that shape (the portal's has), else a new one, which the request's root span takes.
 */
export function tracedRequestId(raw: IncomingMessage): string {
  const parent = raw.headers.traceparent
  const continued = typeof parent === 'string' ? w3cTraceId(W3C_TRACEPARENT.exec(parent)?.[1]) : undefined
  if (continued) return continued
  const id = w3cTraceId(raw.headers[HEADERS.traceId]) ?? newTraceId()
  nextRootTraceId.value = id
  return id
}

/** Echoes the trace id (the request id of every log line) in `x-trace-id`. */
export default fp(
  async (fastify) => {
    fastify.addHook('onRequest', (request, reply, done) => {
      nextRootTraceId.value = undefined
      reply.header('x-trace-id', request.id)
      done()
    })
  },
  { name: 'trace' },
)
