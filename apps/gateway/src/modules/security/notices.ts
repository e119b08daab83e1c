import type { Locale } from '@ess/contract'
import type { Channel } from '../../infra/notifier'
import type { ClientOrigin } from '../../lib/client-origin'
import { findUserById } from '../user/queries'
import { publishNotice } from '../notices/service'
import type { SecurityDeps } from './deps'
import { deviceLabel } from './device'

/** "2026-11-25 14:03" in China time (UTC+8), how the notices give the time. */
export function chinaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')
}

export type Notice = { template: 'passwordChanged' } | { template: 'contactChanged'; what: 'phone' | 'email' }

/**
 * Sends a security notice to the given destinations. A notice follows a change already made: a
 * failure to send it is logged, never undoes the change nor fails the call.
 */
export async function sendNotice(
  deps: SecurityDeps,
  destinations: Array<{ channel: Channel; to: string }>,
  notice: Notice,
  origin: ClientOrigin,
  locale: Locale,
): Promise<void> {
  const common = { time: chinaTime(deps.now()), device: deviceLabel(origin, locale), hotline: deps.servicePhone }
  await Promise.all(
    destinations.map(async ({ channel, to }) => {
      try {
        if (notice.template === 'passwordChanged') await deps.notifier.send({ channel, to, locale, template: 'passwordChanged', params: common })
        else await deps.notifier.send({ channel, to, locale, template: 'contactChanged', params: { ...common, what: notice.what } })
      } catch (error) {
        deps.log.warn({ err: error, template: notice.template, channel }, 'security notice not sent')
      }
    }),
  )
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

/** A notice to every contact bound to the account now. */
export async function notifyAccount(deps: SecurityDeps, userId: string, notice: Notice, origin: ClientOrigin, locale: Locale): Promise<void> {
  const user = await findUserById(deps.db, userId)
  if (!user) return
  const destinations: Array<{ channel: Channel; to: string }> = []
  if (user.phoneE164) destinations.push({ channel: 'sms', to: user.phoneE164 })
  if (user.email) destinations.push({ channel: 'email', to: user.email })
  await sendNotice(deps, destinations, notice, origin, locale)
  await noticeToInbox(deps, userId, notice)
}
