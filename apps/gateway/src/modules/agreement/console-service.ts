import type { AgreementCode, AgreementDraftInput, ConsoleAgreement } from '@ess/contract'
import { diffLines } from 'diff'
import { and, count, countDistinct, desc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { agreement, agreementDraft, agreementVersion, appUser, userAgreement } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import type { ContentAudit } from '../cms/audit-port'
import { everyUserChanged } from '../session/user-stamp'

export interface AgreementConsoleDeps {
  db: Database
  kv: Kv
  now: () => Date
}

async function agreementOf(db: Database, code: AgreementCode) {
  const [row] = await db.select().from(agreement).where(eq(agreement.code, code))
  if (!row) throw new AppError('CONTENT_NOT_FOUND')
  return row
}

/** The current version: the latest published up to now (as the employee calls read it). */
async function currentVersion(db: Database, agreementId: number, now: Date) {
  const [row] = await db
    .select()
    .from(agreementVersion)
    .where(and(eq(agreementVersion.agreementId, agreementId), lte(agreementVersion.publishedAt, now)))
    .orderBy(desc(agreementVersion.publishedAt), desc(agreementVersion.id))
    .limit(1)
  return row
}

async function view(db: Database, row: typeof agreement.$inferSelect, now: Date): Promise<ConsoleAgreement> {
  const [current, [draft], [users]] = await Promise.all([
    currentVersion(db, row.id, now),
    db.select().from(agreementDraft).where(eq(agreementDraft.agreementId, row.id)),
    // Cancelled accounts are deleted (their signatures with them); disabled ones (issue 34) are not active.
    db.select({ n: count() }).from(appUser).where(isNull(appUser.disabledAt)),
  ])
  const [signed] = current
    ? await db
        .select({ n: countDistinct(userAgreement.userId) })
        .from(userAgreement)
        .innerJoin(appUser, eq(appUser.id, userAgreement.userId))
        .where(and(eq(userAgreement.agreementVersionId, current.id), isNull(appUser.disabledAt)))
    : [{ n: 0 }]
  return {
    code: row.code,
    setType: row.setType,
    current: current
      ? {
          id: current.id,
          version: current.version,
          publishedAt: current.publishedAt.toISOString(),
          required: current.required,
          nameZh: current.nameZh,
          nameEn: current.nameEn,
          bodyZh: current.bodyZh,
          bodyEn: current.bodyEn,
        }
      : null,
    draft: draft ? { nameZh: draft.nameZh, nameEn: draft.nameEn, bodyZh: draft.bodyZh, bodyEn: draft.bodyEn, updatedAt: draft.updatedAt.toISOString(), updatedBy: draft.updatedBy } : null,
    signedCurrent: signed.n,
    activeUsers: users.n,
  }
}

export async function listAgreementsForConsole(db: Database, now: Date) {
  const rows = await db.select().from(agreement).orderBy(agreement.setType, agreement.sortOrder)
  return Promise.all(rows.map((row) => view(db, row, now)))
}

export async function showAgreement(db: Database, code: AgreementCode, now: Date) {
  return view(db, await agreementOf(db, code), now)
}

export async function saveAgreementDraft(deps: AgreementConsoleDeps, code: AgreementCode, input: AgreementDraftInput, operatorId: string, audit: ContentAudit) {
  await deps.db.transaction(async (tx) => {
    const row = await agreementOf(tx, code)
    const [before] = await tx.select().from(agreementDraft).where(eq(agreementDraft.agreementId, row.id))
    const values = { ...input, updatedAt: deps.now(), updatedBy: operatorId }
    await tx.insert(agreementDraft).values({ agreementId: row.id, ...values }).onConflictDoUpdate({ target: agreementDraft.agreementId, set: values })
    await audit(tx, {
      action: 'agreement.draft',
      resourceType: 'agreement',
      resourceId: code,
      before: before ? { nameZh: before.nameZh, nameEn: before.nameEn, bodyZh: before.bodyZh, bodyEn: before.bodyEn } : null,
      after: input,
    })
  })
  return showAgreement(deps.db, code, deps.now())
}

/**
 * Line runs of `from` → `to`. A text's last line without a newline is the same line as with one
 * (`ignoreNewlineAtEof`): else a clause added below it showed that unchanged line removed and added.
 */
const parts = (from: string, to: string) =>
  diffLines(from, to, { ignoreNewlineAtEof: true }).map((change) => ({ op: change.added ? ('added' as const) : change.removed ? ('removed' as const) : ('same' as const), text: change.value }))

/** The draft against the current version, line by line (an empty side when one is missing). */
export async function agreementDiff(db: Database, code: AgreementCode, now: Date) {
  const { current, draft } = await showAgreement(db, code, now)
  if (!draft) throw new AppError('NO_DRAFT')
  return {
    name: { 'zh-CN': parts(current?.nameZh ?? '', draft.nameZh), 'en-US': parts(current?.nameEn ?? '', draft.nameEn) },
    body: { 'zh-CN': parts(current?.bodyZh ?? '', draft.bodyZh), 'en-US': parts(current?.bodyEn ?? '', draft.bodyEn) },
  }
}

/**
 * Publishes the draft as a new version, current at once. `resign`: every user's signature of the
 * earlier version no longer covers it, so their next call answers 430 until they sign (the access
 * check reads every user again: everyUserChanged). `editorial`: a fix that needs no new signature;
 * whoever signed the current version is recorded as having signed the new one (same time, address
 * and device), so nobody is asked.
 */
export async function publishAgreement(deps: AgreementConsoleDeps, code: AgreementCode, input: { version: string; mode: 'resign' | 'editorial' }, audit: ContentAudit) {
  const now = deps.now()
  const published = await deps.db.transaction(async (tx) => {
    const row = await agreementOf(tx, code)
    const [draft] = await tx.select().from(agreementDraft).where(eq(agreementDraft.agreementId, row.id)).for('update')
    if (!draft) throw new AppError('NO_DRAFT')
    const current = await currentVersion(tx, row.id, now)
    if (input.mode === 'editorial' && !current) throw new AppError('AGREEMENT_NO_CURRENT')
    const [inserted] = await tx
      .insert(agreementVersion)
      .values({ agreementId: row.id, version: input.version, publishedAt: now, required: current?.required ?? true, nameZh: draft.nameZh, nameEn: draft.nameEn, bodyZh: draft.bodyZh, bodyEn: draft.bodyEn })
      .onConflictDoNothing()
      .returning({ id: agreementVersion.id, version: agreementVersion.version })
    if (!inserted) throw new AppError('AGREEMENT_VERSION_TAKEN')
    let carried = 0
    if (input.mode === 'editorial' && current) {
      const result = await tx.execute(sql`
        insert into ${userAgreement} (user_id, agreement_version_id, signed_at, ip, device_id)
        select user_id, ${inserted.id}, signed_at, ip, device_id from ${userAgreement} where agreement_version_id = ${current.id}`)
      carried = (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as unknown as { rowCount?: number }).rowCount ?? 0
    }
    await tx.delete(agreementDraft).where(eq(agreementDraft.agreementId, row.id))
    await audit(tx, {
      action: input.mode === 'resign' ? 'agreement.publish' : 'agreement.publish_editorial',
      resourceType: 'agreement',
      resourceId: code,
      before: current ? { version: current.version, nameZh: current.nameZh, nameEn: current.nameEn, bodyZh: current.bodyZh, bodyEn: current.bodyEn } : null,
      after: { version: inserted.version, mode: input.mode, signaturesCarried: carried, nameZh: draft.nameZh, nameEn: draft.nameEn, bodyZh: draft.bodyZh, bodyEn: draft.bodyEn },
    })
    return inserted
  })
  if (input.mode === 'resign') await everyUserChanged(deps.kv)
  return published
}
