import { isUniqueViolation } from '../../db/errors'
import { countOtherBindings } from '../third-party/queries'
import type { Locale, UserInfo } from '@ess/contract'
import { and, eq } from 'drizzle-orm'
import { appUser } from '../../db/schema'
import type { Channel } from '../../infra/notifier'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import type { Auth } from '../session/service'
import { maskEmail, normaliseEmail, resolvePhone } from '../user/contact'
import { findUserById } from '../user/queries'
import { getUserInfo } from '../user/service'
import { useCode } from '../verify/codes'
import type { SecurityDeps } from './deps'
import { deliverNow, noticeToInbox, queueNotice } from './notices'
import { mask } from '../../infra/crypto/mask'
import { recordCollection } from '../privacy/ledger'
import { insertSecurityEvent } from './queries'
import { requireWindow } from './window'

/**
 * Binding, changing and removing the phone and email (SPEC §1, §6). Each needs the privileged
 * window. A new phone or email is confirmed by the code of scene `bind` sent to it (Kratos'
 * verify-new-address) before it replaces the old one; one held by another account is refused
 * (ALREADY_REGISTERED, also when a concurrent binding wins the unique index); the old contact is
 * told of the change. Removing refuses to leave the account without a way to sign in.
 */

/** 'bind': only when none is bound; 'change': only when one is; 'either': bindOrChange*. */
export type ContactMode = 'bind' | 'change' | 'either'

export type NewContact = { channel: 'sms'; region: string; phone: string; code: string } | { channel: 'email'; email: string; code: string }

export async function bindContact(
  deps: SecurityDeps,
  auth: Auth,
  mode: ContactMode,
  input: NewContact,
  origin: ClientOrigin,
  locale: Locale,
): Promise<UserInfo> {
  const now = deps.now()
  await requireWindow(deps.kv, auth, now)
  const user = await findUserById(deps.db, auth.userId)
  if (!user) throw new AppError('SESSION_INVALID')
  const old = input.channel === 'sms' ? user.phoneE164 : user.email
  if (mode === 'bind' && old) throw new AppError('CONTACT_ALREADY_BOUND')
  if (mode === 'change' && !old) throw new AppError('CONTACT_NOT_BOUND')

  const fields =
    input.channel === 'sms'
      ? await resolvePhone(deps.db, input.region, input.phone, locale)
      : { email: normaliseEmail(input.email) }
  const to = 'phoneE164' in fields ? fields.phoneE164 : fields.email
  if (to === old) throw new AppError('CONTACT_UNCHANGED')
  await useCode(deps, { scene: 'bind', channel: input.channel, to }, input.code)

  const notice = { template: 'contactChanged', what: input.channel === 'sms' ? 'phone' : 'email' } as const
  try {
    const notices = await deps.db.transaction(async (tx) => {
      await tx.update(appUser).set({ ...fields, updatedAt: now }).where(eq(appUser.id, auth.userId))
      await insertSecurityEvent(tx, auth.userId, input.channel === 'sms' ? 'phoneChanged' : 'emailChanged', origin, now)
      const collected = 'phoneE164' in fields ? { type: 'phone' as const, masked: mask(fields.phone) } : { type: 'email' as const, masked: maskEmail(fields.email) }
      await recordCollection(tx, auth.userId, 'contactBind', [collected], now)
      return old ? queueNotice(deps, tx, [{ channel: input.channel, to: old }], notice, origin, locale) : []
    })
    deliverNow(deps, notices)
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_REGISTERED')
    throw error
  }
  if (old) await noticeToInbox(deps, auth.userId, notice)
  return getUserInfo(deps, { userId: auth.userId }, locale)
}

/**
 * security/unbindContact: removes the phone or email. Refused when the account would be left with
 * no way to sign in: no other contact, or only an email and neither a password nor a third-party
 * binding (there is no sign-in by email code). The removed contact is told.
 */
export async function unbindContact(deps: SecurityDeps, auth: Auth, channel: Channel, origin: ClientOrigin, locale: Locale): Promise<UserInfo> {
  const now = deps.now()
  await requireWindow(deps.kv, auth, now)
  const user = await findUserById(deps.db, auth.userId)
  if (!user) throw new AppError('SESSION_INVALID')
  const old = channel === 'sms' ? user.phoneE164 : user.email
  if (!old) throw new AppError('CONTACT_NOT_BOUND')
  // Without the phone, the email signs in with the password or through a bound third-party account.
  const remainingSignIn = channel === 'sms' ? !!user.email && (user.hasPassword || (await countOtherBindings(deps.db, auth.userId)) > 0) : !!user.phoneE164
  if (!remainingSignIn) throw new AppError('LAST_SIGN_IN_METHOD')
  const notice = { template: 'contactChanged', what: channel === 'sms' ? 'phone' : 'email' } as const
  const notices = await deps.db.transaction(async (tx) => {
    const cleared = channel === 'sms' ? { phone: null, phoneRegion: null, phoneE164: null } : { email: null }
    const column = channel === 'sms' ? appUser.phoneE164 : appUser.email
    await tx.update(appUser).set({ ...cleared, updatedAt: now }).where(and(eq(appUser.id, auth.userId), eq(column, old)))
    await insertSecurityEvent(tx, auth.userId, channel === 'sms' ? 'phoneUnbound' : 'emailUnbound', origin, now)
    return queueNotice(deps, tx, [{ channel, to: old }], notice, origin, locale)
  })
  deliverNow(deps, notices)
  await noticeToInbox(deps, auth.userId, notice)
  return getUserInfo(deps, { userId: auth.userId }, locale)
}
