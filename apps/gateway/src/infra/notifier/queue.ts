import type { Locale } from '@ess/contract'
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { outboxMessage } from '../../db/schema'
import { DeliveryError, type QueuedMessage, type Transport } from './delivery'
import type { Channel, DeliveryOutcome, Notifier, OutgoingMessage, SendOptions, SentMessage } from './notifier'
import { SECRET_PARAMS } from './sms/parameters'
import { type TemplateName, renderMessage } from './templates'

export interface QueueOptions {
  db: Database
  /** Where each channel goes; a channel without one is delivered to the outbox (this table) at once. */
  transports: Partial<Record<Channel, Transport>>
  /** Drop the secret parameters (the code) once a real transport took (or refused) the message. */
  dropSecrets: boolean
  /** Drop them from outbox messages too (production: nobody reads the outbox there). */
  dropOutboxSecrets: boolean
  /** Attempts in all before a message that keeps failing transiently is given up. */
  maxAttempts: number
  /** Backoff: base·2^(attempt-1), at most an hour. */
  retryBaseMs: number
  /** How long a worker holds a message it is delivering (longer than the provider's timeout). */
  leaseMs: number
  pollMs: number
  /**
   * This process alone uses the database (PGlite): at start, messages leased by a process that
   * died are due at once instead of at the end of their lease.
   */
  exclusive: boolean
  /** How long `outcome()` waits for the first attempt by default. */
  sendWaitMs: number
  now: () => Date
  log: FastifyBaseLogger
}

export interface MessageQueue extends Notifier {
  /** Delivers what is due now (first attempts, retries, messages of a gateway that died); resolves with how many were tried. */
  sweep(): Promise<number>
  /** Sweeps every `pollMs` (when a channel has a transport). */
  start(): void
  stop(): Promise<void>
}

const MASK = '******'
const MAX_BACKOFF_MS = 3_600_000

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
 * The send queue (GUIDE §4): `outbox_message` rows written by the request — in the caller's
 * transaction when it gives one — and delivered by a worker in every gateway. A worker takes a
 * due message with FOR UPDATE SKIP LOCKED and holds it for `leaseMs` (its `next_attempt_at` moves
 * past the lease), so two gateways never deliver one message together, and a message whose
 * gateway died mid-delivery is due again once the lease ends. Outcome, attempts, the provider's
 * message id and last error code are recorded on the row.
 *
 * Not pg-boss: the message row is the job (one table, one transaction with the caller's state,
 * identical on PGlite and PostgreSQL); see README "SMS and email delivery".
 */
