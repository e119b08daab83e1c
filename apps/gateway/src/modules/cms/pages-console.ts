import { type CmsPage, type ConsolePageCode, type Floor, type PageDraft, type PageDraftInput } from '@ess/contract'
import { and, desc, eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { cmsArticle, cmsCategory, cmsPage, cmsPageDraft, cmsPageVersion } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import type { ContentAudit } from './audit-port'
import { cover, invalidatePages, publishPageVersion } from './service'

export interface PagesDeps {
  db: Database
  kv: Kv
  now: () => Date
}

type Floors = { zh: Floor[]; en: Floor[] }
/** The order of the list is the order of the page: sort follows it. */
const sorted = (floors: Floor[]): Floor[] => floors.map((floor, i) => ({ ...floor, sort: (i + 1) * 10 }))
const same = (a: Floors, b: Floors) => JSON.stringify(a) === JSON.stringify(b)

async function livePage(db: Database, code: string) {
  const [row] = await db.select().from(cmsPage).where(eq(cmsPage.code, code))
  return row
}

/** The draft of a page, or (none kept yet) what is live: what the console opens. */
export async function readDraft(db: Database, code: ConsolePageCode): Promise<PageDraft> {
  const [[draft], live] = await Promise.all([db.select().from(cmsPageDraft).where(eq(cmsPageDraft.code, code)), livePage(db, code)])
  if (!draft && !live) throw new AppError('CONTENT_NOT_FOUND')
  const floors: Floors = draft ? { zh: draft.floorsZh, en: draft.floorsEn } : { zh: live?.floorsZh ?? [], en: live?.floorsEn ?? [] }
  return {
    pageCode: code,
    floorsZh: floors.zh,
    floorsEn: floors.en,
    baseVersion: draft ? draft.baseVersion : (live?.version ?? null),
    publishedVersion: live?.version ?? null,
    changed: !live || !same(floors, { zh: live.floorsZh, en: live.floorsEn }),
    updatedAt: draft?.updatedAt.toISOString() ?? null,
    updatedBy: draft?.updatedBy ?? null,
  }
}

/** Saves a page's draft (the input already checked by the contract's schema); audited. */
export async function saveDraft(deps: PagesDeps, code: ConsolePageCode, input: PageDraftInput, operatorId: string, audit: ContentAudit): Promise<PageDraft> {
  const floors = { zh: sorted(input.floorsZh as Floor[]), en: sorted(input.floorsEn as Floor[]) }
  await deps.db.transaction(async (tx) => {
    const before = await readDraft(tx, code).catch(() => null)
    const live = await livePage(tx, code)
    await tx
      .insert(cmsPageDraft)
      .values({ code, floorsZh: floors.zh, floorsEn: floors.en, baseVersion: live?.version ?? null, updatedAt: deps.now(), updatedBy: operatorId })
      .onConflictDoUpdate({ target: cmsPageDraft.code, set: { floorsZh: floors.zh, floorsEn: floors.en, updatedAt: deps.now(), updatedBy: operatorId } })
    await audit(tx, { action: 'cms.page.draft', resourceType: 'cms_page', resourceId: code, before: before && { zh: before.floorsZh, en: before.floorsEn }, after: floors })
  })
  return readDraft(deps.db, code)
}

/** The news floors get the latest live news articles (the floor's own count, 3 when it had none). */
export async function withLatestNews(db: Database, floors: Floors): Promise<Floors> {
  if (![...floors.zh, ...floors.en].some((f) => f.component === 'news')) return floors
  const rows = await db
    .select({ article: cmsArticle })
    .from(cmsArticle)
    .innerJoin(cmsCategory, eq(cmsCategory.code, cmsArticle.categoryCode))
    .where(eq(cmsCategory.kind, 'news'))
    .orderBy(desc(cmsArticle.publishedAt))
    .limit(10)
  const fill = (list: Floor[], en: boolean): Floor[] =>
    list.map((floor) =>
      floor.component !== 'news'
        ? floor
        : {
            ...floor,
            articles: rows.slice(0, floor.articles.length || 3).map(({ article: a }) => ({
              id: a.id,
              title: en ? a.titleEn : a.titleZh,
              summary: en ? a.summaryEn : a.summaryZh,
              cover: cover(a.cover),
              publishedAt: a.publishedAt.toISOString(),
            })),
          },
    )
  return { zh: fill(floors.zh, false), en: fill(floors.en, true) }
}

/**
 * Makes floors live as a new version, in the caller's transaction: kept as a version, the draft
 * set to them (a later edit starts from what is live), audited. The caller tells the gateways
 * (invalidatePages) after the commit.
 */
export async function publishFloors(tx: Database, code: string, floors: Floors, by: { operatorId: string | null; now: Date }, audit: ContentAudit, action: string, draftFloors?: Floors) {
  const live = await livePage(tx, code)
  const filled = await withLatestNews(tx, floors)
  const version = await publishPageVersion(tx, undefined, code, filled, by.now, by.operatorId)
  if (version === null) throw new AppError('CONTENT_NO_CHANGE')
  if (draftFloors) {
    // The draft stays as it is (kept, when there was none, so the start-up seed leaves the page alone).
    await tx
      .insert(cmsPageDraft)
      .values({ code, floorsZh: draftFloors.zh, floorsEn: draftFloors.en, baseVersion: live?.version ?? null, updatedAt: by.now, updatedBy: by.operatorId })
      .onConflictDoNothing()
  } else {
    await tx
      .insert(cmsPageDraft)
      .values({ code, floorsZh: filled.zh, floorsEn: filled.en, baseVersion: version, updatedAt: by.now, updatedBy: by.operatorId })
      .onConflictDoUpdate({ target: cmsPageDraft.code, set: { floorsZh: filled.zh, floorsEn: filled.en, baseVersion: version, updatedAt: by.now } })
  }
  await audit(tx, {
    action,
    resourceType: 'cms_page',
    resourceId: code,
    before: live ? { version: live.version, zh: live.floorsZh, en: live.floorsEn } : null,
    after: { version, zh: filled.zh, en: filled.en },
  })
  return version
}

/** Publishes a page's draft: live on every gateway at the next read. */
export async function publishDraft(deps: PagesDeps, code: ConsolePageCode, operatorId: string, audit: ContentAudit): Promise<{ version: number }> {
  const version = await deps.db.transaction(async (tx) => {
    const [draft] = await tx.select().from(cmsPageDraft).where(eq(cmsPageDraft.code, code)).for('update')
    if (!draft) throw new AppError('NO_DRAFT')
    return publishFloors(tx, code, { zh: draft.floorsZh, en: draft.floorsEn }, { operatorId, now: deps.now() }, audit, 'cms.page.publish')
  })
  await invalidatePages(deps.kv, [code])
  return { version }
}

export async function listVersions(db: Database, code: ConsolePageCode) {
  const rows = await db
    .select({ version: cmsPageVersion.version, publishedAt: cmsPageVersion.publishedAt, publishedBy: cmsPageVersion.publishedBy })
    .from(cmsPageVersion)
    .where(eq(cmsPageVersion.code, code))
    .orderBy(desc(cmsPageVersion.version))
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }))
}

