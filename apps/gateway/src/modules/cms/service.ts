import type { Article, CmsPage, InformationTree, Locale } from '@ess/contract'
import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { cmsArticle, cmsArticleDraft, cmsCategory, cmsPage, cmsPageDraft, cmsPageVersion } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { cacheCounts } from '../../infra/observe/signals'
import { AppError } from '../../lib/app-error'
import { CachedAnswer } from '../../lib/cached-answer'
import { newToken } from '../../lib/digest'
import { ARTICLES, CATEGORIES, PAGES, media } from './content'

const LOCALES: Locale[] = ['zh-CN', 'en-US']
const tokenKey = (code: string) => `cms:page-token:${code}`
/** How long a page's change token lives in the KV; when it lapses every gateway re-reads once. */
const TOKEN_TTL_MS = 30 * 24 * 3_600_000
/** An article's cover: a shipped image by name, or an uploaded one by its address (the console's). */
export const cover = (nameOrUrl: string) => ({ url: nameOrUrl.startsWith('/') ? nameOrUrl : media(nameOrUrl), width: 690, height: 300 })

/**
 * The read cache of pages: per process, per page and language, the answer serialised once (the
 * success envelope as JSON text), kept with the page's change token read from the KV just before
 * the database. Every change writes a new random token in the KV after the database commit; a read
 * costs one KV look-up (memory or Redis) and rebuilds when the token differs, so every gateway
 * process sharing the KV sees a change at its next read. Readers never overwrite a token (they
 * only create a missing one with setNX), so a slow reader cannot hide a newer change: at worst it
 * caches newer content under an older token and re-reads once.
 */
export class PageCache {
  private readonly entries = new Map<string, { token: string; page: CmsPage; answer: CachedAnswer }>()
  private readonly reads = cacheCounts('cms_page')
  constructor(
    private readonly db: Database,
    private readonly kv: Kv,
    /** The answer's JSON text of a page (the call's success envelope). */
    private readonly envelope: (page: CmsPage) => string,
  ) {}

  private async token(code: string): Promise<string> {
    const known = await this.kv.get(tokenKey(code))
    if (known !== null) return known
    const fresh = newToken()
    if (await this.kv.setNX(tokenKey(code), fresh, TOKEN_TTL_MS)) return fresh
    return (await this.kv.get(tokenKey(code))) ?? fresh
  }

  private async entry(code: string, locale: Locale) {
    const key = `${code}:${locale}`
    const token = await this.token(code)
    const cached = this.entries.get(key)
    if (cached && cached.token === token) {
      this.reads.hits++
      return cached
    }
    this.reads.misses++
    const [row] = await this.db.select().from(cmsPage).where(eq(cmsPage.code, code))
    if (!row) throw new AppError('PAGE_NOT_FOUND')
    const floorList = [...(locale === 'en-US' ? row.floorsEn : row.floorsZh)].sort((a, b) => a.sort - b.sort)
    const page = { pageCode: row.code, version: row.version, floorList }
    const made = { token, page, answer: new CachedAnswer(this.envelope(page)) }
    this.entries.set(key, made)
    return made
  }

  /** The call's answer of a page in a language, serialised once; PAGE_NOT_FOUND for an unknown code. */
  async read(code: string, locale: Locale): Promise<CachedAnswer> {
    return (await this.entry(code, locale)).answer
  }

  /** The page itself (the same object while it does not change); PAGE_NOT_FOUND for an unknown code. */
  async page(code: string, locale: Locale): Promise<CmsPage> {
    return (await this.entry(code, locale)).page
  }
}

/** Tells every gateway sharing the KV that these pages changed (a new token each). */
export async function invalidatePages(kv: Kv, codes: string[]): Promise<void> {
  for (const code of codes) await kv.set(tokenKey(code), newToken(), TOKEN_TTL_MS)
}

/** Latest news summaries (for the home news floor). */
function latestNews(locale: Locale) {
  return ARTICLES.filter((a) => CATEGORIES.find((c) => c.code === a.categoryCode)?.kind === 'news')
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .map((a) => ({ id: a.id, title: a.title[locale], summary: a.summary[locale], cover: cover(a.cover), publishedAt: a.publishedAt }))
}

/**
 * Publishes a page's floors (both languages): the version goes up, the version is kept (so it can
 * be restored), and the KV learns it, so every gateway's cache drops the old answer. Writes nothing
 * and answers null when the floors are the same; otherwise the new version. Inside a transaction,
 * pass no `kv` and call invalidatePages after the commit (as the start-up seed and the console do).
 */
export async function publishPageVersion(
  db: Database,
  kv: Kv | undefined,
  code: string,
  floors: { zh: CmsPage['floorList']; en: CmsPage['floorList'] },
  now = new Date(),
  publishedBy: string | null = null,
): Promise<number | null> {
  const [row] = await db
    .insert(cmsPage)
    .values({ code, floorsZh: floors.zh, floorsEn: floors.en, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: cmsPage.code,
      set: { floorsZh: floors.zh, floorsEn: floors.en, version: sql`${cmsPage.version} + 1`, updatedAt: now },
      setWhere: sql`(${cmsPage.floorsZh}, ${cmsPage.floorsEn}) is distinct from (excluded.floors_zh, excluded.floors_en)`,
    })
    .returning({ version: cmsPage.version })
  if (!row) return null
  await db
    .insert(cmsPageVersion)
    .values({ code, version: row.version, floorsZh: floors.zh, floorsEn: floors.en, publishedAt: now, publishedBy })
    .onConflictDoNothing()
  if (kv) await invalidatePages(kv, [code])
  return row.version
}

