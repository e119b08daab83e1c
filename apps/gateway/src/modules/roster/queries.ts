import { type SQL, and, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { PgColumn } from 'drizzle-orm/pg-core'
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

/** The employee columns an import writes from a row (with the ID number's cipher and index). */
const WRITTEN_KEYS = ['companyId', 'employeeNo', ...IDENTITY_FIELDS, ...OTHER_FIELDS, 'idNoCipher', 'idNoIndex'] as const
type Written = Pick<typeof employee.$inferInsert, (typeof WRITTEN_KEYS)[number]>

/** A column of a JSON record set: the row's key, the column's name and SQL type. */
type RecordColumn = readonly [key: string, name: string, type: string]
const recordColumn = (key: string, column: PgColumn): RecordColumn => [key, toSnakeCase(column.name), column.getSQLType()]
const WRITTEN_COLUMNS = WRITTEN_KEYS.map((key) => recordColumn(key, getTableColumns(employee)[key]))
const quoted = (columns: readonly RecordColumn[]) => columns.map(([, name]) => `"${name}"`)

/**
 * Rows sent as ONE JSON parameter and read back as a relation `r` (jsonb_to_recordset): a batch
 * is one statement with one parameter, whatever its size. Drizzle's multi-row insert built and
 * bound one parameter per cell (8,000 for 500 rows), most of the apply's time (bench/RESULTS.md,
 * roster import).
 */
function recordset(columns: readonly RecordColumn[], rows: ReadonlyArray<Record<string, unknown>>): SQL {
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([key, name]) => [name, row[key] ?? null]))))
  return sql`jsonb_to_recordset(${json}::text::jsonb) as r(${sql.raw(columns.map(([, name, type]) => `"${name}" ${type}`).join(', '))})`
}

/** Inserts new employees in one statement. */
async function insertEmployees(db: Database, rows: Written[], now: Date) {
  const names = sql.raw(quoted(WRITTEN_COLUMNS).join(', '))
  const at = now.toISOString()
  await db.execute(sql`insert into ${employee} (${names}, "created_at", "updated_at") select ${names}, ${at}::timestamptz, ${at}::timestamptz from ${recordset(WRITTEN_COLUMNS, rows)}`)
}

/** A change of one employee: its written columns, and whether its identity changed or it is employed again. */
type Change = Written & { id: string; identityChanged: boolean; rehired: boolean }
const CHANGE_COLUMNS: RecordColumn[] = [...WRITTEN_COLUMNS, recordColumn('id', employee.id), ['identityChanged', 'identity_changed', 'boolean'], ['rehired', 'rehired', 'boolean']]
/** The columns an update sets from the row (company and employee number are the row's key). */
const UPDATED = quoted(WRITTEN_COLUMNS.filter(([key]) => key !== 'companyId' && key !== 'employeeNo'))

/**
 * Updates changed employees in one statement: the written columns, the identity version raised
 * when the identity changed, an ended employment cleared when the employee is on the file again.
 */
async function updateEmployees(db: Database, changes: Change[], now: Date) {
  const set = sql.raw(
    [
      ...UPDATED.map((name) => `${name} = r.${name}`),
      `"identity_version" = "employee"."identity_version" + case when r."identity_changed" then 1 else 0 end`,
      `"employment_ended_on" = case when r."rehired" then null else "employee"."employment_ended_on" end`,
      `"employment_end_reason" = case when r."rehired" then null else "employee"."employment_end_reason" end`,
    ].join(', '),
  )
  await db.execute(sql`update ${employee} set ${set}, "updated_at" = ${now.toISOString()}::timestamptz from ${recordset(CHANGE_COLUMNS, changes)} where "employee"."id" = r."id"`)
}

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
  const inserts: Written[] = []
  const changes: Change[] = []
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
      inserts.push({ companyId, employeeNo: row.employeeNo, ...values, idNoCipher: sealIdNo(deps.fieldCipher, row.companyCode, row.employeeNo, row.idNo), idNoIndex: index })
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
    changes.push({
      id: existing.id,
      companyId,
      employeeNo: row.employeeNo,
      ...values,
      idNoCipher: existing.idNoIndex !== index ? sealIdNo(deps.fieldCipher, row.companyCode, row.employeeNo, row.idNo) : existing.idNoCipher,
      idNoIndex: index,
      identityChanged,
      rehired,
    })
    if (identityChanged) out.identityChanged++
    out.updated++
  }
  if (changes.length) await updateEmployees(db, changes, now)
  const ended = changes.filter((c) => c.identityChanged).map((c) => c.id)
  if (ended.length) {
    const users = await endVerificationsOf(db, ended, now)
    endedUsers?.push(...users)
  }
  if (inserts.length) await insertEmployees(db, inserts, now)
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
