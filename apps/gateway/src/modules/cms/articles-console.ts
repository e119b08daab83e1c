import { type ArticleDraftInput, type ArticleListQuerySchema, type ConsoleArticle, type InformationKind, type Locale, ruleMessage } from '@ess/contract'
import { and, asc, desc, eq, max } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client'
import { cmsArticle, cmsArticleDraft, cmsArticleVersion, cmsCategory, cmsPage } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { blocksToHtml, htmlToBlocks, sanitizeArticleHtml } from './article-html'
import type { ContentAudit } from './audit-port'
import { withLatestNews } from './pages-console'
import { cover, invalidatePages, publishPageVersion } from './service'

export interface ArticlesDeps {
  db: Database
  kv: Kv
  now: () => Date
}

type DraftRow = typeof cmsArticleDraft.$inferSelect
type LiveRow = typeof cmsArticle.$inferSelect

/** The draft of an article published before the console existed: made from its live row. */
const draftOfLive = (live: LiveRow): DraftRow => ({
  id: live.id,
  categoryCode: live.categoryCode,
  cover: live.cover,
  titleZh: live.titleZh,
  titleEn: live.titleEn,
  summaryZh: live.summaryZh,
  summaryEn: live.summaryEn,
  sourceZh: live.sourceZh,
  sourceEn: live.sourceEn,
  htmlZh: blocksToHtml(live.blocksZh),
  htmlEn: blocksToHtml(live.blocksEn),
  publishedAt: live.publishedAt,
  live: true,
  updatedAt: live.publishedAt,
  updatedBy: null,
})

function view(draft: DraftRow, live: LiveRow | undefined, kinds: Map<string, InformationKind>): ConsoleArticle {
  return {
    id: draft.id,
    kind: kinds.get(draft.categoryCode) ?? 'news',
    categoryCode: draft.categoryCode,
    cover: cover(draft.cover).url,
    titleZh: draft.titleZh,
    titleEn: draft.titleEn,
    summaryZh: draft.summaryZh,
    summaryEn: draft.summaryEn,
    sourceZh: draft.sourceZh,
    sourceEn: draft.sourceEn,
    htmlZh: draft.htmlZh,
    htmlEn: draft.htmlEn,
    state: live ? 'published' : draft.publishedAt ? 'unpublished' : 'draft',
    changed: !live || !draft.live,
    publishedAt: live?.publishedAt.toISOString() ?? null,
    updatedAt: draft.updatedAt.toISOString(),
    updatedBy: draft.updatedBy,
  }
}

async function categoryKinds(db: Database) {
  const rows = await db.select({ code: cmsCategory.code, kind: cmsCategory.kind }).from(cmsCategory)
  return new Map(rows.map((row) => [row.code, row.kind]))
}

/** Draft and live row of an article (the draft made from the live row when none is kept). */
async function load(db: Database, id: string, lock = false) {
  const draftQuery = db.select().from(cmsArticleDraft).where(eq(cmsArticleDraft.id, id))
  const [draft] = lock ? await draftQuery.for('update') : await draftQuery
  const [live] = await db.select().from(cmsArticle).where(eq(cmsArticle.id, id))
  if (!draft && !live) throw new AppError('CONTENT_NOT_FOUND')
  return { draft: draft ?? draftOfLive(live as LiveRow), stored: Boolean(draft), live }
}

export async function listArticles(db: Database, query: z.infer<typeof ArticleListQuerySchema>) {
  const [drafts, lives, kinds] = await Promise.all([db.select().from(cmsArticleDraft), db.select().from(cmsArticle), categoryKinds(db)])
  const liveById = new Map(lives.map((row) => [row.id, row]))
  const all = new Map(drafts.map((draft) => [draft.id, view(draft, liveById.get(draft.id), kinds)]))
  for (const live of lives) if (!all.has(live.id)) all.set(live.id, view(draftOfLive(live), live, kinds))
  const items = [...all.values()]
    .filter((a) => (!query.kind || a.kind === query.kind) && (!query.categoryCode || a.categoryCode === query.categoryCode) && (!query.state || a.state === query.state))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id))
  const start = (query.page - 1) * query.pageSize
  return { items: items.slice(start, start + query.pageSize).map(({ htmlZh: _zh, htmlEn: _en, ...rest }) => rest), total: items.length }
}

export async function listCategories(db: Database) {
  return db.select().from(cmsCategory).orderBy(asc(cmsCategory.sort))
}

export async function showArticle(db: Database, id: string): Promise<ConsoleArticle> {
  const { draft, live } = await load(db, id)
  return view(draft, live, await categoryKinds(db))
}

