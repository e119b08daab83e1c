import { type Locale, SECURITY_HISTORY_DAYS, type SecurityActivity, type SecurityEvent } from '@ess/contract'
import { and, eq } from 'drizzle-orm'
import { userSession } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { type Auth, endOtherSessions } from '../session/service'
import { revokeFamily } from '../session/queries'
import type { SecurityDeps } from './deps'
import { describeDevice } from './device'
import { insertSecurityEvent, listLiveLogins, listSecurityEvents, listSignIns } from './queries'

/** At most this many entries of the history are answered (newest first). */
const HISTORY_LIMIT = 100

/**
 * security/activity: the logins that are live (this one first, then by last use) and the history of
 * the last SECURITY_HISTORY_DAYS: sign-ins (the first pair of each login) merged with the recorded
 * security events, newest first.
 */
export async function securityActivity(deps: SecurityDeps, auth: Auth, locale: Locale): Promise<SecurityActivity> {
  const now = deps.now()
  const since = new Date(now.getTime() - SECURITY_HISTORY_DAYS * 86_400_000)
  const [logins, signIns, events] = await Promise.all([
    listLiveLogins(deps.db, auth.userId, now),
    listSignIns(deps.db, auth.userId, since, HISTORY_LIMIT),
    listSecurityEvents(deps.db, auth.userId, since, HISTORY_LIMIT),
  ])
  const sessions = logins
    .map((login) => ({
      sessionId: login.familyId,
      current: login.familyId === auth.familyId,
      ...describeDevice(login, locale),
      signedInAt: login.signedInAt.toISOString(),
      lastActiveAt: (login.lastActiveAt && login.lastActiveAt > login.createdAt ? login.lastActiveAt : login.createdAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt))
  const history: SecurityEvent[] = [
    ...signIns.map((row) => ({ type: 'signIn' as const, at: row.at.toISOString(), ...describeDevice(row, locale) })),
    ...events.map((row) => ({ type: row.type, at: row.at.toISOString(), ...describeDevice(row, locale) })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, HISTORY_LIMIT)
  return { sessions, events: history }
}

/** security/revokeSession: ends one login of the user (SESSION_NOT_FOUND when it is not theirs or already ended). */
export async function revokeLogin(deps: SecurityDeps, auth: Auth, sessionId: string, origin: ClientOrigin): Promise<{ ended: number }> {
  const now = deps.now()
  const [owned] = await deps.db
    .select({ id: userSession.id })
    .from(userSession)
    .where(and(eq(userSession.userId, auth.userId), eq(userSession.familyId, sessionId)))
    .limit(1)
  if (!owned) throw new AppError('SESSION_NOT_FOUND')
  const ended = await deps.db.transaction(async (tx) => {
    const count = await revokeFamily(tx, auth.userId, sessionId, now)
    if (count > 0) await insertSecurityEvent(tx, auth.userId, 'sessionRevoked', origin, now)
    return count
  })
  if (ended === 0) throw new AppError('SESSION_NOT_FOUND')
  return { ended }
}

/** security/revokeOtherSessions: every login but this one. */
export async function revokeOtherLogins(deps: SecurityDeps, auth: Auth, origin: ClientOrigin): Promise<{ ended: number }> {
  const now = deps.now()
  const ended = await deps.db.transaction(async (tx) => {
    const count = await endOtherSessions(tx, auth, now)
    if (count > 0) await insertSecurityEvent(tx, auth.userId, 'sessionRevoked', origin, now)
    return count
  })
  return { ended }
}
