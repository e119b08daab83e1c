import type { Locale } from '@ess/contract'
import type { Database } from '../../db/client'
import type { Channel, SentMessage } from '../../infra/notifier'
import { DeliveryError } from '../../infra/notifier/delivery'
import type { ClientOrigin } from '../../lib/client-origin'
import { findUserById } from '../user/queries'
import { publishNotice } from '../notices/service'
import type { SecurityDeps } from './deps'
import { deviceLabel } from './device'

/**
 * "2026-11-25 14:03" in China time (UTC+8), how the notices give the time; their texts name the
 * zone (templates.ts), as the portal does for a device elsewhere (portal core/display/time.ts).
 */
export function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')
}

export type Notice = { template: 'passwordChanged' } | { template: 'contactChanged'; what: 'phone' | 'email' }

/**
 * Queues a security notice to the given destinations in `tx`, the transaction of the change it
 * tells of: the messages exist exactly when the change does (a crash after the commit still
 * delivers them; a change rolled back sends nothing). Start delivering them with `deliverNow`
 * after the commit.
 */
export async function queueNotice(
  deps: SecurityDeps,
  tx: Database,
  destinations: Array<{ channel: Channel; to: string }>,
  notice: Notice,
  origin: ClientOrigin,
  locale: Locale,
): Promise<SentMessage[]> {
  const common = { time: chinaTime(deps.now()), device: deviceLabel(origin, locale), hotline: deps.servicePhone }
  const sent: SentMessage[] = []
  // One after the other: a transaction runs one statement at a time.
  for (const { channel, to } of destinations) {
    try {
      sent.push(
        notice.template === 'passwordChanged'
          ? await deps.notifier.send({ channel, to, locale, template: 'passwordChanged', params: common }, { tx })
          : await deps.notifier.send({ channel, to, locale, template: 'contactChanged', params: { ...common, what: notice.what } }, { tx }),
      )
    } catch (error) {
      // A region without an SMS template is refused before anything is written: the change itself
      // stands (the inbox notice still tells the user), only this message is not sent.
      if (!(error instanceof DeliveryError && error.permanent)) throw error
      deps.log.warn({ err: error, channel }, 'security notice not sent: no template for the destination')
    }
  }
  return sent
}

/** First delivery attempts of notices whose transaction committed (the queue's worker would find them within NOTIFIER_POLL_MS). */
export function deliverNow(deps: SecurityDeps, sent: SentMessage[]): void {
  for (const message of sent) {
    message.outcome(0).catch((error: unknown) => deps.log.warn({ err: error }, 'security notice not delivered yet'))
  }
}

const INBOX_TEXTS = {
  passwordChanged: {
    title: { 'zh-CN': '登录密码已修改', 'en-US': 'Your password was changed' },
    body: { 'zh-CN': '您的登录密码已修改，其他设备已退出登录。如非本人操作，请立即找回密码并联系客服。', 'en-US': 'Your password was changed and your other devices were signed out. If this was not you, reset your password now and contact customer service.' },
  },
  phone: {
    title: { 'zh-CN': '绑定手机号已变更', 'en-US': 'Your phone number was changed' },
    body: { 'zh-CN': '您账号绑定的手机号已变更。如非本人操作，请立即联系客服。', 'en-US': 'The phone number bound to your account was changed. If this was not you, contact customer service now.' },
  },
  email: {
    title: { 'zh-CN': '绑定邮箱已变更', 'en-US': 'Your email was changed' },
    body: { 'zh-CN': '您账号绑定的邮箱已变更。如非本人操作，请立即联系客服。', 'en-US': 'The email bound to your account was changed. If this was not you, contact customer service now.' },
  },
} as const

/**
 * The security notice in the user's inbox too (beside the SMS or email): security notices cannot be
 * switched off. Like the message, it never fails the change it follows.
 */
export async function noticeToInbox(deps: SecurityDeps, userId: string, notice: Notice): Promise<void> {
  const text = notice.template === 'passwordChanged' ? INBOX_TEXTS.passwordChanged : INBOX_TEXTS[notice.what]
  await publishNotice(deps.db, userId, 'security', text, deps.now()).catch((error: unknown) => deps.log.warn({ err: error }, 'security notice not put in the inbox'))
}

/** The contacts bound to the account now (read in the change's transaction). */
export async function accountContacts(tx: Database, userId: string): Promise<Array<{ channel: Channel; to: string }>> {
  const user = await findUserById(tx, userId)
  const destinations: Array<{ channel: Channel; to: string }> = []
  if (user?.phoneE164) destinations.push({ channel: 'sms', to: user.phoneE164 })
  if (user?.email) destinations.push({ channel: 'email', to: user.email })
  return destinations
}
