import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Every SMS and email, and what became of it (infra/notifier/queue.ts). A message is written by the
 * request (in the transaction of the state that needs it, with its pg-boss job) and delivered by a worker:
 * `transport` says through what (`outbox`: this table is the delivery; `aliyun`, `tencent`, `smtp`),
 * `state` how far it went (`queued` → `delivered` | `failed`). Secret parameters (the code) are
 * dropped once a real transport took the message (outside development).
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    locale: text().notNull(),
    template: text().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull(),
    subject: text(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** One message per request: a second write with the same key is ignored. */
    idempotencyKey: text(),
    transport: text().notNull().default('outbox'),
    state: text().$type<'queued' | 'delivered' | 'failed'>().notNull().default('delivered'),
    attempts: integer().notNull().default(0),
    providerMessageId: text(),
    /** The provider's code of the last failure (e.g. isv.MOBILE_NUMBER_ILLEGAL). */
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_message_recipient_idx').on(t.recipient, t.id),
    uniqueIndex('outbox_message_idempotency_key_idx').on(t.idempotencyKey),
    // The send-queue metrics count what is not delivered at every scrape: without this, a scan of every message ever sent.
    index('outbox_message_undelivered_idx').on(t.channel, t.state, t.createdAt).where(sql`${t.state} <> 'delivered'`),
  ],
)
