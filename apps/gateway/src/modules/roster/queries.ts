import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appUser, clientCompany, employee, userCertification } from '../../db/schema'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { idNoContext, idNoIndex, normaliseIdNo, sealIdNo } from './identity'
import type { RosterRow } from './rows'

export interface RosterDeps {
  fieldCipher: FieldCipher
  hmacKey: HmacKey
}

export interface RosterWrite {
  companies: number
  inserted: number
  updated: number
  unchanged: number
  /** Employees whose identity changed: their real-name verification ended. */
  identityChanged: number
}

/** The fields that identify a person: a change ends a verification made against the old ones. */
const IDENTITY_FIELDS = ['name', 'gender', 'birthdate', 'nationality', 'idType'] as const
const OTHER_FIELDS = ['pinyinName', 'phone', 'email', 'address', 'postcode'] as const

/**
 * Writes roster rows (one transaction is the caller's): companies by code, employees by company +
 * employee number. Touches only what differs: the same rows twice write nothing. An identity change
 * (name, gender, birth date, nationality, ID type or number) raises the employee's identity version
 * and ends the verification of the account linked to it.
 */
export async function applyRoster(db: Database, deps: RosterDeps, rows: readonly RosterRow[], now: Date, endedUsers?: string[]): Promise<RosterWrite> {
  const out: RosterWrite = { companies: 0, inserted: 0, updated: 0, unchanged: 0, identityChanged: 0 }
  if (!rows.length) return out
  const companyIds = new Map<string, number>()
  const codes = [...new Set(rows.map((r) => r.companyCode))]
  const existingCompanies = new Map((await db.select().from(clientCompany).where(inArray(clientCompany.code, codes))).map((c) => [c.code, c]))
  for (const row of rows) {
    if (companyIds.has(row.companyCode)) continue
    const existing = existingCompanies.get(row.companyCode)
    if (!existing) {
      const [created] = await db
        .insert(clientCompany)
        .values({ code: row.companyCode, nameZh: row.companyNameZh, nameEn: row.companyNameEn, createdAt: now, updatedAt: now })
        .returning({ id: clientCompany.id })
      companyIds.set(row.companyCode, created.id)
      out.companies++
    } else {
      if (existing.nameZh !== row.companyNameZh || existing.nameEn !== row.companyNameEn) {
        await db.update(clientCompany).set({ nameZh: row.companyNameZh, nameEn: row.companyNameEn, updatedAt: now }).where(eq(clientCompany.id, existing.id))
        out.companies++
      }
      companyIds.set(row.companyCode, existing.id)
    }
  }

  // The employees of these rows already on the roster, in one look-up.
  const keyOf = (companyId: number, employeeNo: string) => `${companyId}/${employeeNo}`
  const existingEmployees = new Map(
    (
      await db
        .select()
        .from(employee)
        .where(and(inArray(employee.companyId, [...companyIds.values()]), inArray(employee.employeeNo, [...new Set(rows.map((r) => r.employeeNo))])))
    ).map((e) => [keyOf(e.companyId, e.employeeNo), e]),
  )
  const inserts: Array<typeof employee.$inferInsert> = []
  const ended: string[] = []
  for (const row of rows) {
    const companyId = companyIds.get(row.companyCode)!
    const index = idNoIndex(deps.hmacKey, row.idType, row.idNo)
    const values = {
      name: row.name,
      pinyinName: row.pinyinName,
      gender: row.gender,
      birthdate: row.birthdate,
      nationality: row.nationality,
      idType: row.idType,
      phone: row.phone,
      email: row.email,
      address: row.address,
      postcode: row.postcode,
    }
    const existing = existingEmployees.get(keyOf(companyId, row.employeeNo))
    if (!existing) {
      inserts.push({
        companyId,
        employeeNo: row.employeeNo,
        ...values,
        idNoCipher: sealIdNo(deps.fieldCipher, row.companyCode, row.employeeNo, row.idNo),
        idNoIndex: index,
        createdAt: now,
        updatedAt: now,
      })
      out.inserted++
      continue
    }
    const identityChanged = existing.idNoIndex !== index || IDENTITY_FIELDS.some((f) => existing[f] !== values[f])
    const otherChanged = OTHER_FIELDS.some((f) => existing[f] !== values[f])
    // An employee whose employment had ended and who is on the file again is employed again.
    const rehired = existing.employmentEndedOn !== null
    if (!identityChanged && !otherChanged && !rehired) {
      out.unchanged++
      continue
    }
    await db
      .update(employee)
      .set({
        ...values,
        ...(existing.idNoIndex !== index ? { idNoCipher: sealIdNo(deps.fieldCipher, row.companyCode, row.employeeNo, row.idNo), idNoIndex: index } : {}),
        ...(identityChanged ? { identityVersion: sql`${employee.identityVersion} + 1` } : {}),
        ...(rehired ? { employmentEndedOn: null, employmentEndReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(employee.id, existing.id))
    if (identityChanged) {
      out.identityChanged++
      ended.push(existing.id)
    }
    out.updated++
  }
  if (ended.length) {
    const users = await endVerificationsOf(db, ended, now)
    endedUsers?.push(...users)
  }
  if (inserts.length) await db.insert(employee).values(inserts)
  return out
}

/**
 * Ends the real-name verification of the accounts linked to these employees (their record then
 * counts as ended: `isExpired`, "verification ended" in the portal, verify again). Answers the
 * accounts whose verification ended, so a caller with the KV can renew their stamps.
 */
export async function endVerificationsOf(db: Database, employeeIds: string[], now: Date): Promise<string[]> {
  const linked = db.select({ userId: userCertification.userId }).from(userCertification).where(inArray(userCertification.employeeId, employeeIds))
  const users = await db
    .update(appUser)
    .set({ certifiedAt: null, updatedAt: now })
    .where(and(inArray(appUser.id, linked), isNotNull(appUser.certifiedAt)))
    .returning({ id: appUser.id })
  return users.map((u) => u.id)
}

/** The employee an ID number belongs to (by its keyed index), with the company. */
export async function findEmployeeByIdNo(db: Database, hmacKey: HmacKey, idType: string, idNo: string) {
  const [row] = await db
    .select({
      id: employee.id,
      name: employee.name,
      idType: employee.idType,
      idNoCipher: employee.idNoCipher,
      employeeNo: employee.employeeNo,
      phone: employee.phone,
      identityVersion: employee.identityVersion,
      employmentEndedOn: employee.employmentEndedOn,
      companyCode: clientCompany.code,
    })
    .from(employee)
    .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
    .where(eq(employee.idNoIndex, idNoIndex(hmacKey, idType, idNo)))
  return row
}

/** The ID number of an employee, decrypted (for the masked forms shown to its own user). */
export function openIdNo(cipher: FieldCipher, row: { idNoCipher: string; companyCode: string; employeeNo: string }): string {
  return normaliseIdNo(cipher.decrypt(row.idNoCipher, idNoContext(row.companyCode, row.employeeNo)))
}

/** The employee of a company by their employee number (the support look-up), with the company. */
export async function findEmployeeByNumber(db: Database, companyCode: string, employeeNo: string) {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
    .where(and(eq(clientCompany.code, companyCode), eq(employee.employeeNo, employeeNo)))
  return row
}
