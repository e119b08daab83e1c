import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Messages of the notifier's outbox adapter (SMS always; email when no SMTP server is set). */
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
  },
  (t) => [index('outbox_message_recipient_idx').on(t.recipient, t.id)],
)
