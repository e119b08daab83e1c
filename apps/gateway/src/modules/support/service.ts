import {
  type Locale,
  RESIDENT_ID_TYPE,
  SUPPORT_HISTORY_DAYS,
  type SupportAccount,
  type SupportAccountSummary,
  type SupportFindQuery,
  type SupportFindResult,
  type SupportRevealField,
  type ThirdPartyProvider,
} from '@ess/contract'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appUser } from '../../db/schema'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { mask } from '../../infra/crypto/mask'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { clearLock, lockState } from '../../lib/throttle'
import { listCurrentVersions, listSignedVersions } from '../agreement/queries'
import { findCertification, linkedUserOf } from '../certification/queries'
import { DICTIONARIES } from '../dict/data'
import { userLockout } from '../login/service'
import { maskIdNo, maskName } from '../roster/identity'
import { findEmployeeByIdNo, findEmployeeByNumber, openIdNo } from '../roster/queries'
import { describeDevice } from '../security/device'
import { listLiveLogins, listSecurityEvents, listSignIns } from '../security/queries'
import { certificationExpired } from '../session/service'
import { revokeUserSessions } from '../session/queries'
import { userChanged } from '../session/user-stamp'
import { removeBinding } from '../third-party/service'
import { listBindings } from '../third-party/queries'
import { accountKeyOf, maskEmail } from '../user/contact'
import { findCredentials, findUserById } from '../user/queries'

export interface SupportDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  fieldCipher: FieldCipher
}

/** What an action tells the audit log, written in the action's transaction (audit/record.ts). */
export type SupportAudit = (tx: Database, entry: { action: string; resourceId: string; reason: string; before?: Record<string, unknown>; after?: Record<string, unknown> }) => Promise<void>

/** At most this many history entries are answered (newest first). */
const HISTORY_LIMIT = 200
const maskUsername = (username: string) => mask(username, { keepStart: 2, keepEnd: 1 })

/** The ids of the accounts the query names (none found: an empty list). */
async function findIds(deps: SupportDeps, query: SupportFindQuery): Promise<{ ids: string[]; employeeWithoutAccount: boolean }> {
  const value = query.value.trim()
  const byKey = async (key: ReturnType<typeof accountKeyOf>) => {
    const found = await findCredentials(deps.db, key)
    return { ids: found ? [found.id] : [], employeeWithoutAccount: false }
  }
  const byEmployees = async (employeeIds: string[]) => {
    const users = (await Promise.all(employeeIds.map((id) => linkedUserOf(deps.db, id)))).filter((id): id is string => !!id)
    return { ids: users, employeeWithoutAccount: employeeIds.length > users.length }
  }
  switch (query.by) {
    case 'phone': {
      const key = accountKeyOf(value)
      return 'phoneE164' in key ? byKey(key) : { ids: [], employeeWithoutAccount: false }
    }
    case 'email':
      return value.includes('@') ? byKey(accountKeyOf(value)) : { ids: [], employeeWithoutAccount: false }
    case 'username':
      return byKey({ username: value.toLowerCase() })
    case 'idNo': {
      // Exact, through the roster's keyed index: one look-up per ID type (the resident card first).
      const types = [RESIDENT_ID_TYPE, ...DICTIONARIES.idType.map(([type]) => type).filter((type) => type !== RESIDENT_ID_TYPE)]
      const found = await Promise.all(types.map((type) => findEmployeeByIdNo(deps.db, deps.hmacKey, type, value)))
      return byEmployees([...new Set(found.filter((row) => !!row).map((row) => row.id))])
    }
    case 'employee': {
      const companyCode = query.companyCode?.trim()
      if (!companyCode) throw new AppError('SUPPORT_COMPANY_REQUIRED')
      const found = await findEmployeeByNumber(deps.db, companyCode, value)
      return found ? byEmployees([found.id]) : { ids: [], employeeWithoutAccount: false }
    }
  }
}

