import { ROUTE_PATHS, wire, type RoutePath, type AccountSummary, type CertifiedAccounts, type CodeSent, type PasswordChanged } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { fill } from '../../i18n'
import { grantPrivacyConsent } from '../auth/consent'
import { codeKey, startCountdown } from '../auth/countdown'
import { sealPair, sendSealed } from '../auth/login'
import { RequestError, request } from '../http/request'
import { openRoute } from '../navigation'
import { platform } from '../platform'
import { leaveWithToast, toast } from '../toast'
import { textsNow } from '../../i18n/domain'
import { securityTexts } from '../../i18n/security'
import { authTexts } from '../../i18n/auth'

/**
 * Password recovery while logged out (contract security.ts). The single-use tickets the gateway
 * hands out (the reset ticket of a contact's code, the pick token of a real-name match) are kept
 * here, in memory, never in the URL. A ticket that expired or was refused (RESET_TICKET_INVALID)
 * sends the user back to the start of recovery with the message.
 */
export interface ContactTicket {
  resetTicket: string
  /** ms since epoch. */
  expiresAt: number
  account: AccountSummary
}

export interface PickState {
  pickToken: string
  expiresAt: number
  accounts: CertifiedAccounts['accounts']
  /** The account and contact a code was sent to. */
  picked?: { accountRef: string; channel: 'sms' | 'email'; sentTo: string }
}

export interface RecoveryState {
  ticket: ContactTicket | null
  pick: PickState | null
}

export const recoveryStore = createStore<RecoveryState>(() => ({ ticket: null, pick: null }))

export function resetRecovery(): void {
  recoveryStore.setState({ ticket: null, pick: null })
}

/** The contact ticket while it is still valid (null once expired). */
export function liveTicket(now = Date.now()): ContactTicket | null {
  const t = recoveryStore.getState().ticket
  return t && t.expiresAt > now ? t : null
}

export function livePick(now = Date.now()): PickState | null {
  const p = recoveryStore.getState().pick
  return p && p.expiresAt > now ? p : null
}

export const RESET_TICKET_INVALID = 'RESET_TICKET_INVALID'

/**
 * Back to the start of recovery (the findPasswd page: back through the stack when it is there)
 * with a message: the ticket expired, was used, or was refused.
 */
export async function restartRecovery(message = textsNow(securityTexts).ticketExpired): Promise<void> {
  resetRecovery()
  toast(message)
  return backOrReplace(ROUTE_PATHS.findPasswd)
}

const THROW = { needThrowErr: true } as const

/**
 * The code of scene resetPassword, checked: stores the reset ticket and resolves the masked
 * account it opens. A refusal rejects (toasted).
 */
export async function verifyResetCode(
  body: { channel: 'sms'; region: string; phone: string; code: string } | { channel: 'email'; email: string; code: string },
  now = Date.now(),
): Promise<ContactTicket> {
  grantPrivacyConsent()
  const clean = body.channel === 'sms' ? { ...body, phone: body.phone.trim() } : { ...body, email: body.email.trim() }
  const answer = await request(wire.validResetPasswordPassCode, clean, THROW)
  const ticket: ContactTicket = { resetTicket: answer.resetTicket, expiresAt: now + answer.expiresIn * 1000, account: answer.account }
  recoveryStore.setState({ ticket, pick: null })
  return ticket
}

/** Runs a reset; RESET_TICKET_INVALID (or a ticket expired here) restarts recovery. */
async function withTicket<T>(run: (handled: string[]) => Promise<T>): Promise<T> {
  try {
    return await run([RESET_TICKET_INVALID])
  } catch (error) {
    if (error instanceof RequestError && error.errorCode === RESET_TICKET_INVALID) void restartRecovery(error.message)
    throw error
  }
}

/**
 * Back to a page of the stack (closing the pages above it), or `route` in place of the current
 * page when it is not in the stack.
 */
