import type { Locale } from '@ess/contract'
import type { Channel } from './notifier'
import type { TemplateName } from './templates'

/** A message as the queue hands it to a transport. */
export interface QueuedMessage {
  id: number
  channel: Channel
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

/** Delivers one message (an SMS provider, SMTP). */
export interface Transport {
  readonly name: string
  deliver(message: QueuedMessage): Promise<{ providerMessageId?: string }>
}
