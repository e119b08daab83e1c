import type { EditPersonalInfoBody, Locale, PersonalInfo, UserInfo } from '@ess/contract'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import { certificationExpired as certificationRecordExpired, toCertification } from '../certification/service'
import { type CertificationWithEmployee, findCertification } from '../certification/queries'
import type { Kv } from '../../infra/kv/kv'
import { StampedCache } from '../session/user-stamp'
import { maskIdNo } from '../roster/identity'
import { openIdNo } from '../roster/queries'
import { type Auth, certificationExpired } from '../session/service'
import { maskEmail } from './contact'
import { recordCollection } from '../privacy/ledger'
import { avatarUrl } from './avatar'
import { findUserWithAvatar, updatePersonalFields, usernameTaken } from './queries'

/** What getUserInfo reads of a user: the account with its avatar's digest, and its certification. */
interface UserRecord {
  user: NonNullable<Awaited<ReturnType<typeof findUserWithAvatar>>>
  record: CertificationWithEmployee | undefined
}

export type UserInfoCache = StampedCache<UserRecord>

export const newUserInfoCache = (kv: Kv): UserInfoCache => new StampedCache<UserRecord>(kv, 'user_info')

export interface UserDeps {
  db: Database
  fieldCipher: FieldCipher
  now: () => Date
  /**
   * What this process last read for getUserInfo, by user id (kept while the user's stamp stands).
   * Left out by a call that has just written the user (its stamp is replaced only as it answers).
   */
  userInfoCache?: UserInfoCache
}

async function loadUserRecord(db: Database, userId: string): Promise<UserRecord | undefined> {
  const user = await findUserWithAvatar(db, userId)
  if (!user) return undefined
  return { user, record: user.certificationStatus === 1 ? await findCertification(db, userId) : undefined }
}

/**
 * The user info of SPEC §3, with the certification record attached. With the cache, what this
 * process keeps of the user is checked against the stamp the access check read for this request
 * (`auth.stamp`): one KV read per call, not two.
 */
export async function getUserInfo(deps: UserDeps, auth: Pick<Auth, 'userId' | 'stamp'>, locale: Locale): Promise<UserInfo> {
  const now = deps.now()
  const { userId } = auth
  const load = () => loadUserRecord(deps.db, userId)
  const found = deps.userInfoCache ? await deps.userInfoCache.get(userId, now, load, (value) => value.user.id, { userId, stamp: auth.stamp }) : await load()
  if (!found) throw new AppError('SESSION_INVALID')
  const { user, record } = found
  const certified = user.certificationStatus === 1
  return {
    userId: user.id,
    phone: user.phone,
    phoneRegion: user.phoneRegion,
    email: user.email,
    username: user.username,
    photo: user.avatarSha256 ? avatarUrl(userId, user.avatarSha256) : null,
    gender: user.gender,
    birthdate: user.birthdate,
    certificationStatus: certified ? 1 : 0,
    isExpired: certified && (certificationExpired(user.certifiedAt, now) || (record ? certificationRecordExpired(record, now) : false)),
    certification: record ? toCertification(deps.fieldCipher, record, locale, now) : null,
    hasPassword: user.hasPassword,
  }
}

/**
 * The personal info of SPEC §2: identity fields from the roster employee the user verified as
 * (masked ID), null before any verification; contact fields masked; address and postcode the
 * user's own, else the roster's.
 */
export async function getPersonalInfo(deps: UserDeps, userId: string, locale: Locale): Promise<PersonalInfo> {
  const now = deps.now()
  const user = await findUserWithAvatar(deps.db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  const record = await findCertification(deps.db, userId)
  const e = record?.employee
  return {
    name: e?.name ?? null,
    pinyinName: e?.pinyinName ?? null,
    gender: e?.gender ?? user.gender,
    birthdate: e?.birthdate ?? user.birthdate,
    nationality: e?.nationality ?? null,
    companyName: record ? (locale === 'en-US' ? record.company.nameEn : record.company.nameZh) : null,
    idType: e?.idType ?? null,
    idNo: record && e ? maskIdNo(openIdNo(deps.fieldCipher, { idNoCipher: e.idNoCipher, companyCode: record.company.code, employeeNo: e.employeeNo })) : null,
    employeeNo: e?.employeeNo ?? null,
    phone: user.phone ? mask(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    address: user.address ?? e?.address ?? null,
    postcode: user.postcode ?? e?.postcode ?? null,
    photo: user.avatarSha256 ? avatarUrl(userId, user.avatarSha256) : null,
    username: user.username,
    certified: user.certificationStatus === 1 && !certificationExpired(user.certifiedAt, now) && !!record && !certificationRecordExpired(record, now),
  }
}

/** Edits username, address and postcode; USERNAME_TAKEN when another account has the name. */
export async function editPersonalInfo(
  deps: UserDeps,
  userId: string,
  input: { username?: string; address?: string | null; postcode?: string | null },
  locale: Locale,
): Promise<PersonalInfo> {
  const username = input.username?.toLowerCase()
  if (username && (await usernameTaken(deps.db, username, userId))) throw new AppError('USERNAME_TAKEN')
  const changed = await updatePersonalFields(deps.db, userId, { ...input, ...(username ? { username } : {}) }, deps.now())
  if (!changed) throw new AppError('USERNAME_TAKEN')
  const fields = (['username', 'address', 'postcode'] as const).filter((field) => input[field])
  await recordCollection(deps.db, userId, 'profileEdit', fields.length ? [{ type: 'profile', masked: fields.join(' · '), count: fields.length }] : [], deps.now())
  return getPersonalInfo(deps, userId, locale)
}

export type { EditPersonalInfoBody }
