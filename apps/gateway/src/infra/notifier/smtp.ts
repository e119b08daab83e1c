import nodemailer from 'nodemailer'
import type { Notifier } from './notifier'
import { renderMessage } from './templates'

/** Email through an SMTP server (nodemailer); `url` like smtp://user:pass@host:587 or smtps://host:465. */
export function smtpNotifier({ url, from }: { url: string; from: string }): Notifier & { close(): void } {
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      const { subject, body } = renderMessage('email', message.template, message.params, message.locale)
      await transport.sendMail({ from, to: message.to, subject, text: body })
    },
    close: () => transport.close(),
  }
}
