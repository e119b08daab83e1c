import { type IdentityMethod, type IdentityPass, PRIVILEGED_WINDOW_S } from '@ess/contract'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { liveRecord, putRecord } from '../../lib/throttle'
import type { Auth } from '../session/service'

/**
 * The privileged window (Kratos' "privileged session", Keycloak's re-authentication): an identity
 * check passed opens it for PRIVILEGED_WINDOW_S, bound to the login (the session family, so a
 * token refresh keeps it and another device does not share it). Kept in the KV store, where every
 * gateway sees it; it ends with its time, with the login (a revoked login never reaches the check),
 * or when `closeWindow` is called.
 */
interface WindowRecord {
  userId: string
  method: IdentityMethod
}

const windowKey = (familyId: string) => `security:window:${familyId}`

export async function openWindow(kv: Kv, auth: Pick<Auth, 'userId' | 'familyId'>, method: IdentityMethod, now: Date): Promise<IdentityPass> {
  await putRecord(kv, windowKey(auth.familyId), { userId: auth.userId, method } satisfies WindowRecord, now, PRIVILEGED_WINDOW_S * 1000)
  return { method, expiresIn: PRIVILEGED_WINDOW_S }
}

/** The open window of this login, or undefined. */
export async function currentWindow(kv: Kv, auth: Pick<Auth, 'userId' | 'familyId'>, now: Date): Promise<IdentityPass | undefined> {
  const record = liveRecord<WindowRecord>(await kv.get(windowKey(auth.familyId)), now)
  if (!record || record.userId !== auth.userId) return undefined
  return { method: record.method, expiresIn: Math.max(1, Math.ceil((record.expiresAt - now.getTime()) / 1000)) }
}

/** Refuses a sensitive change outside the window (IDENTITY_CHECK_REQUIRED: the client sends the user to the check). */
export async function requireWindow(kv: Kv, auth: Pick<Auth, 'userId' | 'familyId'>, now: Date): Promise<IdentityPass> {
  const open = await currentWindow(kv, auth, now)
  if (!open) throw new AppError('IDENTITY_CHECK_REQUIRED')
  return open
}

export const closeWindow = (kv: Kv, auth: Pick<Auth, 'familyId'>) => kv.del(windowKey(auth.familyId))
