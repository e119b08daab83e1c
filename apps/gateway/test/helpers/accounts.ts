import type { LoginState } from '@ess/contract'
import { listCurrentVersions } from '../../src/modules/agreement/queries'
import { recordSignatures } from '../../src/modules/agreement/signatures'
import { startSession } from '../../src/modules/session/service'
import { type NewUser, insertUser } from '../../src/modules/user/queries'
import type { TestApp } from './app'
import { TEST_DEVICE_ID } from './signed'

export const TEST_ORIGIN = { ip: '127.0.0.1', deviceId: TEST_DEVICE_ID, client: 'h5' }

let serial = 0
/** A phone number no other test of the file uses. */
export const uniquePhone = () => `139${String(process.pid % 10_000).padStart(4, '0')}${String(++serial).padStart(4, '0')}`
export const uniqueEmail = () => `user${process.pid}x${++serial}@example.com`

/**
 * An account written straight to the database (for tests of calls that need one; the sign-up
 * calls have their own tests), with the current agreements signed, and a login of it.
 */
export async function seedAccount(t: TestApp, user: Partial<NewUser> = {}, now = t.app.now()): Promise<LoginState> {
  const phone = user.phone ?? (user.email ? undefined : uniquePhone())
  const userId = await insertUser(t.database.db, {
    ...(phone ? { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` } : {}),
    ...user,
  })
  if (!userId) throw new Error('seedAccount: the phone, email or username is taken')
  return signInAs(t, userId, now)
}

/** A login of an existing account (one made by seedEmployees, say), with the current agreements signed. */
export async function signInAs(t: TestApp, userId: string, now = t.app.now()): Promise<LoginState> {
  const current = await listCurrentVersions(t.database.db, '1', now)
  await recordSignatures(t.database.db, userId, current.map((row) => row.id), TEST_ORIGIN, now)
  return startSession(t.database.db, userId, TEST_ORIGIN, now)
}
