import { CANCELLATION_LOSSES, type CancellationInfo, type Locale } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { accountCancellation, appUser } from '../../db/schema'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { getAppAgreements } from '../agreement/service'
import { checkTicked } from '../agreement/signatures'
import { findCertification } from '../certification/queries'
import { unexpiredTokenDigests } from '../session/queries'
import { type Auth, endAllSessions, rememberEndedTokens } from '../session/service'
import { maskEmail } from '../user/contact'
import { findUserById } from '../user/queries'
import type { SecurityDeps } from './deps'
import { closeWindow, currentWindow, requireWindow } from './window'

/** security/cancellationInfo: the checklist of the cancellation screen. */
export async function cancellationInfo(deps: SecurityDeps, auth: Auth, locale: Locale): Promise<CancellationInfo> {
  const now = deps.now()
  const [user, record, agreements, privileged] = await Promise.all([
    findUserById(deps.db, auth.userId),
    findCertification(deps.db, auth.userId),
    getAppAgreements(deps.db, '2', locale, now),
    currentWindow(deps.kv, auth, now),
  ])
  if (!user) throw new AppError('SESSION_INVALID')
  return {
    losses: [...CANCELLATION_LOSSES],
    phone: user.phone ? mask(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    username: user.username ? mask(user.username, { keepStart: 2, keepEnd: 1 }) : null,
    realNameLinked: !!record,
    agreements,
    hotline: deps.servicePhone,
    privileged: privileged ?? null,
  }
}

/**
 * security/cancelAccount. In one transaction: every login ended, the audit record written, and the
 * account deleted — and with it, by the foreign keys'
 * cascade, its sessions, signatures, real-name link (with the encrypted bank card), avatar,
 * password history and security events. The roster's employee stays (it is the employer's record)
 * and is free to be verified by a new account. A failure at any step leaves the account whole.
 */
export async function cancelAccount(deps: SecurityDeps, auth: Auth, agreementIds: string[], origin: ClientOrigin, locale: Locale): Promise<{ cancelledAt: string }> {
  const now = deps.now()
  await requireWindow(deps.kv, auth, now)
  // The current cancellation agreement must be ticked (a signature would be deleted with the account:
  // the audit line records that the holder asked, after the identity check).
  await checkTicked(deps.db, agreementIds, '2', locale, now)
  const ended = await deps.db.transaction(async (tx) => {
    const tokens = await unexpiredTokenDigests(tx, auth.userId, now)
    await endAllSessions(tx, auth.userId, now)
    await tx.insert(accountCancellation).values({ userId: auth.userId, cancelledAt: now, requestedBy: 'self', client: origin.client })
    const deleted = await tx.delete(appUser).where(eq(appUser.id, auth.userId)).returning({ id: appUser.id })
    if (deleted.length !== 1) throw new AppError('SESSION_INVALID')
    return tokens
  })
  // The sessions' rows went with the account: its other devices are still told their session ended.
  await rememberEndedTokens(deps.kv, ended, now)
  await closeWindow(deps.kv, auth)
  deps.log.info({ userId: auth.userId }, 'account cancelled')
  return { cancelledAt: now.toISOString() }
}
