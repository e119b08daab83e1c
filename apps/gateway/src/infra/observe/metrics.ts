import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { DatabaseHandle } from '../../db/client'
import { passwordWork } from '../crypto/password-hash'
import { cacheReads, messagesQueued, signIn } from './signals'

/**
 * The Prometheus metrics of one gateway, loaded only when METRICS_PORT is set (plugins/metrics.ts
 * imports this module then): prom-client and its event-loop monitor cost nothing otherwise.
 */
export interface Metrics {
  readonly registry: Registry
  /** One answered request: the route's pattern (never the raw URL), method, status, seconds. */
  observeRequest(route: string, method: string, status: number, seconds: number): void
  /** One database statement (or PGlite transaction), in seconds. */
  observeDatabase(seconds: number): void
  /** One KV call by operation, in seconds. */
  observeKv(operation: string, seconds: number): void
  /** Serves GET /metrics on its own listener; resolves with its port. */
  listen(port: number, host: string): Promise<number>
  /** The listener's URL of the metrics once listening. */
  readonly url: string | undefined
  close(): Promise<void>
}

/** Seconds: from a cached answer (≈1 ms) to a slow sign-in's argon2 work and SMS wait (seconds). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

/** What is not delivered, by channel and state, with the age of the oldest message still queued (the partial index outbox_message_undelivered_idx). */
const QUEUE_SQL = `select channel, state, count(*)::int as count,
  coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
  from outbox_message where state <> 'delivered' group by channel, state`

const CHANNELS = ['sms', 'email'] as const

interface QueueRow {
  channel: string
  state: 'queued' | 'failed'
  count: number
  oldest: number
}

export function createMetrics(store: Pick<DatabaseHandle, 'executeSql'>): Metrics {
  const registry = new Registry()
  // Heap, RSS, event-loop lag (nodejs_eventloop_lag_*), GC, handles: prom-client's own set.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
  // Gauges named like counters, which promtool's lint refuses; the handle counts are of little use here.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name)

  const requests = new Histogram({
    name: 'ess_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  })
  const queries = new Histogram({
    name: 'ess_db_query_duration_seconds',
    help: 'Time of one database statement (PGlite: one statement or transaction).',
    buckets: STORE_BUCKETS,
    registers: [registry],
  })
  const kv = new Histogram({
    name: 'ess_kv_call_duration_seconds',
    help: 'Time of one KV (Redis or memory) call, by operation.',
    labelNames: ['operation'] as const,
    buckets: STORE_BUCKETS,
    registers: [registry],
  })

  // The counters of signals.ts, read at each scrape: each label set set to the process's total.
  new Counter({
    name: 'ess_sign_in_failures_total',
    help: 'Password sign-ins refused (wrong password or unknown account).',
    registers: [registry],
    collect() {
      this.reset()
      this.inc(signIn.failures)
    },
  })
  new Counter({
    name: 'ess_sign_in_lockouts_total',
    help: 'Accounts (or typed names) locked by repeated sign-in failures.',
    registers: [registry],
    collect() {
      this.reset()
      this.inc(signIn.lockouts)
    },
  })
  new Counter({
    name: 'ess_messages_queued_total',
    help: 'Messages queued for sending, by channel and template (verification codes: template="verificationCode").',
    labelNames: ['channel', 'template'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const [channel, byTemplate] of messagesQueued) for (const [template, count] of byTemplate) this.inc({ channel, template }, count)
    },
  })
  new Counter({
    name: 'ess_read_cache_hits_total',
    help: 'Reads answered from an in-memory read cache, by cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const [cache, counts] of cacheReads) this.inc({ cache }, counts.hits)
    },
  })
  new Counter({
    name: 'ess_read_cache_misses_total',
    help: 'Reads of an in-memory read cache that loaded from the stores, by cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const [cache, counts] of cacheReads) this.inc({ cache }, counts.misses)
    },
  })
  // The password-hashing line (infra/crypto/password-work.ts), read at each scrape.
  new Gauge({
    name: 'ess_password_hash_in_flight',
    help: 'Password hashes and verifications (argon2id) started and not finished: running on the thread pool or waiting in line.',
    registers: [registry],
    collect() {
      const { running, waiting } = passwordWork.state()
      this.set(running + waiting)
    },
  })
  new Gauge({
    name: 'ess_password_hash_waiting',
    help: 'Password hashes and verifications waiting in line for a free slot (PASSWORD_HASH_CONCURRENCY run at once).',
    registers: [registry],
    collect() {
      this.set(passwordWork.state().waiting)
    },
  })
  new Counter({
    name: 'ess_password_work_busy_total',
    help: 'Calls with a password refused at once as busy (PASSWORD_WORK_BUSY): the line would not have cleared within PASSWORD_HASH_MAX_WAIT_MS.',
    registers: [registry],
    collect() {
      this.reset()
      this.inc(passwordWork.state().refused)
    },
  })

  // The send queue: one query a scrape, shared by its three gauges; every channel named, 0 when none.
  let queueRead: Promise<QueueRow[]> | undefined
  const queueRows = () => {
    queueRead ??= store
      .executeSql(QUEUE_SQL)
      .then((result) => result.rows as QueueRow[])
      .finally(() => setImmediate(() => (queueRead = undefined)))
    return queueRead
  }
  const queueGauge = (name: string, help: string, state: QueueRow['state'], field: 'count' | 'oldest') =>
    new Gauge({
      name,
      help,
      labelNames: ['channel'] as const,
      registers: [registry],
      async collect() {
        const values = new Map<string, number>(CHANNELS.map((channel) => [channel, 0]))
        for (const row of await queueRows()) if (row.state === state) values.set(row.channel, Math.max(0, Number(row[field])))
        for (const [channel, value] of values) this.set({ channel }, value)
      },
    })
  queueGauge('ess_send_queue_waiting', 'Messages queued and not yet delivered, by channel.', 'queued', 'count')
  queueGauge('ess_send_queue_failed', 'Messages given up (failed for good) and kept, by channel.', 'failed', 'count')
  queueGauge('ess_send_queue_oldest_waiting_seconds', 'Age of the oldest message still queued, by channel (0 when none).', 'queued', 'oldest')

  let server: Server | undefined
  let url: string | undefined
  return {
    registry,
    get url() {
      return url
    },
    observeRequest: (route, method, status, seconds) => requests.observe({ route, method, status }, seconds),
    observeDatabase: (seconds) => queries.observe(seconds),
    observeKv: (operation, seconds) => kv.observe({ operation }, seconds),
    listen(port, host) {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404).end()
          return
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}\n`),
        )
      })
      const listening = server
      return new Promise((resolve, reject) => {
        listening.once('error', reject)
        listening.listen(port, host, () => {
          const { port: bound } = listening.address() as AddressInfo
          url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`
          resolve(bound)
        })
      })
    },
    async close() {
      registry.clear()
      const closing = server
      server = undefined
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
  }
}