/** publishPageVersion, answering whether anything changed. */
export async function publishPage(db: Database, kv: Kv | undefined, code: string, floors: { zh: CmsPage['floorList']; en: CmsPage['floorList'] }, now = new Date()): Promise<boolean> {
  return (await publishPageVersion(db, kv, code, floors, now)) !== null
}

/**
 * The demo pages and articles (idempotent); returns the rows written. What an operator has taken
 * over in the console (a page or article with a draft) is theirs: the seed leaves it alone.
 */
export async function seedContent(db: Database): Promise<number> {
  let written = 0
  const ownedPages = new Set((await db.select({ code: cmsPageDraft.code }).from(cmsPageDraft)).map((row) => row.code))
  const ownedArticles = new Set((await db.select({ id: cmsArticleDraft.id }).from(cmsArticleDraft)).map((row) => row.id))
  for (const [code, build] of Object.entries(PAGES)) {
    if (ownedPages.has(code)) continue
    if (await publishPage(db, undefined, code, { zh: build('zh-CN', latestNews('zh-CN')), en: build('en-US', latestNews('en-US')) })) written++
  }
  for (const c of CATEGORIES) {
    const rows = await db
      .insert(cmsCategory)
      .values({ code: c.code, kind: c.kind, nameZh: c.name['zh-CN'], nameEn: c.name['en-US'], sort: c.sort })
      .onConflictDoUpdate({
        target: cmsCategory.code,
        set: { kind: c.kind, nameZh: c.name['zh-CN'], nameEn: c.name['en-US'], sort: c.sort },
        setWhere: sql`(${cmsCategory.kind}, ${cmsCategory.nameZh}, ${cmsCategory.nameEn}, ${cmsCategory.sort}) is distinct from (excluded.kind, excluded.name_zh, excluded.name_en, excluded.sort)`,
      })
      .returning({ code: cmsCategory.code })
    written += rows.length
  }
  for (const a of ARTICLES) {
    if (ownedArticles.has(a.id)) continue
    const values = {
      id: a.id,
      categoryCode: a.categoryCode,
      cover: a.cover,
      titleZh: a.title['zh-CN'],
      titleEn: a.title['en-US'],
      summaryZh: a.summary['zh-CN'],
      summaryEn: a.summary['en-US'],
      sourceZh: a.source['zh-CN'],
      sourceEn: a.source['en-US'],
      blocksZh: a.blocks['zh-CN'],
      blocksEn: a.blocks['en-US'],
      publishedAt: new Date(a.publishedAt),
    }
    const { id: _id, ...set } = values
    const rows = await db
      .insert(cmsArticle)
      .values(values)
      .onConflictDoUpdate({
        target: cmsArticle.id,
        set,
        setWhere: sql`(${cmsArticle.categoryCode}, ${cmsArticle.cover}, ${cmsArticle.titleZh}, ${cmsArticle.titleEn}, ${cmsArticle.summaryZh}, ${cmsArticle.summaryEn}, ${cmsArticle.sourceZh}, ${cmsArticle.sourceEn}, ${cmsArticle.blocksZh}, ${cmsArticle.blocksEn}, ${cmsArticle.publishedAt}) is distinct from (excluded.category_code, excluded.cover, excluded.title_zh, excluded.title_en, excluded.summary_zh, excluded.summary_en, excluded.source_zh, excluded.source_en, excluded.blocks_zh, excluded.blocks_en, excluded.published_at)`,
      })
      .returning({ id: cmsArticle.id })
    written += rows.length
  }
  return written
}

const summaryOf = (row: typeof cmsArticle.$inferSelect, locale: Locale) => ({
  id: row.id,
  title: locale === 'en-US' ? row.titleEn : row.titleZh,
  summary: locale === 'en-US' ? row.summaryEn : row.summaryZh,
  cover: cover(row.cover),
  publishedAt: row.publishedAt.toISOString(),
  source: locale === 'en-US' ? row.sourceEn : row.sourceZh,
})

/** Categories in order, each with its articles newest first. */
export async function informationTree(db: Database, locale: Locale): Promise<InformationTree> {
  const categories = await db.select().from(cmsCategory).orderBy(asc(cmsCategory.sort))
  const articles = await db.select().from(cmsArticle).orderBy(desc(cmsArticle.publishedAt))
  return categories.map((c) => ({
    code: c.code,
    name: locale === 'en-US' ? c.nameEn : c.nameZh,
    kind: c.kind,
    articles: articles.filter((a) => a.categoryCode === c.code).map((a) => summaryOf(a, locale)),
  }))
}

export async function informationDetail(db: Database, id: string, locale: Locale): Promise<Article> {
  const [row] = await db.select().from(cmsArticle).where(eq(cmsArticle.id, id))
  if (!row) throw new AppError('ARTICLE_NOT_FOUND')
  return { ...summaryOf(row, locale), categoryCode: row.categoryCode, blocks: locale === 'en-US' ? row.blocksEn : row.blocksZh }
}

export { LOCALES }
