import { passwordWork } from '../../infra/crypto/password-hash'
import type { PasswordWorkPlace } from '../../infra/crypto/password-work'
import {
  type AccountSummary,
  type CertifiedAccounts,
  type CodeSent,
  IDENTITY_CHECK_DAILY_FAILURES,
  type Locale,
  type PasswordChanged,
  RESET_TICKET_TTL_S,
  RESIDENT_ID_TYPE,
  type ResetTicket,
} from '@ess/contract'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import { type ClientOrigin, clientKey } from '../../lib/client-origin'
import { newToken, sha256Hex } from '../../lib/digest'
import { chinaDay, countToday, liveRecord, putRecord } from '../../lib/throttle'
import { linkedUserOf } from '../certification/queries'
import { normaliseName } from '../roster/identity'
import { findEmployeeByIdNo } from '../roster/queries'
import { maskEmail, normaliseEmail, resolvePhone } from '../user/contact'
import { type AccountKey, findCredentials, findUserById } from '../user/queries'
import { openNewPassword } from '../user/password'
import { spendCaptchaToken } from '../verify/captcha'
import { type CodeTarget, sendCode, useCode } from '../verify/codes'
import type { SecurityDeps } from './deps'
import { applyNewPassword, checkNewPassword } from './password'

/**
 * Password recovery (logged out). Two ways in:
 * - a code of scene resetPassword sent to the account's phone or email → a reset ticket →
 *   the new password (`validResetPasswordPassCode`, `resetPasswordByContact`);
 * - the real-name record: name + ID number identify the verified account, the user picks a contact
 *   of it, a code goes there, and the code with the new password resets it
 *   (`validCertificationUser`, `pickCertificationUser`, `resetPasswordByIdNo`).
 * Tickets are random, kept only as a SHA-256 in the KV store, valid RESET_TICKET_TTL_S, and spent
 * by the reset — only after the new password passed every check, so a refused password can be
 * corrected without starting over. A reset ends every login of the account and lifts its lock.
 */

interface TicketRecord {
  userId: string
}
interface PickRecord {
  userId: string
  accountRef: string
  /** Set by pickCertificationUser: where the code went. */
  target?: CodeTarget
}

const ticketKey = (ticket: string) => `security:reset:${sha256Hex(ticket)}`
const pickKey = (token: string) => `security:pick:${sha256Hex(token)}`

async function readRecord<T>(deps: SecurityDeps, key: string): Promise<T & { expiresAt: number }> {
  const record = liveRecord<T>(await deps.kv.get(key), deps.now())
  if (!record) throw new AppError('RESET_TICKET_INVALID')
  return record
}

/** Spends a ticket after the reset's checks: of two resets with the same ticket, one goes on. */
async function spend(deps: SecurityDeps, key: string): Promise<void> {
  if (!(await deps.kv.take(key))) throw new AppError('RESET_TICKET_INVALID')
}

