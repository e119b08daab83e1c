import type { Locale } from '@ess/contract'
import { type SQL, and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { Database, DatabaseHandle } from '../../db/client'
import { countMessageQueued } from '../observe/signals'
import { outboxMessage } from '../../db/schema'
import { DAILY_LIMIT_CODES, DeliveryError, type QueuedMessage, type Transport } from './delivery'
import type { DeliveryOutcome, QueueChannel, Notifier, OutgoingMessage, SendOptions, SentMessage } from './notifier'
import { SECRET_PARAMS } from './sms/parameters'
import { type TemplateName, renderMessage } from './templates'

export interface QueueOptions {
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>
  /** Where each channel goes; a channel without one is delivered to the outbox (this table) at once. */
  transports: Partial<Record<QueueChannel, Transport>>
  /** Drop the secret parameters (the code) once a real transport took (or refused) the message. */
  dropSecrets: boolean
  /** Drop them from outbox messages too (production: nobody reads the outbox there). */
  dropOutboxSecrets: boolean
  /** Attempts in all before a message that keeps failing transiently is given up. */
  maxAttempts: number
  /** Backoff of the retries: about this, then twice as long each time (pg-boss counts whole seconds). */
  retryBaseMs: number
  /**
   * How long a worker may hold a message it is delivering (longer than the provider's timeout):
   * past it, the job counts as failed and is retried (by any gateway).
   */
  leaseMs: number
  /** How often an idle worker asks for due messages (pg-boss: at least 0.5 s). */
  pollMs: number
  /** How long `outcome()` waits for the first attempt by default. */
  sendWaitMs: number
  /** The clock of the rows' times (tests move it); due times are the database's. */
  now: () => Date
  log: FastifyBaseLogger
}

export interface MessageQueue extends Notifier {
  /** Starts the job store and the worker (when a channel has a transport); a send outside a transaction starts it too. */
  start(): Promise<void>
  /** Stops the worker after the deliveries in progress; what is left stays queued for the next start. */
  stop(): Promise<void>
  /** Asks this process's worker to look now for messages queued in a transaction that committed. */
  wake(): void
}

/** The pg-boss queue of the messages a transport delivers; a job carries the message row's id. */
export const SEND_QUEUE = 'outbox-message'
interface SendJob {
  messageId: number
}

const MASK = '******'
/** How often a worker with nothing in hand looks for messages whose gateway died (pg-boss maintenance). */
const MAINTENANCE_S = 10

/** The message with its secret parameters masked, and its text rendered again from them. */
function withoutSecrets(row: Pick<QueuedMessage, 'channel' | 'template' | 'params' | 'locale'>) {
  const secrets = SECRET_PARAMS[row.template] ?? []
  if (!secrets.length) return undefined
  const params = { ...row.params }
  for (const name of secrets) if (name in params) params[name] = MASK
  const { subject, body } = renderMessage(row.channel, row.template, params as never, row.locale)
  return { params, subject: subject ?? null, body }
}

/**
 * pg-boss's statement on the caller's transaction: its `$n` text and values as one drizzle SQL,
 * so the job is written (or rolled back) with the message and the state that needs it.
 */
/**
 * Creates a pg-boss queue unless it is there. Gateways starting together race on the create: the
 * loser fails ("already exists", or on PostgreSQL a deadlock between the two creates, seen in the
 * notices' two-gateway test), and the winner's create may not have committed yet when the loser
 * looks. So the loser looks again for a few seconds, and tries once more before giving up.
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await boss.getQueue(name)) return
    try {
      await boss.createQueue(name, { name, ...options })
      return
    } catch (error) {
      const end = Date.now() + 5_000
      while (Date.now() < end) {
        if (await boss.getQueue(name)) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      if (attempt >= 1) throw error
    }
  }
}

export function inTransaction(tx: Database): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/)
      // pg sends undefined as NULL; drizzle would drop it from the statement.
      const chunks: SQL[] = parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part)))
      return (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] }
    },
  }
}

/**
 * The send queue (GUIDE §4), on pg-boss: the request writes the message as a row of
 * `outbox_message` and a pg-boss job naming it, in the caller's transaction when it gives one; a
 * worker in every gateway takes due jobs (pg-boss's FOR UPDATE SKIP LOCKED), delivers through the
 * channel's transport and records the outcome, attempts, the provider's message id and last error
 * on the row. Transient failures are thrown back to pg-boss, which retries with exponential backoff
 * (and jitter) up to `maxAttempts`; permanent ones end the job. A job held past `leaseMs` by a
 * gateway that died is retried by pg-boss's maintenance. Each attempt is fenced by the row's
 * attempt count, so an attempt whose lease ran out never overwrites a newer one.
 *
 * pg-boss keeps its tables in the `pgboss` schema of the same database (PGlite or PostgreSQL) and
 * migrates them itself at start. A process whose channels all go to the outbox never starts it.
 */
export function createMessageQueue(options: QueueOptions): MessageQueue {
  const { database, transports, log } = options
  const { db } = database
  const transported = Object.keys(transports).length > 0
  const jobOptions = {
    retryLimit: options.maxAttempts - 1,
    retryDelay: Math.max(1, Math.round(options.retryBaseMs / 1000)),
    retryBackoff: true,
    expireInSeconds: Math.max(1, Math.ceil(options.leaseMs / 1000)),
  }
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: Math.min(MAINTENANCE_S, jobOptions.expireInSeconds),
  })
  boss.on('error', (error) => log.error({ err: error }, 'message queue error'))

  let ready: Promise<string> | undefined
  let stopping = false
  /** Callers waiting for the end of an attempt at a message, by message id (this process's worker tells them). */
  const waiting = new Map<number, Set<(outcome: DeliveryOutcome) => void>>()
  const tell = (id: number, outcome: DeliveryOutcome) => {
    for (const resolve of waiting.get(id) ?? []) resolve(outcome)
    waiting.delete(id)
  }

  /** The job store and this process's worker; resolves with the worker's id. */
  function started(): Promise<string> {
    ready ??= (async () => {
      await boss.start()
      await ensureQueue(boss, SEND_QUEUE, jobOptions)
      return boss.work<SendJob>(
        SEND_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: Math.max(0.5, options.pollMs / 1000) },
        ([job]) => deliver(job.data.messageId, job.retryCount >= job.retryLimit),
      )
    })()
    return ready
  }

  /**
   * One attempt at one message, run by pg-boss's worker. Resolves when the attempt is over for good
   * (delivered, refused, given up, or already done); throws to have pg-boss retry it.
   */
  async function deliver(id: number, lastTry: boolean): Promise<void> {
    const [row] = await db
      .update(outboxMessage)
      .set({ attempts: sql`${outboxMessage.attempts} + 1` })
      .where(and(eq(outboxMessage.id, id), eq(outboxMessage.state, 'queued')))
      .returning()
    if (!row) return // delivered or given up by an earlier attempt
    const message: QueuedMessage = {
      id: row.id,
      channel: row.channel as QueueChannel,
      to: row.recipient,
      locale: row.locale as Locale,
      template: row.template as TemplateName,
      params: row.params,
      subject: row.subject,
      body: row.body,
      idempotencyKey: row.idempotencyKey,
    }
    const transport = transports[message.channel]
    const mine = and(eq(outboxMessage.id, row.id), eq(outboxMessage.attempts, row.attempts))
    const scrubbed = options.dropSecrets ? withoutSecrets(message) : undefined
    const context = { messageId: row.id, transport: row.transport, template: row.template, attempt: row.attempts }
    try {
      if (!transport) throw new DeliveryError(true, 'no-transport', `no transport for ${message.channel}`)
      const { providerMessageId } = await transport.deliver(message)
      await db
        .update(outboxMessage)
        .set({ state: 'delivered', providerMessageId, deliveredAt: options.now(), lastError: null, ...scrubbed })
        .where(mine)
      log.info(context, 'message delivered')
      tell(id, 'delivered')
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError(false, 'error', String(error), { cause: error })
      const last = failure.permanent || lastTry
      await db
        .update(outboxMessage)
        .set(last ? { state: 'failed', lastError: failure.code, ...scrubbed } : { lastError: failure.code })
        .where(mine)
      log[last ? 'error' : 'warn']({ ...context, code: failure.code, err: failure }, last ? 'message not delivered (given up)' : 'message not delivered (will retry)')
      tell(id, last ? (DAILY_LIMIT_CODES.has(failure.code) ? 'limited' : 'failed') : 'pending')
      if (!last) throw failure
    }
  }

  /** Asks this process's worker to look for jobs now instead of at its next poll. */
  const wake = () => {
    if (!ready || stopping) return
    ready.then((worker) => boss.notifyWorker(worker)).catch(() => {})
  }

  async function stateOf(id: number): Promise<DeliveryOutcome | undefined> {
    const [row] = await db
      .select({ state: outboxMessage.state, attempts: outboxMessage.attempts, lastError: outboxMessage.lastError })
      .from(outboxMessage)
      .where(eq(outboxMessage.id, id))
    if (row?.state === 'failed' && row.lastError && DAILY_LIMIT_CODES.has(row.lastError)) return 'limited'
    if (row?.state === 'delivered' || row?.state === 'failed') return row.state
    return row && row.attempts > 0 && row.lastError ? 'pending' : undefined
  }

  /** The end of the first attempt: told by this process's worker, or read from the row (another gateway's worker). */
  function firstAttempt(id: number, waitMs: number): Promise<DeliveryOutcome> {
    return new Promise<DeliveryOutcome>((resolve) => {
      let done = false
      const finish = (outcome: DeliveryOutcome) => {
        if (done) return
        done = true
        clearTimeout(timeout)
        clearInterval(poll)
        waiting.get(id)?.delete(finish)
        resolve(outcome)
      }
      const timeout = setTimeout(() => finish('pending'), waitMs)
      const poll = setInterval(() => {
        stateOf(id).then((outcome) => outcome && finish(outcome), () => {})
      }, 100)
      const listeners = waiting.get(id) ?? new Set()
      listeners.add(finish)
      waiting.set(id, listeners)
      stateOf(id).then((outcome) => outcome && finish(outcome), () => {})
      wake()
    })
  }

  const sent = (id: number, state: DeliveryOutcome): SentMessage => ({
    id,
    outcome: async (waitMs = options.sendWaitMs) => {
      if (state !== 'pending') return state
      if (waitMs <= 0) {
        wake()
        return 'pending'
      }
      return firstAttempt(id, waitMs)
    },
  })

  return {
    async send(message: OutgoingMessage, { tx, idempotencyKey }: SendOptions = {}) {
      const transport = transports[message.channel]
      transport?.check?.({ to: message.to, template: message.template })
      if (transport) {
        // Starting runs pg-boss's own statements, which a PGlite transaction in progress would hold up for ever.
        if (tx && !ready) throw new Error('the message queue must be started before a send in a transaction')
        await started()
      }
      const { subject, body } = renderMessage(message.channel, message.template, message.params, message.locale)
      const row = { channel: message.channel, template: message.template, params: message.params as Record<string, string>, locale: message.locale }
      const outboxScrubbed = !transport && options.dropOutboxSecrets ? withoutSecrets(row) : undefined
      const write = async (into: Database) => {
        const [inserted] = await into
          .insert(outboxMessage)
          .values({
            ...row,
            recipient: message.to,
            subject: subject ?? null,
            body,
            idempotencyKey,
            transport: transport?.name ?? 'outbox',
            state: transport ? 'queued' : 'delivered',
            deliveredAt: transport ? null : options.now(),
            ...outboxScrubbed,
          })
          .onConflictDoNothing({ target: outboxMessage.idempotencyKey })
          .returning({ id: outboxMessage.id })
        if (inserted && transport) {
          await boss.send(SEND_QUEUE, { messageId: inserted.id } satisfies SendJob, { ...jobOptions, db: inTransaction(into) })
        }
        return inserted
      }
      // The message and its job together: in the caller's transaction, or in one of their own.
      const inserted = tx ? await write(tx) : transport ? await db.transaction(write) : await write(db)
      if (!inserted) {
        // The same request again: the message it queued the first time.
        const [first] = await (tx ?? db)
          .select({ id: outboxMessage.id, state: outboxMessage.state })
          .from(outboxMessage)
          .where(eq(outboxMessage.idempotencyKey, idempotencyKey as string))
        return sent(first.id, first.state === 'queued' ? 'pending' : ((await stateOf(first.id)) ?? 'pending'))
      }
      countMessageQueued(message.channel, message.template)
      if (!transport) return sent(inserted.id, 'delivered')
      // Outside a transaction the job is visible now: the worker takes it at once.
      if (!tx) wake()
      return sent(inserted.id, 'pending')
    },
    async start() {
      if (transported) await started()
    },
    wake,
    async stop() {
      if (!ready) return
      stopping = true
      await ready.catch(() => {})
      // Waits for the delivery in hand; a job it could not finish is failed back to pg-boss (retried).
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.leaseMs })
    },
  }
}