export function createMessageQueue(options: QueueOptions): MessageQueue {
  const { db, transports, log } = options
  const attempts = new Map<number, Promise<DeliveryOutcome>>()
  let timer: NodeJS.Timeout | undefined
  let sweeping: Promise<number> | undefined

  /** Takes one due message (the given one, or the oldest due), leasing it; undefined when none is due. */
  async function claim(id?: number) {
    const now = options.now()
    const due = db
      .select({ id: outboxMessage.id })
      .from(outboxMessage)
      .where(and(eq(outboxMessage.state, 'queued'), lte(outboxMessage.nextAttemptAt, now), id === undefined ? undefined : eq(outboxMessage.id, id)))
      .orderBy(outboxMessage.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true })
    const [row] = await db
      .update(outboxMessage)
      .set({ attempts: sql`${outboxMessage.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + options.leaseMs) })
      .where(inArray(outboxMessage.id, due))
      .returning()
    return row
  }

  async function deliver(row: typeof outboxMessage.$inferSelect): Promise<DeliveryOutcome> {
    const message: QueuedMessage = {
      id: row.id,
      channel: row.channel as Channel,
      to: row.recipient,
      locale: row.locale as Locale,
      template: row.template as TemplateName,
      params: row.params,
      subject: row.subject,
      body: row.body,
      idempotencyKey: row.idempotencyKey,
    }
    const transport = transports[message.channel]
    // Fenced by the attempt number: a worker whose lease ran out does not overwrite a newer attempt.
    const mine = and(eq(outboxMessage.id, row.id), eq(outboxMessage.attempts, row.attempts))
    const scrubbed = options.dropSecrets ? withoutSecrets(message) : undefined
    try {
      if (!transport) throw new DeliveryError(true, 'no-transport', `no transport for ${message.channel}`)
      const { providerMessageId } = await transport.deliver(message)
      await db
        .update(outboxMessage)
        .set({ state: 'delivered', providerMessageId, deliveredAt: options.now(), nextAttemptAt: null, lastError: null, ...scrubbed })
        .where(mine)
      log.info({ messageId: row.id, transport: row.transport, template: row.template, attempt: row.attempts }, 'message delivered')
      return 'delivered'
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError(false, 'error', String(error), { cause: error })
      const last = failure.permanent || row.attempts >= options.maxAttempts
      const backoff = Math.min(options.retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS)
      await db
        .update(outboxMessage)
        .set(
          last
            ? { state: 'failed', lastError: failure.code, nextAttemptAt: null, ...scrubbed }
            : { lastError: failure.code, nextAttemptAt: new Date(options.now().getTime() + backoff) },
        )
        .where(mine)
      log[last ? 'error' : 'warn'](
        { messageId: row.id, transport: row.transport, template: row.template, attempt: row.attempts, code: failure.code, err: failure },
        last ? 'message not delivered (given up)' : 'message not delivered (will retry)',
      )
      return last ? 'failed' : 'pending'
    }
  }

  /** One attempt at one message, at most one at a time per message in this process. */
  function attempt(id: number): Promise<DeliveryOutcome> {
    const running = attempts.get(id)
    if (running) return running
    const started = claim(id)
      .then((row) => (row ? deliver(row) : stateOf(id)))
      .catch((error: unknown) => {
        log.error({ err: error, messageId: id }, 'message delivery attempt failed')
        return 'pending' as const
      })
      .finally(() => attempts.delete(id))
    attempts.set(id, started)
    return started
  }

  async function stateOf(id: number): Promise<DeliveryOutcome> {
    const [row] = await db.select({ state: outboxMessage.state }).from(outboxMessage).where(eq(outboxMessage.id, id))
    return row?.state === 'delivered' ? 'delivered' : row?.state === 'failed' ? 'failed' : 'pending'
  }

  const sent = (id: number, state: DeliveryOutcome): SentMessage => ({
    id,
    outcome: async (waitMs = options.sendWaitMs) => {
      if (state !== 'pending') return state
      let timeout: NodeJS.Timeout | undefined
      const waited = new Promise<DeliveryOutcome>((resolve) => {
        timeout = setTimeout(() => resolve('pending'), waitMs)
      })
      try {
        return await Promise.race([attempt(id), waited])
      } finally {
        clearTimeout(timeout)
      }
    },
  })

  async function sweep(): Promise<number> {
    let tried = 0
    for (;;) {
      const row = await claim()
      if (!row) return tried
      tried++
      const running = deliver(row).finally(() => attempts.delete(row.id))
      attempts.set(row.id, running)
      await running
    }
  }

  function sweepOnce(): Promise<number> {
    sweeping ??= sweep().finally(() => {
      sweeping = undefined
    })
    return sweeping
  }

  return {
    async send(message: OutgoingMessage, { tx, idempotencyKey }: SendOptions = {}) {
      const transport = transports[message.channel]
      const { subject, body } = renderMessage(message.channel, message.template, message.params, message.locale)
      const row = { channel: message.channel, template: message.template, params: message.params as Record<string, string>, locale: message.locale }
      const outboxScrubbed = !transport && options.dropOutboxSecrets ? withoutSecrets(row) : undefined
      const now = options.now()
      const [inserted] = await (tx ?? db)
        .insert(outboxMessage)
        .values({
          ...row,
          recipient: message.to,
          subject: subject ?? null,
          body,
          idempotencyKey,
          transport: transport?.name ?? 'outbox',
          state: transport ? 'queued' : 'delivered',
          nextAttemptAt: transport ? now : null,
          deliveredAt: transport ? null : now,
          ...outboxScrubbed,
        })
        .onConflictDoNothing({ target: outboxMessage.idempotencyKey })
        .returning({ id: outboxMessage.id })
      if (!inserted) {
        // The same request again: the message it queued the first time.
        const [first] = await (tx ?? db)
          .select({ id: outboxMessage.id, state: outboxMessage.state })
          .from(outboxMessage)
          .where(eq(outboxMessage.idempotencyKey, idempotencyKey as string))
        return sent(first.id, first.state === 'queued' ? 'pending' : first.state)
      }
      if (!transport) return sent(inserted.id, 'delivered')
      // Outside a transaction the message is visible now: the first attempt starts at once.
      if (!tx) void attempt(inserted.id)
      return sent(inserted.id, 'pending')
    },
    sweep: sweepOnce,
    start() {
      if (timer || !Object.keys(transports).length) return
      const tick = () => {
        sweepOnce().catch((error: unknown) => log.error({ err: error }, 'message queue sweep failed'))
      }
      timer = setInterval(tick, options.pollMs)
      timer.unref()
      if (!options.exclusive) return tick()
      db.update(outboxMessage)
        .set({ nextAttemptAt: options.now() })
        .where(eq(outboxMessage.state, 'queued'))
        .then(tick, (error: unknown) => log.error({ err: error }, 'message queue could not take over the messages left'))
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await Promise.allSettled([sweeping, ...attempts.values()])
    },
  }
}
