import type { RosterEdit, RosterEmployee, RosterIssue } from '@ess/contract'
import { type SQL, and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appUser, clientCompany, employee, userCertification } from '../../db/schema'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import { DICTIONARIES } from '../dict/data'
import { maskEmail } from '../user/contact'
import { idNoIndex, maskIdNo, maskName } from './identity'
import { type RosterDeps, applyRoster, endVerificationsOf, openIdNo } from './queries'
import { ROSTER_COLUMNS, RosterRecordSchema, type RosterRow, rosterIssuesOf } from './rows'

const ID_TYPES = DICTIONARIES.idType.map(([value]) => value)

export interface RosterSearch {
  companyCode?: string
  name?: string
  employeeNo?: string
  idNo?: string
  status: 'active' | 'ended' | 'all'
}

const columns = {
  id: employee.id,
  companyId: employee.companyId,
  companyCode: clientCompany.code,
  companyNameZh: clientCompany.nameZh,
  companyNameEn: clientCompany.nameEn,
  employeeNo: employee.employeeNo,
  name: employee.name,
  pinyinName: employee.pinyinName,
  gender: employee.gender,
  birthdate: employee.birthdate,
  nationality: employee.nationality,
  idType: employee.idType,
  idNoCipher: employee.idNoCipher,
  idNoIndex: employee.idNoIndex,
  phone: employee.phone,
  email: employee.email,
  address: employee.address,
  postcode: employee.postcode,
  identityVersion: employee.identityVersion,
  employmentEndedOn: employee.employmentEndedOn,
  employmentEndReason: employee.employmentEndReason,
  updatedAt: employee.updatedAt,
  // The account verified as this employee now: its verification not ended and made against the
  // employee's current identity.
  certifiedAt: appUser.certifiedAt,
  recordIdentityVersion: userCertification.identityVersion,
  expiresAt: userCertification.expiresAt,
}
const baseQuery = (db: Database) =>
  db
    .select(columns)
    .from(employee)
    .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
    .leftJoin(userCertification, eq(userCertification.employeeId, employee.id))
    .leftJoin(appUser, eq(appUser.id, userCertification.userId))

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function whereOf(hmacKey: HmacKey, search: RosterSearch): SQL | undefined {
  const conditions: SQL[] = []
  if (search.status === 'active') conditions.push(isNull(employee.employmentEndedOn))
  if (search.status === 'ended') conditions.push(isNotNull(employee.employmentEndedOn))
  if (search.companyCode) conditions.push(eq(clientCompany.code, search.companyCode))
  if (search.employeeNo) conditions.push(sql`upper(${employee.employeeNo}) = ${search.employeeNo.toUpperCase()}`)
  if (search.name) conditions.push(ilike(employee.name, `%${escapeLike(search.name.normalize('NFKC').replace(/\s+/g, ''))}%`))
  // Exact, through the keyed index (the number itself is not stored in the clear): of any ID type.
  if (search.idNo) conditions.push(inArray(employee.idNoIndex, ID_TYPES.map((type) => idNoIndex(hmacKey, type, search.idNo!))))
  return conditions.length ? and(...conditions) : undefined
}

const verifiedOf = (row: EmployeeRow, now: Date) =>
  row.certifiedAt !== null && row.recordIdentityVersion === row.identityVersion && !!row.expiresAt && row.expiresAt.getTime() > now.getTime() && row.employmentEndedOn === null

const idNoOf = (cipher: FieldCipher, row: EmployeeRow) => openIdNo(cipher, { idNoCipher: row.idNoCipher, companyCode: row.companyCode, employeeNo: row.employeeNo })

function listItemOf(cipher: FieldCipher, row: EmployeeRow, now: Date) {
  return {
    id: row.id,
    companyCode: row.companyCode,
    companyNameZh: row.companyNameZh,
    companyNameEn: row.companyNameEn,
    employeeNo: row.employeeNo,
    name: maskName(row.name),
    idType: row.idType,
    idNo: maskIdNo(idNoOf(cipher, row)),
    phone: row.phone ? mask(row.phone) : null,
    employmentEndedOn: row.employmentEndedOn,
    verified: verifiedOf(row, now),
  }
}

