import type { Database } from '../../db/client'
import type { Notifier } from './notifier'
import { outboxNotifier } from './outbox'
import { smtpNotifier } from './smtp'

export type { Channel, Notifier, OutgoingMessage } from './notifier'

/** SMS go to the outbox; email to SMTP when configured, else to the outbox too. */
export function createNotifier(db: Database, smtp?: { url: string; from: string }): Notifier & { close(): void } {
  const outbox = outboxNotifier(db)
  const mail = smtp ? smtpNotifier(smtp) : undefined
  return {
    send: (message) => (message.channel === 'email' && mail ? mail : outbox).send(message),
    close: () => mail?.close(),
  }
}
