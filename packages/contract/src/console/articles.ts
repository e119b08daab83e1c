import { z } from 'zod'
import { INFORMATION_ID_PATTERN, INFORMATION_KINDS } from '../calls/wire'
import { CONTENT_SCHEDULE_ACTIONS, MediaUrlSchema, ScheduleInputSchema, ScheduleSchema, optionalText, ruleKey as key, text } from './cms'
import { defineConsoleCall } from './define'

export const ARTICLE_STATES = ['draft', 'published', 'unpublished'] as const
export const ArticleIdSchema = z.string(key('field.required')).regex(INFORMATION_ID_PATTERN, key('field.invalid'))

/**
 * An article as the editor sends it: the body in each language as HTML from the rich-text editor.
 * The gateway keeps only what its allow-list lets through (sanitize-html) and turns it into the
 * portal's article blocks; what came from the browser is never stored as is.
 */
export const ArticleDraftInputSchema = z.object({
  categoryCode: text(40),
  cover: MediaUrlSchema,
  titleZh: text(80),
  titleEn: text(160),
  summaryZh: text(200),
  summaryEn: text(400),
  sourceZh: optionalText(40),
  sourceEn: optionalText(80),
  htmlZh: z.string(key('field.required')).max(200_000, key('text.tooLong')),
  htmlEn: z.string(key('field.required')).max(200_000, key('text.tooLong')),
})
export type ArticleDraftInput = z.infer<typeof ArticleDraftInputSchema>