async function findVersion(db: Database, code: string, version: number) {
  const [row] = await db
    .select()
    .from(cmsPageVersion)
    .where(and(eq(cmsPageVersion.code, code), eq(cmsPageVersion.version, version)))
  if (!row) throw new AppError('CONTENT_NOT_FOUND')
  return row
}

export async function readVersion(db: Database, code: ConsolePageCode, version: number) {
  const row = await findVersion(db, code, version)
  return { version: row.version, publishedAt: row.publishedAt.toISOString(), publishedBy: row.publishedBy, floorsZh: row.floorsZh, floorsEn: row.floorsEn }
}

/** Makes an earlier version live again, as a new version (history only grows). */
export async function restoreVersion(deps: PagesDeps, code: ConsolePageCode, version: number, operatorId: string, audit: ContentAudit) {
  const published = await deps.db.transaction(async (tx) => {
    const row = await findVersion(tx, code, version)
    return publishFloors(tx, code, { zh: row.floorsZh, en: row.floorsEn }, { operatorId, now: deps.now() }, audit, 'cms.page.restore')
  })
  await invalidatePages(deps.kv, [code])
  return { version: published }
}

/**
 * Withdraws the live version `version` (stale when another publish came meanwhile): the page goes
 * back to the version published before it, as a new version; the draft is not touched.
 */
export async function withdrawVersion(deps: PagesDeps, code: ConsolePageCode, version: number, operatorId: string, audit: ContentAudit) {
  const published = await deps.db.transaction(async (tx) => {
    const [live] = await tx.select().from(cmsPage).where(eq(cmsPage.code, code)).for('update')
    if (!live) throw new AppError('CONTENT_NOT_FOUND')
    if (live.version !== version) throw new AppError('CONTENT_STALE')
    const [earlier] = await tx
      .select()
      .from(cmsPageVersion)
      .where(and(eq(cmsPageVersion.code, code), lt(cmsPageVersion.version, version)))
      .orderBy(desc(cmsPageVersion.version))
      .limit(1)
    if (!earlier) throw new AppError('PAGE_NO_EARLIER_VERSION')
    const withdrawn = { zh: live.floorsZh, en: live.floorsEn }
    return publishFloors(tx, code, { zh: earlier.floorsZh, en: earlier.floorsEn }, { operatorId, now: deps.now() }, audit, 'cms.page.unpublish', withdrawn)
  })
  await invalidatePages(deps.kv, [code])
  return { version: published }
}

/** The draft as the portal would show it (a preview), in a language. */
export async function draftPage(db: Database, code: string, english: boolean): Promise<CmsPage> {
  const [draft] = await db.select().from(cmsPageDraft).where(eq(cmsPageDraft.code, code))
  const live = await livePage(db, code)
  if (!draft && !live) throw new AppError('CONTENT_NOT_FOUND')
  const floors = draft ? await withLatestNews(db, { zh: draft.floorsZh, en: draft.floorsEn }) : { zh: live?.floorsZh ?? [], en: live?.floorsEn ?? [] }
  const floorList = [...(english ? floors.en : floors.zh)].sort((a, b) => a.sort - b.sort)
  return { pageCode: code, version: live?.version ?? 0, floorList }
}
