import type { AgreementCode, AgreementType } from '@ess/contract'
import { and, asc, desc, eq, lte } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { agreement, agreementVersion, userAgreement } from '../../db/schema'
import { updateWhenChanged } from '../../db/upsert'

/** The current version (latest published up to `now`) of each agreement of a set, in display order. */
export async function listCurrentVersions(db: Database, setType: AgreementType, now: Date) {
  const rows = await db
    .selectDistinctOn([agreement.id], {
      id: agreementVersion.id,
      code: agreement.code,
      sortOrder: agreement.sortOrder,
      version: agreementVersion.version,
      publishedAt: agreementVersion.publishedAt,
      required: agreementVersion.required,
      nameZh: agreementVersion.nameZh,
      nameEn: agreementVersion.nameEn,
    })
    .from(agreement)
    .innerJoin(agreementVersion, eq(agreementVersion.agreementId, agreement.id))
    .where(and(eq(agreement.setType, setType), lte(agreementVersion.publishedAt, now)))
    .orderBy(asc(agreement.id), desc(agreementVersion.publishedAt), desc(agreementVersion.id))
  return rows.sort((a, b) => a.sortOrder - b.sortOrder)
}

/** A published version by agreement code and version, with its texts. */
export async function findVersion(db: Database, code: AgreementCode, version: string, now: Date) {
  const [row] = await db
    .select({
      version: agreementVersion.version,
      publishedAt: agreementVersion.publishedAt,
      nameZh: agreementVersion.nameZh,
      nameEn: agreementVersion.nameEn,
      bodyZh: agreementVersion.bodyZh,
      bodyEn: agreementVersion.bodyEn,
    })
    .from(agreementVersion)
    .innerJoin(agreement, eq(agreementVersion.agreementId, agreement.id))
    .where(and(eq(agreement.code, code), eq(agreementVersion.version, version), lte(agreementVersion.publishedAt, now)))
  return row
}

/** Inserts or updates an agreement by code; returns its id and whether a row was written. */
export async function upsertAgreement(db: Database, row: typeof agreement.$inferInsert) {
  const [written] = await db
    .insert(agreement)
    .values(row)
    .onConflictDoUpdate({
      target: agreement.code,
      ...updateWhenChanged({ setType: agreement.setType, sortOrder: agreement.sortOrder }),
    })
    .returning({ id: agreement.id })
  if (written) return { id: written.id, written: true }
  const [existing] = await db.select({ id: agreement.id }).from(agreement).where(eq(agreement.code, row.code))
  return { id: existing.id, written: false }
}

type VersionRow = typeof agreementVersion.$inferInsert

/** Inserts a version unless it exists; returns the stored row (the existing one when it did). */
export async function insertVersionIfAbsent(db: Database, row: VersionRow) {
  const [inserted] = await db.insert(agreementVersion).values(row).onConflictDoNothing().returning({ id: agreementVersion.id })
  const [stored] = await db
    .select({
      publishedAt: agreementVersion.publishedAt,
      required: agreementVersion.required,
      nameZh: agreementVersion.nameZh,
      nameEn: agreementVersion.nameEn,
      bodyZh: agreementVersion.bodyZh,
      bodyEn: agreementVersion.bodyEn,
    })
    .from(agreementVersion)
    .where(and(eq(agreementVersion.agreementId, row.agreementId), eq(agreementVersion.version, row.version)))
  return { inserted: Boolean(inserted), stored }
}

/** Every version a user signed, newest signature first. */
export function listSignedVersions(db: Database, userId: string) {
  return db
    .select({
      id: agreementVersion.id,
      agreementId: agreementVersion.agreementId,
      code: agreement.code,
      version: agreementVersion.version,
      nameZh: agreementVersion.nameZh,
      nameEn: agreementVersion.nameEn,
      signedAt: userAgreement.signedAt,
    })
    .from(userAgreement)
    .innerJoin(agreementVersion, eq(agreementVersion.id, userAgreement.agreementVersionId))
    .innerJoin(agreement, eq(agreement.id, agreementVersion.agreementId))
    .where(eq(userAgreement.userId, userId))
    .orderBy(desc(userAgreement.signedAt), asc(agreement.sortOrder))
}

/** Records signatures; a version already signed keeps its first signature. */
export async function insertSignatures(db: Database, rows: Array<typeof userAgreement.$inferInsert>) {
  if (!rows.length) return
  await db.insert(userAgreement).values(rows).onConflictDoNothing()
}
