import nodemailer from 'nodemailer'
import { DeliveryError, type Transport } from './delivery'

/** SMTP reply codes 5xx are final (mailbox unknown, refused); anything else (4xx, network) is retried. */
function classify(error: unknown): DeliveryError {
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string }
  const permanent = typeof responseCode === 'number' && responseCode >= 500
  return new DeliveryError(permanent, responseCode ? `smtp.${responseCode}` : (code ?? 'network'), message ?? String(error), { cause: error })
}

/** Email through an SMTP server (nodemailer); `url` like smtp://user:pass@host:587 or smtps://host:465. */
export function smtpTransport({ url, from }: { url: string; from: string }): Transport & { close(): void } {
  const transport = nodemailer.createTransport(url)
  return {
    name: 'smtp',
    async deliver(message) {
      try {
        const info = await transport.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.body })
        return { providerMessageId: info.messageId }
      } catch (error) {
        throw classify(error)
      }
    },
    close: () => transport.close(),
  }
}