async function summaryOf(deps: SecurityDeps, userId: string): Promise<AccountSummary> {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('RESET_TICKET_INVALID')
  return {
    phone: user.phone ? mask(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    username: user.username ? mask(user.username, { keepStart: 2, keepEnd: 1 }) : null,
  }
}

export type ResetCodeInput = { channel: 'sms'; region: string; phone: string; code: string } | { channel: 'email'; email: string; code: string }

/**
 * validResetPasswordPassCode. For a phone or email no account holds, a code was kept but never sent
 * (verify/service.ts), so a guess answers WRONG_VERIFICATION_CODE exactly as for a known one.
 */
export async function validResetCode(deps: SecurityDeps, input: ResetCodeInput, locale: Locale): Promise<ResetTicket> {
  const key: AccountKey & { to: string } =
    input.channel === 'sms'
      ? await resolvePhone(deps.db, input.region, input.phone, locale).then((p) => ({ phoneE164: p.phoneE164, to: p.phoneE164 }))
      : { email: normaliseEmail(input.email), to: normaliseEmail(input.email) }
  await useCode(deps, { scene: 'resetPassword', channel: input.channel, to: key.to }, input.code)
  const { to: _to, ...accountKey } = key
  const account = await findCredentials(deps.db, accountKey as AccountKey)
  // Only reachable by guessing the code nobody received: answered as a wrong code.
  if (!account) throw new AppError('WRONG_VERIFICATION_CODE')
  const resetTicket = newToken()
  await putRecord(deps.kv, ticketKey(resetTicket), { userId: account.id } satisfies TicketRecord, deps.now(), RESET_TICKET_TTL_S * 1000)
  return { resetTicket, expiresIn: RESET_TICKET_TTL_S, account: await summaryOf(deps, account.id) }
}

type NewPasswordInput = { password: string; confirmPassword: string; keyId?: string }

/** The checks of a new password for an account, before anything is spent. */
async function checkedPassword(deps: SecurityDeps, userId: string, input: NewPasswordInput, locale: Locale, place: PasswordWorkPlace) {
  const password = openNewPassword(deps.passwordKey, input, locale)
  const currentHash = await checkNewPassword(deps, userId, password, place)
  return { password, currentHash }
}

/** resetPasswordByContact. */
export async function resetByTicket(
  deps: SecurityDeps,
  input: NewPasswordInput & { resetTicket: string },
  origin: ClientOrigin,
  locale: Locale,
): Promise<PasswordChanged> {
  return passwordWork.within(async (place) => {
    const key = ticketKey(input.resetTicket)
    const { userId } = await readRecord<TicketRecord>(deps, key)
    const checked = await checkedPassword(deps, userId, input, locale, place)
    await spend(deps, key)
    return applyNewPassword(deps, userId, { ...checked, event: 'passwordReset' }, origin, locale, place)
  })
}

const recoveryFailuresKey = (origin: ClientOrigin) => `security:recover:fail:${clientKey(origin)}`

/**
 * validCertificationUser: name + ID number of a verified account (a captcha token spent first; a
 * client that failed IDENTITY_CHECK_DAILY_FAILURES times today is refused until tomorrow). A match
 * answers the linked account masked; anything else REAL_NAME_FAILED.
 */
export async function findCertifiedAccounts(
  deps: SecurityDeps,
  input: { name: string; idNo: string; captchaToken: string },
  origin: ClientOrigin,
): Promise<CertifiedAccounts> {
  const failures = Number((await deps.kv.get(`${recoveryFailuresKey(origin)}:${chinaDay(deps.now())}`)) ?? 0)
  if (failures >= IDENTITY_CHECK_DAILY_FAILURES) throw new AppError('IDENTITY_CHECK_TOO_MANY')
  await spendCaptchaToken(deps, origin, input.captchaToken)
  const found = await findEmployeeByIdNo(deps.db, deps.hmacKey, RESIDENT_ID_TYPE, input.idNo)
  const userId = found && normaliseName(found.name) === normaliseName(input.name) ? await linkedUserOf(deps.db, found.id) : undefined
  if (!userId) {
    await countToday(deps.kv, recoveryFailuresKey(origin), deps.now())
    throw new AppError('REAL_NAME_FAILED')
  }
  const pickToken = newToken()
  const accountRef = newToken().slice(0, 22)
  await putRecord(deps.kv, pickKey(pickToken), { userId, accountRef } satisfies PickRecord, deps.now(), RESET_TICKET_TTL_S * 1000)
  return { pickToken, expiresIn: RESET_TICKET_TTL_S, accounts: [{ accountRef, ...(await summaryOf(deps, userId)) }] }
}

/** pickCertificationUser: a code of scene resetPassword to the chosen contact of the account found. */
export async function sendPickedCode(
  deps: SecurityDeps,
  input: { pickToken: string; accountRef: string; channel: 'sms' | 'email' },
  origin: ClientOrigin,
  locale: Locale,
): Promise<CodeSent> {
  const key = pickKey(input.pickToken)
  const record = await readRecord<PickRecord>(deps, key)
  if (record.accountRef !== input.accountRef) throw new AppError('RESET_TICKET_INVALID')
  const user = await findUserById(deps.db, record.userId)
  if (!user) throw new AppError('RESET_TICKET_INVALID')
  const to = input.channel === 'sms' ? user.phoneE164 : user.email
  if (!to) throw new AppError('CONTACT_NOT_BOUND')
  const target: CodeTarget = { scene: 'resetPassword', channel: input.channel, to }
  const sent = await sendCode(deps, target, origin, locale, input.channel === 'sms' ? mask(user.phone ?? '') : maskEmail(to))
  await putRecord(deps.kv, key, { ...record, target } satisfies PickRecord, deps.now(), record.expiresAt - deps.now().getTime())
  return sent
}

/** resetPasswordByIdNo: the code sent to the picked contact and the new password. */
export async function resetByPick(
  deps: SecurityDeps,
  input: NewPasswordInput & { pickToken: string; code: string },
  origin: ClientOrigin,
  locale: Locale,
): Promise<PasswordChanged> {
  return passwordWork.within(async (place) => {
    const key = pickKey(input.pickToken)
    const record = await readRecord<PickRecord>(deps, key)
    if (!record.target) throw new AppError('RESET_TICKET_INVALID')
    const checked = await checkedPassword(deps, record.userId, input, locale, place)
    await useCode(deps, record.target, input.code)
    await spend(deps, key)
    return applyNewPassword(deps, record.userId, { ...checked, event: 'passwordReset' }, origin, locale, place)
  })
}
