import {
  type Certification,
  type CertificationCheckBody,
  type Locale,
  REAL_NAME_VALIDITY_DAYS,
  RESIDENT_ID_TYPE,
} from '@ess/contract'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { chinaDay, countToday } from '../../lib/throttle'
import { maskBankCard, maskIdNo, maskName, normaliseName } from '../roster/identity'
import { findEmployeeByIdNo, openIdNo } from '../roster/queries'
import { useCode } from '../verify/codes'
import { type CertificationWithEmployee, findCertification, linkedUserOf, saveCertification } from './queries'
import { type Collected, recordCollection } from '../privacy/ledger'
import { mask } from '../../infra/crypto/mask'

/** What a real-name check collects (the privacy ledger). */
function collectedBy(input: CheckInput): Collected[] {
  const base: Collected[] = [
    { type: 'name', masked: maskName(input.name) },
    { type: 'idNumber', masked: maskIdNo(input.idNo) },
  ]
  if (input.method !== 'bankCard') return base
  return [...base, { type: 'bankCard', masked: maskBankCard(input.cardNo.slice(-4)) }, { type: 'bankPhone', masked: mask(input.bankPhone) }]
}

export interface CertificationDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  fieldCipher: FieldCipher
}

/** Failed real-name checks a user may make in one day (China time) before being refused until tomorrow. */
export const REAL_NAME_DAILY_FAILURES = 5
const failuresKey = (userId: string) => `realname:fail:${userId}`
const DAY_MS = 86_400_000

/** The parsed body of certification/check. */
export type CheckInput = Extract<CertificationCheckBody, { method: 'idNumber' }> | Extract<CertificationCheckBody, { method: 'bankCard' }>

async function failuresToday(kv: Kv, userId: string, now: Date): Promise<number> {
  return Number((await kv.get(`${failuresKey(userId)}:${chinaDay(now)}`)) ?? 0)
}

/** A failed check: counted against today's limit, then the SPEC's real-name failure text. */
async function refuse(kv: Kv, userId: string, now: Date): Promise<never> {
  await countToday(kv, failuresKey(userId), now)
  throw new AppError('REAL_NAME_FAILED')
}

/** Whether a certification still counts: not past its 90 days, and the roster identity it matched unchanged. */
export function certificationExpired(row: Pick<CertificationWithEmployee, 'expiresAt' | 'userCertifiedAt' | 'recordIdentityVersion' | 'employee'>, now: Date): boolean {
  return !row.userCertifiedAt || now.getTime() > row.expiresAt.getTime() || row.recordIdentityVersion !== row.employee.identityVersion
}

/** The record as answered: masked name, ID and card; the company in the caller's language. */
export function toCertification(cipher: FieldCipher, row: CertificationWithEmployee, locale: Locale, now: Date): Certification {
  const idNo = openIdNo(cipher, { idNoCipher: row.employee.idNoCipher, companyCode: row.company.code, employeeNo: row.employee.employeeNo })
  return {
    method: row.method,
    realName: maskName(row.employee.name),
    idType: row.employee.idType,
    idNo: maskIdNo(idNo),
    bankCard: row.bankCardLast4 ? maskBankCard(row.bankCardLast4) : null,
    companyName: locale === 'en-US' ? row.company.nameEn : row.company.nameZh,
    employeeNo: row.employee.employeeNo,
    certifiedAt: row.certifiedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: certificationExpired(row, now),
    validityDays: REAL_NAME_VALIDITY_DAYS,
  }
}

/**
 * certification/check (SPEC §4): the name and ID number must match one employee on the roster;
 * by bank card, the SMS code sent to the bank's phone must be right and that phone must be the
 * employee's on the roster when the roster has one. Every mismatch answers REAL_NAME_FAILED and
 * counts against REAL_NAME_DAILY_FAILURES; an employee is linked to one account only.
 */
export async function checkCertification(deps: CertificationDeps, userId: string, input: CheckInput, locale: Locale): Promise<Certification> {
  const now = deps.now()
  if ((await failuresToday(deps.kv, userId, now)) >= REAL_NAME_DAILY_FAILURES) throw new AppError('REAL_NAME_TOO_MANY_ATTEMPTS')

  if (input.method === 'bankCard') {
    // A wrong code is its own refusal (the code counts its tries), before the roster is read.
    await useCode(deps, { scene: 'realName', channel: 'sms', to: `+86${input.bankPhone}` }, input.code)
  }
  const found = await findEmployeeByIdNo(deps.db, deps.hmacKey, RESIDENT_ID_TYPE, input.idNo)
  // An employee whose employment ended (console) is no longer on the roster for a verification.
  if (!found || found.employmentEndedOn !== null || normaliseName(found.name) !== normaliseName(input.name)) return refuse(deps.kv, userId, now)
  if (input.method === 'bankCard' && found.phone && found.phone !== input.bankPhone) return refuse(deps.kv, userId, now)

  const linked = await linkedUserOf(deps.db, found.id)
  if (linked && linked !== userId) throw new AppError('EMPLOYEE_ALREADY_LINKED')

  const idNo = input.idNo
  const person = { gender: (Number(idNo[16]) % 2 === 1 ? 'M' : 'F') as 'M' | 'F', birthdate: idNo.length === 18 ? `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}` : null }
  const saved = await saveCertification(
    deps.db,
    {
      userId,
      employeeId: found.id,
      method: input.method,
      identityVersion: found.identityVersion,
      certifiedAt: now,
      expiresAt: new Date(now.getTime() + REAL_NAME_VALIDITY_DAYS * DAY_MS),
      ...(input.method === 'bankCard'
        ? { bankCardCipher: deps.fieldCipher.encrypt(input.cardNo, `certification.bankCard:${userId}`), bankCardLast4: input.cardNo.slice(-4) }
        : {}),
    },
    person,
  )
  if (!saved) throw new AppError('EMPLOYEE_ALREADY_LINKED')
  await recordCollection(deps.db, userId, 'realName', collectedBy(input), now)
  const row = await findCertification(deps.db, userId)
  if (!row) throw new AppError('SERVER_ERROR')
  return toCertification(deps.fieldCipher, row, locale, now)
}

/** certification/getInfo: the record, or null when the user never verified. */
export async function getCertification(deps: Pick<CertificationDeps, 'db' | 'fieldCipher' | 'now'>, userId: string, locale: Locale): Promise<Certification | null> {
  const row = await findCertification(deps.db, userId)
  return row ? toCertification(deps.fieldCipher, row, locale, deps.now()) : null
}