/** The input with its HTML through the allow-list; an unknown category is a field error. */
async function cleaned(db: Database, input: ArticleDraftInput, locale: Locale) {
  const [category] = await db.select().from(cmsCategory).where(eq(cmsCategory.code, input.categoryCode))
  if (!category) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'categoryCode', messageKey: 'field.invalid', message: ruleMessage('field.invalid', locale) }] })
  const htmlZh = sanitizeArticleHtml(input.htmlZh)
  const htmlEn = sanitizeArticleHtml(input.htmlEn)
  const empty = [['htmlZh', htmlZh], ['htmlEn', htmlEn]].filter(([, html]) => htmlToBlocks(html).length === 0)
  if (empty.length) {
    throw new AppError('VALIDATION_FAILED', { fields: empty.map(([field]) => ({ field, messageKey: 'field.required' as const, message: ruleMessage('field.required', locale) })) })
  }
  return { ...input, htmlZh, htmlEn }
}

const auditable = (draft: DraftRow) => {
  const { updatedAt: _at, ...rest } = draft
  return { ...rest, publishedAt: draft.publishedAt?.toISOString() ?? null }
}

export async function createArticle(deps: ArticlesDeps, input: ArticleDraftInput & { id: string }, by: { operatorId: string; locale: Locale }, audit: ContentAudit) {
  const values = { ...(await cleaned(deps.db, input, by.locale)), id: input.id, live: false, publishedAt: null, updatedAt: deps.now(), updatedBy: by.operatorId }
  await deps.db.transaction(async (tx) => {
    const [live] = await tx.select({ id: cmsArticle.id }).from(cmsArticle).where(eq(cmsArticle.id, input.id))
    const inserted = live ? [] : await tx.insert(cmsArticleDraft).values(values).onConflictDoNothing().returning({ id: cmsArticleDraft.id })
    if (!inserted.length) throw new AppError('ARTICLE_ID_TAKEN')
    await audit(tx, { action: 'cms.article.create', resourceType: 'cms_article', resourceId: input.id, before: null, after: auditable(values) })
  })
  return showArticle(deps.db, input.id)
}

export async function saveArticle(deps: ArticlesDeps, id: string, input: ArticleDraftInput, by: { operatorId: string; locale: Locale }, audit: ContentAudit) {
  const values = await cleaned(deps.db, input, by.locale)
  await deps.db.transaction(async (tx) => {
    const { draft } = await load(tx, id, true)
    const next: DraftRow = { ...draft, ...values, live: false, updatedAt: deps.now(), updatedBy: by.operatorId }
    await tx.insert(cmsArticleDraft).values(next).onConflictDoUpdate({ target: cmsArticleDraft.id, set: { ...values, live: false, updatedAt: next.updatedAt, updatedBy: by.operatorId } })
    await audit(tx, { action: 'cms.article.draft', resourceType: 'cms_article', resourceId: id, before: auditable(draft), after: auditable(next) })
  })
  return showArticle(deps.db, id)
}

/**
 * The live pages' news floors follow the news: after a news article comes or goes, each page with
 * a news floor is published again with the latest articles (a new version when they differ).
 * Answers the pages changed, for invalidatePages after the commit.
 */
async function refreshNewsFloors(tx: Database, now: Date, operatorId: string | null): Promise<string[]> {
  const pages = await tx.select().from(cmsPage)
  const changed: string[] = []
  for (const page of pages) {
    if (!page.floorsZh.some((f) => f.component === 'news')) continue
    const floors = await withLatestNews(tx, { zh: page.floorsZh, en: page.floorsEn })
    if ((await publishPageVersion(tx, undefined, page.code, floors, now, operatorId)) !== null) changed.push(page.code)
  }
  return changed
}

/** Makes an article's draft live, in the caller's transaction; answers the pages to invalidate. */
export async function publishArticleIn(tx: Database, id: string, by: { operatorId: string | null; now: Date }, audit: ContentAudit, snapshot?: DraftRow) {
  const loaded = await load(tx, id, true)
  const draft = snapshot ?? loaded.draft
  const live = loaded.live
  if (live && loaded.draft.live && !snapshot) throw new AppError('CONTENT_NO_CHANGE')
  const publishedAt = draft.publishedAt ?? by.now
  // The live row: the draft's texts, its HTML as the portal's blocks.
  const { id: _draft, htmlZh, htmlEn, publishedAt: _at, live: _live, updatedAt: _updated, updatedBy: _by, ...texts } = draft
  const row = { id, ...texts, blocksZh: htmlToBlocks(htmlZh), blocksEn: htmlToBlocks(htmlEn), publishedAt }
  const { id: _id, ...set } = row
  await tx.insert(cmsArticle).values(row).onConflictDoUpdate({ target: cmsArticle.id, set })
  const { id: _draftId, ...kept } = { ...draft, publishedAt, live: true }
  await tx.insert(cmsArticleDraft).values({ id, ...kept }).onConflictDoUpdate({ target: cmsArticleDraft.id, set: kept })
  await keepVersion(tx, id, draft, by)
  await audit(tx, { action: 'cms.article.publish', resourceType: 'cms_article', resourceId: id, before: live ? { ...live, publishedAt: live.publishedAt.toISOString() } : null, after: { ...row, publishedAt: publishedAt.toISOString() } })
  return refreshNewsFloors(tx, by.now, by.operatorId)
}

