import type { Locale, PasswordChanged, SecurityEventType } from '@ess/contract'
import { hashPassword, verifyPassword, passwordWork } from '../../infra/crypto/password-hash'
import type { PasswordWorkPlace } from '../../infra/crypto/password-work'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { unlock } from '../../lib/throttle'
import { userLockout } from '../login/service'
import { endAllSessions, endOtherSessions, type Auth } from '../session/service'
import { userChanged } from '../session/user-stamp'
import { openNewPassword } from '../user/password'
import { findUserById } from '../user/queries'
import { useCode } from '../verify/codes'
import type { SecurityDeps } from './deps'
import { accountContacts, deliverNow, noticeToInbox, queueNotice } from './notices'
import { findPasswordHash, insertSecurityEvent, listEarlierPasswords, replacePassword } from './queries'
import { verifyCurrentPassword, ownContact } from './identity'
import { currentWindow } from './window'

let common: Promise<ReadonlySet<string>> | undefined
/** Whether the password is one of zxcvbn-ts' most common ones, compared in lower case (common-passwords.ts). */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('./common-passwords').then((module) => module.COMMON_PASSWORDS)
  return (await common).has(password.toLowerCase())
}

/** Parts of the account a password must not contain: the phone number, the username, the email's local part. */
function personalParts(user: { phone: string | null; username: string | null; email: string | null }): string[] {
  const parts = [user.phone, user.username, user.email?.slice(0, user.email.lastIndexOf('@'))]
  // A part shorter than 4 characters would refuse too much ("li" in "Climb2024!").
  return parts.filter((part): part is string => !!part && part.length >= 4).map((part) => part.toLowerCase())
}

/**
 * Checks a new password (already past the SPEC §5 rule) against the account: not common, no
 * personal part, not the current one, not one of the last PASSWORD_HISTORY_SIZE. Each refusal has
 * its own error. Answers the current hash (for the history).
 */
export async function checkNewPassword(deps: SecurityDeps, userId: string, password: string, place: PasswordWorkPlace): Promise<string | null> {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  if (await isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON')
  const lower = password.toLowerCase()
  if (personalParts(user).some((part) => lower.includes(part))) throw new AppError('PASSWORD_CONTAINS_PERSONAL')
  const [current, earlier] = await Promise.all([findPasswordHash(deps.db, userId), listEarlierPasswords(deps.db, userId)])
  if (current && (await verifyPassword(current, password, place))) throw new AppError('PASSWORD_SAME_AS_CURRENT')
  for (const hash of earlier) {
    if (await verifyPassword(hash, password, place)) throw new AppError('PASSWORD_RECENTLY_USED')
  }
  return current ?? null
}

/**
 * Writes a new password in one transaction with the history, the sessions it ends (every other
 * login on a change, every login on a reset), the security event and the notices to the bound phone
 * and email (queued); then the notice in the inbox. Nothing is written if any step fails.
 */
export async function applyNewPassword(
  deps: SecurityDeps,
  userId: string,
  change: { password: string; currentHash: string | null; keep?: Pick<Auth, 'familyId'>; event: Extract<SecurityEventType, 'passwordChanged' | 'passwordReset'> },
  origin: ClientOrigin,
  locale: Locale,
  place: PasswordWorkPlace,
): Promise<PasswordChanged> {
  const now = deps.now()
  const newHash = await hashPassword(change.password, place)
  const notice = { template: 'passwordChanged' } as const
  const { sessionsEnded, notices } = await deps.db.transaction(async (tx) => {
    await replacePassword(tx, userId, change.currentHash, newHash, now)
    const ended = change.keep ? await endOtherSessions(tx, { userId, familyId: change.keep.familyId }, now) : await endAllSessions(tx, userId, now)
    await insertSecurityEvent(tx, userId, change.event, origin, now)
    return { sessionsEnded: ended, notices: await queueNotice(deps, tx, await accountContacts(tx, userId), notice, origin, locale) }
  })
  // Also reached without a session (a reset): the sessions it ended are refused from now on.
  await userChanged(deps.kv, userId)
  deliverNow(deps, notices)
  await unlock(deps.kv, userLockout(userId))
  await noticeToInbox(deps, userId, notice)
  return { sessionsEnded }
}

export interface UpdatePasswordInput {
  oldPassword?: string
  passCode?: string
  passCodeChannel: 'sms' | 'email'
  password: string
  confirmPassword: string
  keyId?: string
}

/**
 * updateUserPassword. Inside the privileged window the new password is enough. Outside it, the
 * SPEC's screen: the current password and a code of scene updatePassword sent to the user's own
 * phone (or email). The new password is checked before any code or password try is spent.
 */
export async function updatePassword(deps: SecurityDeps, auth: Auth, input: UpdatePasswordInput, origin: ClientOrigin, locale: Locale): Promise<PasswordChanged> {
  return passwordWork.within(async (place) => {
    const window = await currentWindow(deps.kv, auth, deps.now())
    if (!window && (!input.oldPassword || !input.passCode)) throw new AppError('IDENTITY_CHECK_REQUIRED')
    const password = openNewPassword(deps.passwordKey, input, locale)
    const currentHash = await checkNewPassword(deps, auth.userId, password, place)
    if (!window) {
      const to = await ownContact(deps, auth.userId, input.passCodeChannel)
      await useCode(deps, { scene: 'updatePassword', channel: input.passCodeChannel, to }, input.passCode as string)
      await verifyCurrentPassword(deps, auth.userId, input.oldPassword as string, origin, place)
    }
    return applyNewPassword(deps, auth.userId, { password, currentHash, keep: auth, event: 'passwordChanged' }, origin, locale, place)
  })
}
