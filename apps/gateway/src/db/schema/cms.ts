import { type ArticleBlock, CONTENT_RESOURCE_TYPES, type Floor, INFORMATION_KINDS, SCHEDULE_ACTIONS, SCHEDULE_STATES } from '@ess/contract'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bytea } from './roster'
import { appUser } from './user'

/**
 * A page of floors (SPEC §3), kept per language as the answer's floor list; `version` goes up with
 * every change and keys the gateway's read cache.
 */
export const cmsPage = pgTable('cms_page', {
  code: text().primaryKey(),
  floorsZh: jsonb().$type<Floor[]>().notNull(),
  floorsEn: jsonb().$type<Floor[]>().notNull(),
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const cmsCategory = pgTable('cms_category', {
  code: text().primaryKey(),
  kind: text({ enum: INFORMATION_KINDS }).notNull(),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  sort: integer().notNull(),
})

/** An article's cover, titles, summaries and sources (live, draft and every version have them). */
const articleLabels = () => ({
  cover: text().notNull(),
  titleZh: text().notNull(),
  titleEn: text().notNull(),
  summaryZh: text().notNull(),
  summaryEn: text().notNull(),
  sourceZh: text().notNull(),
  sourceEn: text().notNull(),
})

export const cmsArticle = pgTable(
  'cms_article',
  {
    id: text().primaryKey(),
    categoryCode: text()
      .notNull()
      .references(() => cmsCategory.code),
    ...articleLabels(),
    blocksZh: jsonb().$type<ArticleBlock[]>().notNull(),
    blocksEn: jsonb().$type<ArticleBlock[]>().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('cms_article_category_idx').on(t.categoryCode, t.publishedAt)],
)

/** An app of the provider that redeems one-time codes (the older user center), with its secret's SHA-256. */
export const authApp = pgTable('auth_app', {
  id: text().primaryKey(),
  name: text().notNull(),
  secretHash: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** A one-time code (only its SHA-256 kept), bound to a user, an app and a destination. */
export const grantCodeTable = pgTable(
  'grant_code',
  {
    codeHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    appId: text()
      .notNull()
      .references(() => authApp.id),
    dest: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('grant_code_user_idx').on(t.userId)],
)

/**
 * The draft of a page (issue 33): what operators edit, both languages side by side, never read by
 * the portal. Publishing copies it into cms_page and keeps a cms_page_version.
 */
export const cmsPageDraft = pgTable('cms_page_draft', {
  code: text().primaryKey(),
  floorsZh: jsonb().$type<Floor[]>().notNull(),
  floorsEn: jsonb().$type<Floor[]>().notNull(),
  /** The live version the draft was started from (null: never published). */
  baseVersion: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  /** The operator's id (no reference: operators live in their own module). */
  updatedBy: text(),
})

/** Every published version of a page, kept so one can be restored. */
export const cmsPageVersion = pgTable(
  'cms_page_version',
  {
    code: text().notNull(),
    version: integer().notNull(),
    floorsZh: jsonb().$type<Floor[]>().notNull(),
    floorsEn: jsonb().$type<Floor[]>().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    publishedBy: text(),
  },
  (t) => [primaryKey({ columns: [t.code, t.version] })],
)

/**
 * A publish or unpublish planned for later. The pg-boss job only names the row; whoever runs it
 * first moves the row from `pending` (one conditional UPDATE), so a job delivered twice or run by
 * two gateways applies once. `snapshot` is the draft as the publisher approved it.
 */
export const cmsSchedule = pgTable(
  'cms_schedule',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    resourceType: text({ enum: CONTENT_RESOURCE_TYPES }).notNull(),
    resourceId: text().notNull(),
    action: text({ enum: SCHEDULE_ACTIONS }).notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    state: text({ enum: SCHEDULE_STATES }).notNull().default('pending'),
    snapshot: jsonb().$type<unknown>(),
    createdBy: text(),
    /** The operator's roles when it was planned: the audit row of the run names them. */
    createdRoles: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    doneAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index('cms_schedule_resource_idx').on(t.resourceType, t.resourceId, t.state)],
)

/** An uploaded image, addressed by the SHA-256 of its bytes: the same bytes are one row, never changed. */
export const cmsMedia = pgTable('cms_media', {
  sha256: text().primaryKey(),
  contentType: text().notNull(),
  extension: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  createdBy: text(),
})

/** An article's texts as the editor writes them: its labels, and per language the sanitised HTML. */
const articleTexts = () => ({ ...articleLabels(), htmlZh: text().notNull(), htmlEn: text().notNull() })

/**
 * An article's draft (news, guide, help): the sanitised HTML of the editor per language. The live
 * article is its row of cms_article (what the portal reads), made from the draft at publish; an
 * unpublished article has its draft and no live row.
 */
export const cmsArticleDraft = pgTable('cms_article_draft', {
  id: text().primaryKey(),
  categoryCode: text()
    .notNull()
    .references(() => cmsCategory.code),
  ...articleTexts(),
  /** Set once the draft was published, and by every later publish. */
  publishedAt: timestamp({ withTimezone: true }),
  /** Whether the live row is this draft's content (cleared by an edit, set by a publish). */
  live: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: text(),
})

/**
 * Every published version of an article (issue 33): what went live at each publish, numbered from
 * 1 per article, never changed. A restore copies one back into the draft.
 */
export const cmsArticleVersion = pgTable(
  'cms_article_version',
  {
    articleId: text().notNull(),
    version: integer().notNull(),
    categoryCode: text().notNull(),
    ...articleTexts(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    publishedBy: text(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.version] })],
)