export const ConsoleArticleSchema = ArticleDraftInputSchema.extend({
  id: z.string(),
  kind: z.enum(INFORMATION_KINDS),
  state: z.enum(ARTICLE_STATES),
  /** Whether the draft differs from what is live. */
  changed: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
})
export type ConsoleArticle = z.infer<typeof ConsoleArticleSchema>
export const ConsoleArticleListSchema = z.object({
  items: z.array(ConsoleArticleSchema.omit({ htmlZh: true, htmlEn: true })),
  total: z.number().int(),
})
export const ArticleListQuerySchema = z.object({
  kind: z.enum(INFORMATION_KINDS).optional(),
  categoryCode: z.string().optional(),
  state: z.enum(ARTICLE_STATES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export const CategorySchema = z.object({ code: z.string(), kind: z.enum(INFORMATION_KINDS), nameZh: z.string(), nameEn: z.string(), sort: z.number().int() })

/** A published version of an article: what was live from `publishedAt` (titles to tell them apart). */
export const ArticleVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
})
/** The draft the operator saw (its updatedAt): a draft saved meanwhile makes a restore stale. */
export const ArticleRestoreInputSchema = z.object({ draftUpdatedAt: z.iso.datetime({ offset: true, ...key('field.invalid') }) })

export const ArticleCreateInputSchema = ArticleDraftInputSchema.extend({ id: ArticleIdSchema })
export const ArticleScheduleInputSchema = ScheduleInputSchema.extend({ action: z.enum(CONTENT_SCHEDULE_ACTIONS, key('field.invalid')) })

// Calls ------------------------------------------------------------------------------------------

const TAGS = ['console-articles']
const IdParamsSchema = z.object({ id: ArticleIdSchema })
const VersionParamsSchema = IdParamsSchema.extend({ version: z.coerce.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')) })
const ScheduleParamsSchema = IdParamsSchema.extend({ scheduleId: z.coerce.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')) })

export const consoleArticleList = defineConsoleCall({
  method: 'GET',
  path: '/console/articles',
  summary: 'Articles (news, service guide, help answers) with their state, newest change first; filters and paging',
  tags: TAGS,
  access: { resource: 'articles', action: 'list' },
  query: ArticleListQuerySchema,
  response: ConsoleArticleListSchema,
})

export const consoleArticleCategories = defineConsoleCall({
  method: 'GET',
  path: '/console/articles/categories',
  summary: 'The categories articles are filed under, in order',
  tags: TAGS,
  access: { resource: 'articles', action: 'list' },
  response: z.array(CategorySchema),
})

export const consoleArticleShow = defineConsoleCall({
  method: 'GET',
  path: '/console/articles/:id',
  summary: "An article's draft, its body as the sanitised HTML of each language",
  tags: TAGS,
  access: { resource: 'articles', action: 'show' },
  params: IdParamsSchema,
  response: ConsoleArticleSchema,
})

export const consoleArticleCreate = defineConsoleCall({
  method: 'POST',
  path: '/console/articles',
  summary: 'Creates an article as a draft (HTML sanitised on the server, allow-list)',
  tags: TAGS,
  access: { resource: 'articles', action: 'create' },
  body: ArticleCreateInputSchema,
  response: ConsoleArticleSchema,
})

export const consoleArticleSave = defineConsoleCall({
  method: 'PUT',
  path: '/console/articles/:id',
  summary: "Saves an article's draft (HTML sanitised on the server, allow-list); what is live does not change",
  tags: TAGS,
  access: { resource: 'articles', action: 'edit' },
  params: IdParamsSchema,
  body: ArticleDraftInputSchema,
  response: ConsoleArticleSchema,
})

export const consoleArticlePublish = defineConsoleCall({
  method: 'POST',
  path: '/console/articles/:id/publish',
  summary: "Publishes an article's draft: live on every gateway at once (step-up)",
  tags: TAGS,
  access: { resource: 'articles', action: 'publish' },
  params: IdParamsSchema,
  response: ConsoleArticleSchema,
})

export const consoleArticleUnpublish = defineConsoleCall({
  method: 'POST',
  path: '/console/articles/:id/unpublish',
  summary: 'Takes an article off the portal (its draft stays; step-up)',
  tags: TAGS,
  access: { resource: 'articles', action: 'unpublish' },
  params: IdParamsSchema,
  response: ConsoleArticleSchema,
})

export const consoleArticleVersions = defineConsoleCall({
  method: 'GET',
  path: '/console/articles/:id/versions',
  summary: 'The published versions of an article, newest first',
  tags: TAGS,
  access: { resource: 'articles', action: 'show' },
  params: IdParamsSchema,
  response: z.array(ArticleVersionSchema),
})

export const consoleArticleRestore = defineConsoleCall({
  method: 'POST',
  path: '/console/articles/:id/versions/:version/restore',
  summary: "Makes an earlier published version the article's draft (what is live does not change until it is published; step-up)",
  tags: TAGS,
  access: { resource: 'articles', action: 'restore' },
  params: VersionParamsSchema,
  body: ArticleRestoreInputSchema,
  response: ConsoleArticleSchema,
})

export const consoleArticleSchedules = defineConsoleCall({
  method: 'GET',
  path: '/console/articles/:id/schedules',
  summary: "An article's planned publishes and unpublishes, newest first",
  tags: TAGS,
  access: { resource: 'articles', action: 'show' },
  params: IdParamsSchema,
  response: z.array(ScheduleSchema),
})

export const consoleArticleSchedule = defineConsoleCall({
  method: 'POST',
  path: '/console/articles/:id/schedules',
  summary: 'Plans a publish (of the draft as it is now) or an unpublish at a later time (run once across gateways; step-up)',
  tags: TAGS,
  access: { resource: 'articles', action: 'schedule' },
  params: IdParamsSchema,
  body: ArticleScheduleInputSchema,
  response: ScheduleSchema,
})

export const consoleArticleScheduleCancel = defineConsoleCall({
  method: 'DELETE',
  path: '/console/articles/:id/schedules/:scheduleId',
  summary: 'Cancels a planned publish or unpublish that has not run',
  tags: TAGS,
  access: { resource: 'articles', action: 'schedule' },
  params: ScheduleParamsSchema,
  response: ScheduleSchema,
})

export const consoleArticleCalls = {
  consoleArticleList,
  consoleArticleCategories,
  consoleArticleShow,
  consoleArticleCreate,
  consoleArticleSave,
  consoleArticlePublish,
  consoleArticleUnpublish,
  consoleArticleVersions,
  consoleArticleRestore,
  consoleArticleSchedules,
  consoleArticleSchedule,
  consoleArticleScheduleCancel,
} as const
