import { desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { outboxMessage } from '../../db/schema'

/** The messages of the queue, as /dev/outbox shows them (outside production only). */
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
      transport: outboxMessage.transport,
      state: outboxMessage.state,
    })
    .from(outboxMessage)
    .where(to === undefined ? undefined : eq(outboxMessage.recipient, to))
    .orderBy(desc(outboxMessage.id))
    .limit(limit)
}
