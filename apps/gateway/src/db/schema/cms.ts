import { type ArticleBlock, type Floor, INFORMATION_KINDS } from '@ess/contract'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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

export const cmsArticle = pgTable(
  'cms_article',
  {
    id: text().primaryKey(),
    categoryCode: text()
      .notNull()
      .references(() => cmsCategory.code),
    cover: text().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    summaryZh: text().notNull(),
    summaryEn: text().notNull(),
    sourceZh: text().notNull(),
    sourceEn: text().notNull(),
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
