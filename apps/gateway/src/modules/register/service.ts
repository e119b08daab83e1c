import type { LoginState, Locale } from '@ess/contract'
import type { Database } from '../../db/client'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import type { PasswordKey } from '../../infra/crypto/password-key'
import { hashPassword, passwordWork } from '../../infra/crypto/password-hash'
import type { Kv } from '../../infra/kv'
import type { Channel } from '../../infra/notifier'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { checkSignUpAgreements, recordSignatures } from '../agreement/signatures'
import { startSession } from '../session/service'
import { mask } from '../../infra/crypto/mask'
import { maskEmail, normaliseEmail, resolvePhone } from '../user/contact'
import { openNewPassword } from '../user/password'
import { type AccountKey, type NewUser, accountExists, insertUser } from '../user/queries'
import { bindPendingToNewAccount, pendingOf } from '../third-party/service'
import { useCode } from '../verify/codes'
import { type Collected, recordCollection } from '../privacy/ledger'

export interface RegisterDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  passwordKey: PasswordKey
}

interface Registration {
  code: string
  password: string
  confirmPassword: string
  agreementIds: string[]
  /** A third-party account to bind to the new account (login/thirdPartyLogin's bindRequired). */
  bindLoginToken?: string
}

/**
 * Creates an account, signs the agreements ticked and starts a login, all in one transaction.
 * Everything the user can fix is checked before the code is used up: the password rule and its
 * confirmation, the agreements, and that the phone or email is free.
 */
async function register(
  deps: RegisterDeps,
  account: { key: AccountKey; channel: Channel; to: string; user: NewUser; collected: Collected },
  input: Registration,
  origin: ClientOrigin,
  locale: Locale,
): Promise<LoginState> {
  return passwordWork.within(async (place) => {
    const now = deps.now()
    const password = openNewPassword(deps.passwordKey, input, locale)
    const versionIds = await checkSignUpAgreements(deps.db, input.agreementIds, locale, now)
    if (await accountExists(deps.db, account.key)) throw new AppError('ALREADY_REGISTERED')
    const pending = input.bindLoginToken ? await pendingOf(deps, input.bindLoginToken, origin) : undefined
    await useCode(deps, { scene: 'register', channel: account.channel, to: account.to }, input.code)
    const passwordHash = await hashPassword(password, place)
    return deps.db.transaction(async (tx) => {
      const userId = await insertUser(tx, { ...account.user, passwordHash, createdAt: now, updatedAt: now })
      if (!userId) throw new AppError('ALREADY_REGISTERED')
      await recordSignatures(tx, userId, versionIds, origin, now)
      await recordCollection(tx, userId, 'register', [account.collected], now)
      if (pending && input.bindLoginToken) await bindPendingToNewAccount(deps, tx, userId, input.bindLoginToken, pending, origin)
      return startSession(tx, userId, origin, now)
    })
  })
}

export async function registerByPhone(
  deps: RegisterDeps,
  input: Registration & { region: string; phone: string },
  origin: ClientOrigin,
  locale: Locale,
): Promise<LoginState> {
  const phone = await resolvePhone(deps.db, input.region, input.phone, locale)
  const collected: Collected = { type: 'phone', masked: mask(phone.phone) }
  const account = { key: { phoneE164: phone.phoneE164 }, channel: 'sms' as const, to: phone.phoneE164, user: phone, collected }
  return register(deps, account, input, origin, locale)
}

export async function registerByEmail(
  deps: RegisterDeps,
  input: Registration & { email: string },
  origin: ClientOrigin,
  locale: Locale,
): Promise<LoginState> {
  const email = normaliseEmail(input.email)
  const collected: Collected = { type: 'email', masked: maskEmail(email) }
  return register(deps, { key: { email }, channel: 'email', to: email, user: { email }, collected }, input, origin, locale)
}
