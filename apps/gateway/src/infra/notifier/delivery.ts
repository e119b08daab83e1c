import type { Locale } from '@ess/contract'
import type { QueueChannel } from './notifier'
import type { TemplateName } from './templates'

/** A message as the queue hands it to a transport. */
export interface QueuedMessage {
  id: number
  channel: QueueChannel
  to: string
  locale: Locale
  template: TemplateName
  params: Record<string, string>
  subject: string | null
  body: string
  idempotencyKey: string | null
}

/**
 * Why a transport did not deliver: `permanent` failures (invalid number, template refused, bad
 * credentials) are never retried; transient ones (rate limited, provider or network down) are.
 */
export class DeliveryError extends Error {
  constructor(
    readonly permanent: boolean,
    /** The provider's code (isv.MOBILE_NUMBER_ILLEGAL, LimitExceeded.PhoneNumberDailyLimit, …) or `network`. */
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'DeliveryError'
  }
}

/**
 * The providers' daily limits (Aliyun per number; Tencent per number and per application): they
 * reset only the next day, so the message is refused for good and the user told so.
 */
export const DAILY_LIMIT_CODES: ReadonlySet<string> = new Set(['isv.DAY_LIMIT_CONTROL', 'LimitExceeded.PhoneNumberDailyLimit', 'LimitExceeded.AppDailyLimit'])

/** Delivers one message (an SMS provider, SMTP). */
export interface Transport {
  readonly name: string
  /** Throws a permanent DeliveryError for a message this transport can never deliver (checked before it is queued). */
  check?(message: Pick<QueuedMessage, 'to' | 'template'>): void
  deliver(message: QueuedMessage): Promise<{ providerMessageId?: string }>
}