async function summaryOf(deps: SupportDeps, id: string, now: Date): Promise<SupportAccountSummary | undefined> {
  const [user, record, lock] = await Promise.all([findUserById(deps.db, id), findCertification(deps.db, id), lockState(deps.kv, userLockout(id), now)])
  if (!user) return undefined
  return {
    id,
    phone: user.phone ? mask(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    username: user.username ? maskUsername(user.username) : null,
    name: record ? maskName(record.employee.name) : null,
    companyCode: record?.company.code ?? null,
    employeeNo: record?.employee.employeeNo ?? null,
    disabled: !!user.disabledAt,
    locked: lock.remainingMs > 0,
  }
}

/** support/find: the accounts a phone, email, username, ID number or employee number names; masked. */
export async function findAccounts(deps: SupportDeps, query: SupportFindQuery): Promise<SupportFindResult> {
  const now = deps.now()
  const { ids, employeeWithoutAccount } = await findIds(deps, query)
  const accounts = (await Promise.all(ids.map((id) => summaryOf(deps, id, now)))).filter((row): row is SupportAccountSummary => !!row)
  return { accounts, employeeWithoutAccount }
}

/** support/show: what a support agent sees of an account; masked, never a password, a code or a token. */
export async function showAccount(deps: SupportDeps, id: string, locale: Locale): Promise<SupportAccount> {
  const now = deps.now()
  const since = new Date(now.getTime() - SUPPORT_HISTORY_DAYS * 86_400_000)
  const [user, record, lock, bindings, logins, signIns, events, current, signed] = await Promise.all([
    findUserById(deps.db, id),
    findCertification(deps.db, id),
    lockState(deps.kv, userLockout(id), now),
    listBindings(deps.db, id),
    listLiveLogins(deps.db, id, now),
    listSignIns(deps.db, id, since, HISTORY_LIMIT),
    listSecurityEvents(deps.db, id, since, HISTORY_LIMIT),
    listCurrentVersions(deps.db, '1', now),
    listSignedVersions(deps.db, id),
  ])
  if (!user) throw new AppError('SUPPORT_ACCOUNT_NOT_FOUND')
  return {
    id,
    phone: user.phone ? mask(user.phone) : null,
    phoneRegion: user.phoneRegion,
    email: user.email ? maskEmail(user.email) : null,
    username: user.username ? maskUsername(user.username) : null,
    hasPassword: user.hasPassword,
    createdAt: user.createdAt.toISOString(),
    disabledAt: user.disabledAt?.toISOString() ?? null,
    lock: {
      locked: lock.remainingMs > 0,
      until: lock.remainingMs > 0 ? new Date(now.getTime() + lock.remainingMs).toISOString() : null,
      failures: lock.failures,
    },
    realName: record
      ? {
          valid: !!record.userCertifiedAt && !certificationExpired(record.userCertifiedAt, now),
          method: record.method,
          certifiedAt: record.userCertifiedAt?.toISOString() ?? null,
          name: maskName(record.employee.name),
          idNo: maskIdNo(openIdNo(deps.fieldCipher, { idNoCipher: record.employee.idNoCipher, companyCode: record.company.code, employeeNo: record.employee.employeeNo })),
          companyCode: record.company.code,
          companyNameZh: record.company.nameZh,
          companyNameEn: record.company.nameEn,
          employeeNo: record.employee.employeeNo,
        }
      : null,
    bindings: bindings.map((b) => ({ provider: b.provider, nickname: b.nickname, boundAt: b.boundAt.toISOString() })),
    sessions: logins
      .map((login) => ({
        sessionId: login.familyId,
        ...describeDevice(login, locale),
        signedInAt: login.signedInAt.toISOString(),
        lastActiveAt: (login.lastActiveAt && login.lastActiveAt > login.createdAt ? login.lastActiveAt : login.createdAt).toISOString(),
      }))
      .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt)),
    history: [
      ...signIns.map((row) => ({ type: 'signIn' as const, at: row.at.toISOString(), ...describeDevice(row, locale) })),
      ...events.map((row) => ({ type: row.type, at: row.at.toISOString(), ...describeDevice(row, locale) })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, HISTORY_LIMIT),
    agreements: current.map((version) => {
      const mine = signed.filter((s) => s.code === version.code)
      const same = mine.find((s) => s.id === version.id)
      return {
        code: version.code,
        nameZh: version.nameZh,
        nameEn: version.nameEn,
        version: version.version,
        required: version.required,
        signedAt: same?.signedAt.toISOString() ?? null,
        signedVersion: same ? null : mine[0]?.version ?? null,
      }
    }),
  }
}

async function requireAccount(db: Database, id: string) {
  const user = await findUserById(db, id)
  if (!user) throw new AppError('SUPPORT_ACCOUNT_NOT_FOUND')
  return user
}