/** An employee as the console shows it: every personal field masked as the module masks it. */
export function employeeOf(cipher: FieldCipher, row: EmployeeRow, now: Date): RosterEmployee {
  return {
    ...listItemOf(cipher, row, now),
    pinyinName: row.pinyinName ? maskName(row.pinyinName) : null,
    gender: row.gender,
    birthdate: row.birthdate ? `${row.birthdate.slice(0, 4)}-**-**` : null,
    nationality: row.nationality,
    email: row.email ? maskEmail(row.email) : null,
    address: row.address ? mask(row.address, { keepStart: 6, keepEnd: 0 }) : null,
    postcode: row.postcode ? mask(row.postcode, { keepStart: 3, keepEnd: 0 }) : null,
    employmentEndReason: row.employmentEndReason,
    identityVersion: row.identityVersion,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function searchEmployees(db: Database, deps: RosterDeps, search: RosterSearch, page: number, pageSize: number, now: Date) {
  const where = whereOf(deps.hmacKey, search)
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(asc(clientCompany.code), asc(employee.employeeNo))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [{ total }] = await db.select({ total: count() }).from(employee).innerJoin(clientCompany, eq(clientCompany.id, employee.companyId)).where(where)
  return { items: rows.map((row) => listItemOf(deps.fieldCipher, row, now)), total }
}

export async function findEmployeeRow(db: Database, id: string): Promise<EmployeeRow> {
  const [row] = await baseQuery(db).where(eq(employee.id, id))
  if (!row) throw new AppError('ROSTER_EMPLOYEE_NOT_FOUND')
  return row
}

export async function listCompanies(db: Database) {
  return db
    .select({ code: clientCompany.code, nameZh: clientCompany.nameZh, nameEn: clientCompany.nameEn, employees: sql<number>`count(${employee.id})::int` })
    .from(clientCompany)
    .leftJoin(employee, and(eq(employee.companyId, clientCompany.id), isNull(employee.employmentEndedOn)))
    .groupBy(clientCompany.id)
    .orderBy(asc(clientCompany.code))
}

/** The CSV record of an employee (the import's columns), its ID number opened. */
export function recordOf(cipher: FieldCipher, row: EmployeeRow): Record<(typeof ROSTER_COLUMNS)[number], string> {
  return {
    company_code: row.companyCode,
    company_name_zh: row.companyNameZh,
    company_name_en: row.companyNameEn,
    employee_no: row.employeeNo,
    name: row.name,
    pinyin_name: row.pinyinName ?? '',
    gender: row.gender,
    birthdate: row.birthdate ?? '',
    nationality: row.nationality ?? '',
    id_type: row.idType,
    id_no: idNoOf(cipher, row),
    phone: row.phone ?? '',
    email: row.email ?? '',
    address: row.address ?? '',
    postcode: row.postcode ?? '',
  }
}

const EDIT_COLUMNS: Record<keyof RosterEdit, (typeof ROSTER_COLUMNS)[number]> = {
  name: 'name',
  pinyinName: 'pinyin_name',
  gender: 'gender',
  birthdate: 'birthdate',
  nationality: 'nationality',
  idType: 'id_type',
  idNo: 'id_no',
  phone: 'phone',
  email: 'email',
  address: 'address',
  postcode: 'postcode',
}

/** A snapshot for the audit log: names masked here, the other personal keys by the audit module. */
function auditSnapshotOf(row: RosterRow, keys: Array<keyof RosterEdit>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    const value = row[key]
    out[key] = value === null ? null : key === 'name' || key === 'pinyinName' ? maskName(String(value)) : key === 'idNo' ? maskIdNo(String(value)) : value
  }
  return out
}

export type EditOutcome =
  | { ok: false; issues: RosterIssue[] }
  | { ok: true; before: Record<string, unknown>; after: Record<string, unknown>; changed: boolean; endedUsers: string[] }

/**
 * An edit, checked by the import's row rules on the merged record, written by the import's own
 * writer (so a change of identity raises the identity version and ends the real-name link exactly
 * as an import does). The caller holds the transaction.
 */
export async function editEmployee(db: Database, deps: RosterDeps, id: string, edit: RosterEdit, now: Date): Promise<EditOutcome> {
  const current = await findEmployeeRow(db, id)
  if (current.employmentEndedOn !== null) throw new AppError('ROSTER_EMPLOYMENT_ENDED')
  const record = recordOf(deps.fieldCipher, current)
  const keys = (Object.keys(edit) as Array<keyof RosterEdit>).filter((k) => edit[k] !== undefined)
  for (const key of keys) record[EDIT_COLUMNS[key]] = edit[key] ?? ''
  const parsed = RosterRecordSchema.safeParse(record)
  if (!parsed.success) return { ok: false, issues: rosterIssuesOf(parsed.error) }
  const row = parsed.data
  const beforeRow = RosterRecordSchema.parse(recordOf(deps.fieldCipher, current))
  const index = idNoIndex(deps.hmacKey, row.idType, row.idNo)
  if (index !== current.idNoIndex) {
    const [holder] = await db.select({ id: employee.id }).from(employee).where(and(eq(employee.idNoIndex, index)))
    if (holder && holder.id !== id) throw new AppError('ROSTER_ID_TAKEN')
  }
  const endedUsers: string[] = []
  const written = await applyRoster(db, deps, [row], now, endedUsers)
  const changedKeys = keys.filter((k) => JSON.stringify(row[k]) !== JSON.stringify(beforeRow[k]))
  return { ok: true, before: auditSnapshotOf(beforeRow, changedKeys), after: auditSnapshotOf(row, changedKeys), changed: written.updated > 0, endedUsers }
}

/** Ends an employment: the last day and the reason kept, the real-name link of its account ended. */
export async function endEmployment(db: Database, id: string, endedOn: string, reason: string, now: Date): Promise<{ endedUsers: string[] }> {
  const current = await findEmployeeRow(db, id)
  if (current.employmentEndedOn !== null) throw new AppError('ROSTER_EMPLOYMENT_ENDED')
  await db.update(employee).set({ employmentEndedOn: endedOn, employmentEndReason: reason, updatedAt: now }).where(eq(employee.id, id))
  return { endedUsers: await endVerificationsOf(db, [id], now) }
}

/** The active roster in batches (keyset on the id), for the export: never the whole roster at once. */
export async function* rosterBatches(db: Database, companyCode: string | undefined, size: number): AsyncGenerator<EmployeeRow[]> {
  let after: string | null = null
  for (;;) {
    const conditions: SQL[] = [isNull(employee.employmentEndedOn), ...(companyCode ? [eq(clientCompany.code, companyCode)] : []), ...(after ? [gt(employee.id, after)] : [])]
    const rows: EmployeeRow[] = await baseQuery(db)
      .where(and(...conditions))
      .orderBy(asc(employee.id))
      .limit(size)
    if (!rows.length) return
    yield rows
    if (rows.length < size) return
    after = rows[rows.length - 1].id
  }
}

export { idNoOf }