/** Takes an article off the portal in the caller's transaction (its draft stays); answers the pages to invalidate. */
export async function unpublishArticleIn(tx: Database, id: string, by: { operatorId: string | null; now: Date }, audit: ContentAudit) {
  const { draft, stored, live } = await load(tx, id, true)
  if (!live) throw new AppError('CONTENT_NO_CHANGE')
  if (!stored) await tx.insert(cmsArticleDraft).values(draft)
  await tx.update(cmsArticleDraft).set({ live: false }).where(eq(cmsArticleDraft.id, id))
  await tx.delete(cmsArticle).where(eq(cmsArticle.id, id))
  await audit(tx, { action: 'cms.article.unpublish', resourceType: 'cms_article', resourceId: id, before: { ...live, publishedAt: live.publishedAt.toISOString() }, after: null })
  return refreshNewsFloors(tx, by.now, by.operatorId)
}

export async function publishArticle(deps: ArticlesDeps, id: string, operatorId: string, audit: ContentAudit) {
  const pages = await deps.db.transaction((tx) => publishArticleIn(tx, id, { operatorId, now: deps.now() }, audit))
  await invalidatePages(deps.kv, pages)
  return showArticle(deps.db, id)
}

export async function unpublishArticle(deps: ArticlesDeps, id: string, operatorId: string, audit: ContentAudit) {
  const pages = await deps.db.transaction((tx) => unpublishArticleIn(tx, id, { operatorId, now: deps.now() }, audit))
  await invalidatePages(deps.kv, pages)
  return showArticle(deps.db, id)
}

/** The draft as it is now (what a planned publish will make live). */
export async function articleSnapshot(db: Database, id: string): Promise<DraftRow> {
  return (await load(db, id)).draft
}

/** Keeps what an article's publish made live as its next version (numbered from 1). */
async function keepVersion(tx: Database, id: string, draft: DraftRow, by: { operatorId: string | null; now: Date }) {
  const [{ last }] = await tx.select({ last: max(cmsArticleVersion.version) }).from(cmsArticleVersion).where(eq(cmsArticleVersion.articleId, id))
  const { id: _id, publishedAt: _at, live: _live, updatedAt: _updated, updatedBy: _by, ...texts } = draft
  await tx.insert(cmsArticleVersion).values({ articleId: id, version: (last ?? 0) + 1, ...texts, publishedAt: by.now, publishedBy: by.operatorId })
}

export async function listArticleVersions(db: Database, id: string) {
  await load(db, id)
  const rows = await db
    .select({ version: cmsArticleVersion.version, publishedAt: cmsArticleVersion.publishedAt, publishedBy: cmsArticleVersion.publishedBy, titleZh: cmsArticleVersion.titleZh, titleEn: cmsArticleVersion.titleEn })
    .from(cmsArticleVersion)
    .where(eq(cmsArticleVersion.articleId, id))
    .orderBy(desc(cmsArticleVersion.version))
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }))
}

/**
 * Makes a published version the article's draft (what is live waits for a publish). Stale when
 * the draft was saved after the operator looked (`draftUpdatedAt` is the one they saw).
 */
export async function restoreArticleVersion(deps: ArticlesDeps, id: string, version: number, draftUpdatedAt: string, operatorId: string, audit: ContentAudit) {
  await deps.db.transaction(async (tx) => {
    const { draft } = await load(tx, id, true)
    if (draft.updatedAt.getTime() !== new Date(draftUpdatedAt).getTime()) throw new AppError('CONTENT_STALE')
    const [kept] = await tx
      .select()
      .from(cmsArticleVersion)
      .where(and(eq(cmsArticleVersion.articleId, id), eq(cmsArticleVersion.version, version)))
    if (!kept) throw new AppError('CONTENT_NOT_FOUND')
    const { articleId: _id, version: _version, publishedAt: _at, publishedBy: _by, ...texts } = kept
    const next: DraftRow = { ...draft, ...texts, live: false, updatedAt: deps.now(), updatedBy: operatorId }
    const { id: _draftId, ...set } = next
    await tx.insert(cmsArticleDraft).values(next).onConflictDoUpdate({ target: cmsArticleDraft.id, set })
    await audit(tx, { action: 'cms.article.restore', resourceType: 'cms_article', resourceId: id, before: auditable(draft), after: { ...auditable(next), restoredVersion: version } })
  })
  return showArticle(deps.db, id)
}
