import { setImmediate } from 'node:timers/promises'
import { type Column, and, asc, eq, gt, isNotNull, not, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { clientCompany, employee, operator, operatorEnrollment, userCertification } from '../../db/schema'
import { type FieldCipher, LEGACY_KEY_ID } from '../../infra/crypto/field-cipher'
import { idNoContext } from '../roster/identity'

/** The prefix of values sealed under a key: what a re-encryption pass skips. */
const prefixOf = (keyId: string) => (keyId === LEGACY_KEY_ID ? 'v1.' : `v2.${keyId}.`)
const notUnder = (column: Column, keyId: string) =>
  not(sql`starts_with(${column}, ${prefixOf(keyId)})`)

export interface SealedValue {
  /** Column and row, for messages: `employee.id_no:<id>`. */
  where: string
  sealed: string
  context: string
}

/**
 * Every column holding field-encrypted values, each read in pages of values not sealed under
 * `keyId` (all of them when `keyId` is undefined) and written back only where the value is still
 * the one read (a compare-and-set: a value a gateway replaced meanwhile is not overwritten).
 */
const COLUMNS = [
  {
    name: 'employee.id_no',
    async page(db: Database, keyId: string | undefined, after: string, limit: number): Promise<Array<SealedValue & { id: string }>> {
      const rows = await db
        .select({ id: employee.id, sealed: employee.idNoCipher, employeeNo: employee.employeeNo, companyCode: clientCompany.code })
        .from(employee)
        .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
        .where(and(gt(employee.id, after), keyId === undefined ? undefined : notUnder(employee.idNoCipher, keyId)))
        .orderBy(asc(employee.id))
        .limit(limit)
      return rows.map((r) => ({ id: r.id, where: `employee.id_no:${r.id}`, sealed: r.sealed, context: idNoContext(r.companyCode, r.employeeNo) }))
    },
    async replace(db: Database, id: string, from: string, to: string): Promise<boolean> {
      const done = await db.update(employee).set({ idNoCipher: to }).where(and(eq(employee.id, id), eq(employee.idNoCipher, from))).returning({ id: employee.id })
      return done.length === 1
    },
  },
  {
    name: 'user_certification.bank_card',
    async page(db: Database, keyId: string | undefined, after: string, limit: number): Promise<Array<SealedValue & { id: string }>> {
      const rows = await db
        .select({ id: userCertification.userId, sealed: userCertification.bankCardCipher })
        .from(userCertification)
        .where(and(gt(userCertification.userId, after), isNotNull(userCertification.bankCardCipher), keyId === undefined ? undefined : notUnder(userCertification.bankCardCipher, keyId)))
        .orderBy(asc(userCertification.userId))
        .limit(limit)
      return rows.map((r) => ({ id: r.id, where: `user_certification.bank_card:${r.id}`, sealed: r.sealed!, context: `certification.bankCard:${r.id}` }))
    },
    async replace(db: Database, id: string, from: string, to: string): Promise<boolean> {
      const done = await db
        .update(userCertification)
        .set({ bankCardCipher: to })
        .where(and(eq(userCertification.userId, id), eq(userCertification.bankCardCipher, from)))
        .returning({ id: userCertification.userId })
      return done.length === 1
    },
  },
  {
    // The operators' TOTP secrets (modules/operator): a secret left under a retired key would lock its operator out.
    name: 'operator.totp_secret',
    async page(db: Database, keyId: string | undefined, after: string, limit: number): Promise<Array<SealedValue & { id: string }>> {
      const rows = await db
        .select({ id: operator.id, sealed: operator.totpSecret })
        .from(operator)
        .where(and(gt(operator.id, after), isNotNull(operator.totpSecret), keyId === undefined ? undefined : notUnder(operator.totpSecret, keyId)))
        .orderBy(asc(operator.id))
        .limit(limit)
      return rows.map((r) => ({ id: r.id, where: `operator.totp_secret:${r.id}`, sealed: r.sealed!, context: `operator.totp:${r.id}` }))
    },
    async replace(db: Database, id: string, from: string, to: string): Promise<boolean> {
      const done = await db.update(operator).set({ totpSecret: to }).where(and(eq(operator.id, id), eq(operator.totpSecret, from))).returning({ id: operator.id })
      return done.length === 1
    },
  },
  {
    // The secrets of enrollment links not used yet, keyed by the token's digest (text, not a uuid: the first page has no lower bound).
    name: 'operator_enrollment.totp_secret',
    async page(db: Database, keyId: string | undefined, after: string, limit: number): Promise<Array<SealedValue & { id: string }>> {
      const rows = await db
        .select({ id: operatorEnrollment.tokenHash, sealed: operatorEnrollment.totpSecret })
        .from(operatorEnrollment)
        .where(and(after === FIRST_UUID ? undefined : gt(operatorEnrollment.tokenHash, after), keyId === undefined ? undefined : notUnder(operatorEnrollment.totpSecret, keyId)))
        .orderBy(asc(operatorEnrollment.tokenHash))
        .limit(limit)
      return rows.map((r) => ({ id: r.id, where: `operator_enrollment.totp_secret:${r.id.slice(0, 8)}`, sealed: r.sealed, context: `operator.enrollment:${r.id}` }))
    },
    async replace(db: Database, id: string, from: string, to: string): Promise<boolean> {
      const done = await db
        .update(operatorEnrollment)
        .set({ totpSecret: to })
        .where(and(eq(operatorEnrollment.tokenHash, id), eq(operatorEnrollment.totpSecret, from)))
        .returning({ id: operatorEnrollment.tokenHash })
      return done.length === 1
    },
  },
] as const

const FIRST_UUID = '00000000-0000-0000-0000-000000000000'

export interface ResealProgress {
  column: string
  resealed: number
}

/**
 * Re-seals under the current key every value sealed under another, `batchSize` rows a statement,
 * while gateways keep reading and writing: each row is replaced only if it still holds the value
 * read, and a row a gateway rewrote meanwhile was sealed under the current key by that gateway
 * (it looks the key up at each encryption). Pages go forward by id, so each row is visited once.
 */
export async function resealFieldValues(
  db: Database,
  cipher: FieldCipher,
  { batchSize = 200, onBatch }: { batchSize?: number; onBatch?: (progress: ResealProgress) => void } = {},
): Promise<Record<string, number>> {
  const target = cipher.currentKeyId()
  const counts: Record<string, number> = {}
  for (const column of COLUMNS) {
    counts[column.name] = 0
    for (let after = FIRST_UUID; ; ) {
      const page = await column.page(db, target, after, batchSize)
      if (!page.length) break
      for (const value of page) {
        const plain = cipher.decrypt(value.sealed, value.context)
        if (await column.replace(db, value.id, value.sealed, cipher.encrypt(plain, value.context))) counts[column.name]++
      }
      after = page[page.length - 1].id
      onBatch?.({ column: column.name, resealed: counts[column.name] })
      // PGlite answers in microtasks: a turn of the event loop between batches lets the requests of
      // a gateway sharing the process in (PostgreSQL's network round trips do that anyway).
      await setImmediate()
    }
  }
  return counts
}

/** How many values each key seals (ids as in the values: `v1` for the first key). */
export async function countByKey(db: Database, cipher: Pick<FieldCipher, 'keyIdOf'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const column of COLUMNS) {
    for (let after = FIRST_UUID; ; ) {
      const page = await column.page(db, undefined, after, 1000)
      if (!page.length) break
      for (const value of page) {
        const id = cipher.keyIdOf(value.sealed)
        counts[id] = (counts[id] ?? 0) + 1
      }
      after = page[page.length - 1].id
    }
  }
  return counts
}

/** A few sealed values of each column (the restore's sample decryption). */
export async function sampleSealedValues(db: Database, perColumn = 5): Promise<SealedValue[]> {
  const out: SealedValue[] = []
  for (const column of COLUMNS) out.push(...(await column.page(db, undefined, FIRST_UUID, perColumn)))
  return out
}
