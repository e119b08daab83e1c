import type { Locale } from '@ess/contract'
import type { TemplateName, TemplateParams } from './templates'

export type Channel = 'sms' | 'email'

export type OutgoingMessage = {
  [N in TemplateName]: { channel: Channel; to: string; locale: Locale; template: N; params: TemplateParams[N] }
}[TemplateName]

/** The one port every SMS and email goes through. */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>
}
