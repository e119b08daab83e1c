import type { Locale } from '@ess/contract'
import type { Database } from '../../db/client'
import type { TemplateName, TemplateParams } from './templates'

/** The channels of a user's contacts. */
export type Channel = 'sms' | 'email'
/** Every channel of the send queue: the contacts' and WeChat subscribe messages (to a mini-program open id). */
export type QueueChannel = Channel | 'wechat'

type ContactTemplate = Exclude<TemplateName, 'subscribeMessage'>

export type OutgoingMessage =
  | { [N in ContactTemplate]: { channel: Channel; to: string; locale: Locale; template: N; params: TemplateParams[N] } }[ContactTemplate]
  | { channel: 'wechat'; to: string; locale: Locale; template: 'subscribeMessage'; params: TemplateParams['subscribeMessage'] }

export interface SendOptions {
  /** The transaction of the state that needs the message: the message is queued only if it commits. */
  tx?: Database
  /** One message per key: a second send with the same key is the first one (a retried request). */
  idempotencyKey?: string
}

/**
 * How far a message went: taken by the transport, refused for good, refused for good because the
 * provider's daily limit for the number (or the application) is reached, or still in the queue (retrying).
 */
export type DeliveryOutcome = 'delivered' | 'failed' | 'limited' | 'pending'

/** A message accepted by the queue. */
export interface SentMessage {
  id: number
  /**
   * Waits (at most `waitMs`, the configured SMS_SEND_WAIT_MS by default) for the first delivery
   * attempt. Call it after the transaction given to `send` committed.
   */
  outcome(waitMs?: number): Promise<DeliveryOutcome>
}

/** The one port every SMS and email goes through: `send` queues durably; a worker delivers. */
export interface Notifier {
  /**
   * Throws a permanent DeliveryError, before anything is written, for a message the configured
   * transport can never deliver (an SMS to a region without a template).
   */
  send(message: OutgoingMessage, options?: SendOptions): Promise<SentMessage>
}
