import { desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { outboxMessage } from '../../db/schema'
import type { Notifier } from './notifier'
import { renderMessage } from './templates'

/** The default adapter: messages are stored in the database (and shown at /dev/outbox outside production). */
export function outboxNotifier(db: Database): Notifier {
  return {
    async send(message) {
      const { subject, body } = renderMessage(message.channel, message.template, message.params, message.locale)
      await db.insert(outboxMessage).values({
        channel: message.channel,
        recipient: message.to,
        locale: message.locale,
        template: message.template,
        params: message.params,
        subject,
        body,
      })
    },
  }
}

export interface OutboxQuery {
  to?: string
  limit: number
}

/** Newest first. */
export function listOutboxMessages(db: Database, { to, limit }: OutboxQuery) {
  return db
    .select({
      id: outboxMessage.id,
      channel: outboxMessage.channel,
      to: outboxMessage.recipient,
      locale: outboxMessage.locale,
      template: outboxMessage.template,
      params: outboxMessage.params,
      subject: outboxMessage.subject,
      body: outboxMessage.body,
      createdAt: outboxMessage.createdAt,
    })
    .from(outboxMessage)
    .where(to === undefined ? undefined : eq(outboxMessage.recipient, to))
    .orderBy(desc(outboxMessage.id))
    .limit(limit)
}