function backOrReplace(route: RoutePath): Promise<void> {
  const { nav } = platform()
  const routes = nav.stackRoutes()
  const at = routes.lastIndexOf(route)
  if (at >= 0 && at < routes.length - 1) return nav.navigateBack(routes.length - 1 - at)
  return openRoute(route, undefined, { replace: true })
}

/**
 * The end of a reset: the tickets are forgotten, a toast, then the login page (the one recovery
 * was started from when it is in the stack, so Back does not return to the finished steps).
 */
function finished(): Promise<void> {
  resetRecovery()
  return leaveWithToast(textsNow(securityTexts).passwordResetDone, () => backOrReplace(platform().loginRoute), 'success')
}

export class TicketExpired extends Error {}

/** Sets the new password with the contact ticket. */
export async function resetByContact(input: { password: string; confirmPassword: string }): Promise<PasswordChanged> {
  const ticket = liveTicket()
  if (!ticket) {
    void restartRecovery()
    throw new TicketExpired()
  }
  const result = await withTicket((handled) =>
    sendSealed(async (seal, options) => {
      const pair = await sealPair(seal, input.password, input.confirmPassword)
      return request(wire.resetPasswordByContact, { resetTicket: ticket.resetTicket, ...pair }, { ...options, handledErrorCodes: [...(options.handledErrorCodes ?? []), ...handled] })
    }),
  )
  void finished()
  return result
}

/** Recovery by real name: name + ID number (after the slider) → the account(s), masked. */
export async function findByRealName(input: { name: string; idNo: string; captchaToken: string }, now = Date.now()): Promise<PickState> {
  grantPrivacyConsent()
  const answer = await request(wire.validCertificationUser, { name: input.name.trim(), idNo: input.idNo.trim(), captchaToken: input.captchaToken }, THROW)
  const pick: PickState = { pickToken: answer.pickToken, expiresAt: now + answer.expiresIn * 1000, accounts: answer.accounts }
  recoveryStore.setState({ pick, ticket: null })
  return pick
}

/** The countdown key of a code sent to a picked account's contact. */
export function pickCodeKey(accountRef: string, channel: 'sms' | 'email'): string {
  return codeKey(`pick-${channel}`, accountRef)
}

/** Sends a code to the chosen contact of the chosen account. */
export async function pickAccount(accountRef: string, channel: 'sms' | 'email'): Promise<CodeSent> {
  const pick = livePick()
  if (!pick) {
    void restartRecovery()
    throw new TicketExpired()
  }
  const sent = await withTicket((handled) =>
    request(wire.pickCertificationUser, { pickToken: pick.pickToken, accountRef, channel }, { ...THROW, handledErrorCodes: handled }),
  )
  startCountdown(pickCodeKey(accountRef, channel), sent.resendAfter)
  toast(fill(textsNow(authTexts).codeSent, { to: sent.sentTo }))
  recoveryStore.setState({ pick: { ...pick, picked: { accountRef, channel, sentTo: sent.sentTo } } })
  return sent
}

/** Sets the new password with the pick token and the code sent to the picked contact. */
export async function resetByIdNo(input: { code: string; password: string; confirmPassword: string }): Promise<PasswordChanged> {
  const pick = livePick()
  if (!pick?.picked) {
    void restartRecovery()
    throw new TicketExpired()
  }
  const result = await withTicket((handled) =>
    sendSealed(async (seal, options) => {
      const pair = await sealPair(seal, input.password, input.confirmPassword)
      return request(
        wire.resetPasswordByIdNo,
        { pickToken: pick.pickToken, code: input.code, ...pair },
        { ...options, handledErrorCodes: [...(options.handledErrorCodes ?? []), ...handled] },
      )
    }),
  )
  void finished()
  return result
}

/** One line naming a masked account: its username, phone and email as far as known. */
export function accountLabel(account: AccountSummary): string {
  return [account.username, account.phone, account.email].filter(Boolean).join(' · ')
}