/** support/unlock: ends a lock by failed sign-ins (SUPPORT_NOT_LOCKED when there is none). */
export async function unlockAccount(deps: SupportDeps, id: string, reason: string, audit: SupportAudit): Promise<void> {
  await requireAccount(deps.db, id)
  const lockout = userLockout(id)
  const lock = await lockState(deps.kv, lockout, deps.now())
  if (lock.remainingMs <= 0) throw new AppError('SUPPORT_NOT_LOCKED')
  await deps.db.transaction(async (tx) => {
    await audit(tx, { action: 'support.unlock', resourceId: id, reason, before: { locked: true, failures: lock.failures }, after: { locked: false } })
    // The lock goes last: if it cannot be cleared, the audit row goes with the transaction.
    await clearLock(deps.kv, lockout)
  })
}

/** support/signOut: every login of the account ends, on every device and gateway. */
export async function signOutEverywhere(deps: SupportDeps, id: string, reason: string, audit: SupportAudit): Promise<void> {
  await requireAccount(deps.db, id)
  await deps.db.transaction(async (tx) => {
    const ended = await revokeUserSessions(tx, id, deps.now())
    await audit(tx, { action: 'support.sign_out', resourceId: id, reason, after: { loginsEnded: ended } })
  })
  await userChanged(deps.kv, id)
}

/**
 * support/disable: the account is marked disabled and its logins end in the same transaction;
 * from then on its sign-in and every call of its sessions answer ACCOUNT_DISABLED (100400).
 */
export async function disableAccount(deps: SupportDeps, id: string, reason: string, audit: SupportAudit): Promise<void> {
  await requireAccount(deps.db, id)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(appUser)
      .set({ disabledAt: now, updatedAt: now })
      .where(and(eq(appUser.id, id), isNull(appUser.disabledAt)))
      .returning({ id: appUser.id })
    if (rows.length === 0) throw new AppError('SUPPORT_ALREADY_DISABLED')
    const ended = await revokeUserSessions(tx, id, now)
    await audit(tx, { action: 'support.disable', resourceId: id, reason, before: { disabled: false }, after: { disabled: true, loginsEnded: ended } })
  })
  await userChanged(deps.kv, id)
}

/** support/enable: a disabled account may sign in again (its ended logins stay ended). */
export async function enableAccount(deps: SupportDeps, id: string, reason: string, audit: SupportAudit): Promise<void> {
  await requireAccount(deps.db, id)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(appUser)
      .set({ disabledAt: null, updatedAt: now })
      .where(and(eq(appUser.id, id), isNotNull(appUser.disabledAt)))
      .returning({ id: appUser.id })
    if (rows.length === 0) throw new AppError('SUPPORT_NOT_DISABLED')
    await audit(tx, { action: 'support.enable', resourceId: id, reason, before: { disabled: true }, after: { disabled: false } })
  })
  await userChanged(deps.kv, id)
}

/** support/unbind: the third-party module's rule (never the last way to sign in), audited. */
export async function unbindAccount(deps: SupportDeps, id: string, provider: ThirdPartyProvider, reason: string, origin: ClientOrigin, audit: SupportAudit): Promise<void> {
  await removeBinding(deps.db, id, provider, origin, deps.now(), 'SUPPORT_ACCOUNT_NOT_FOUND', (tx) =>
    audit(tx, { action: 'support.unbind', resourceId: id, reason, before: { provider, bound: true }, after: { provider, bound: false } }),
  )
  await userChanged(deps.kv, id)
}

/** support/reveal: the phone or the ID number in full; the audit row (without the value) is written first. */
export async function revealValue(deps: SupportDeps, id: string, field: SupportRevealField, reason: string, audit: SupportAudit): Promise<string> {
  const user = await requireAccount(deps.db, id)
  let value: string | null = null
  if (field === 'phone') value = user.phoneE164 ?? user.phone ?? null
  else {
    const record = await findCertification(deps.db, id)
    value = record ? openIdNo(deps.fieldCipher, { idNoCipher: record.employee.idNoCipher, companyCode: record.company.code, employeeNo: record.employee.employeeNo }) : null
  }
  if (!value) throw new AppError('SUPPORT_NOTHING_TO_REVEAL')
  await deps.db.transaction((tx) => audit(tx, { action: 'support.reveal', resourceId: id, reason, after: { field } }))
  return value
}
