import { z } from 'zod'
import { AGREEMENT_CODES, AGREEMENT_TYPES, INFORMATION_ID_PATTERN, INFORMATION_KINDS } from '../calls/wire'
import { FloorSchema, ImageSchema, LinkItemSchema } from '../calls/cms'
import { PAGE_CODES } from '../constants'
import type { RuleMessageKey } from '../rule-messages'
import { httpsIssue, linkIssue, miniLinkIssue } from './links'

/**
 * The console's content calls (issue 33): the floors of the home and services pages, articles
 * (news, service guide, help answers) and agreements, each with a draft beside what is live.
 * Inputs carry the rule message keys of rule-messages.ts, so the gateway answers a translated
 * message per field (VALIDATION_FAILED with `fields`).
 */

const key = (k: RuleMessageKey) => ({ error: k })
const text = (max: number) => z.string(key('field.required')).trim().min(1, key('field.required')).max(max, key('text.tooLong'))
const optionalText = (max: number) => z.string(key('field.invalid')).trim().max(max, key('text.tooLong'))

export const CONSOLE_PAGE_CODES = [PAGE_CODES.home, PAGE_CODES.services] as const
export type ConsolePageCode = (typeof CONSOLE_PAGE_CODES)[number]
export const ConsolePageCodeSchema = z.enum(CONSOLE_PAGE_CODES, key('field.invalid'))

/** Images the gateway serves itself: shipped ones and uploads (never an address elsewhere). */
export const MEDIA_URL_PATTERN = /^\/app\/media\/cms\/(?:u\/[0-9a-f]{64}\.(?:png|jpg|webp|svg)|[a-z0-9-]+\.[0-9a-f]{12}\.svg)$/
const MediaUrlSchema = z.string(key('image.url')).regex(MEDIA_URL_PATTERN, key('image.url'))
const ConsoleImageSchema = ImageSchema.extend({
  url: MediaUrlSchema,
  width: z.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')).max(4096, key('field.invalid')),
  height: z.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')).max(4096, key('field.invalid')),
})

/** A link item as an operator writes it: the link rules (links.ts) and visibility checked per field. */
export const ConsoleLinkItemSchema = LinkItemSchema.extend({
  id: text(40),
  name: text(40),
  icon: MediaUrlSchema.nullable(),
  link: text(500),
  miniLink: z.string(key('field.invalid')).max(500, key('text.tooLong')).nullable(),
  appLink: z.string(key('field.invalid')).max(500, key('text.tooLong')).nullable(),
  badge: optionalText(8).nullable(),
}).superRefine((item, ctx) => {
  const issue = (path: string, message: RuleMessageKey | undefined) => message && ctx.addIssue({ code: 'custom', path: [path], message })
  issue('link', linkIssue(item.link))
  if (item.miniLink !== null) issue('miniLink', miniLinkIssue(item.miniLink))
  if (item.appLink !== null) issue('appLink', httpsIssue(item.appLink))
  // Third-party parameters (SPEC §3) only make sense on an outside page.
  if ((item.external === 1 || item.needOpenId === 1) && !item.link.startsWith('https://')) issue('external', 'link.externalNeedsHttps')
  // Visibility: visitor < signed in < verified; a verified-only item is a signed-in one too.
  if (item.authenticationRequired && !item.loginRequired) issue('loginRequired', 'link.verifiedNeedsLogin')
})

const floorBase = { id: text(40), sort: z.number().int() }
export const ConsoleFloorSchema = z.discriminatedUnion('component', [
  z.object({ ...floorBase, component: z.literal('banner'), slides: z.array(z.object({ image: ConsoleImageSchema, title: optionalText(60), item: ConsoleLinkItemSchema.nullable() })).min(1, key('field.required')).max(8, key('text.tooLong')) }),
  z.object({ ...floorBase, component: z.literal('notice'), messages: z.array(z.object({ text: text(120), item: ConsoleLinkItemSchema.nullable() })).min(1, key('field.required')).max(10, key('text.tooLong')) }),
  z.object({ ...floorBase, component: z.literal('grid'), title: optionalText(40).nullable(), columns: z.number().int().min(2, key('field.invalid')).max(5, key('field.invalid')), items: z.array(ConsoleLinkItemSchema).min(1, key('field.required')).max(40, key('text.tooLong')) }),
  z.object({
    ...floorBase,
    component: z.literal('news'),
    title: text(40),
    more: ConsoleLinkItemSchema,
    // The articles are the latest published news, filled in by the gateway at publish.
    articles: z.array(FloorSchema.options[3].shape.articles.element).max(10),
  }),
  z.object({ ...floorBase, component: z.literal('float'), icon: MediaUrlSchema, label: text(20), item: ConsoleLinkItemSchema }),
])

/**
 * A page's draft: the floors in both languages, side by side. Both lists hold the same floors (ids
 * and kinds) in the same order, only their texts differ; the order is the list's (sort follows it).
 */
export const PageDraftInputSchema = z
  .object({ floorsZh: z.array(ConsoleFloorSchema).max(30, key('text.tooLong')), floorsEn: z.array(ConsoleFloorSchema).max(30, key('text.tooLong')) })
  .superRefine(({ floorsZh, floorsEn }, ctx) => {
    const shape = (floors: Array<{ id: string; component: string }>) => floors.map((f) => `${f.component}:${f.id}`).join('|')
    if (shape(floorsZh) !== shape(floorsEn)) ctx.addIssue({ code: 'custom', path: ['floorsEn'], message: 'floors.mismatch' satisfies RuleMessageKey })
    const ids = floorsZh.map((f) => f.id)
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['floorsZh', i, 'id'], message: 'floors.duplicateId' satisfies RuleMessageKey })
    })
  })
export type PageDraftInput = z.infer<typeof PageDraftInputSchema>

export const PageDraftSchema = z.object({
  pageCode: z.string(),
  floorsZh: z.array(FloorSchema),
  floorsEn: z.array(FloorSchema),
  /** The live version the draft started from; null when the page was never published. */
  baseVersion: z.number().int().nullable(),
  /** The live version now. */
  publishedVersion: z.number().int().nullable(),
  /** Whether the draft differs from what is live. */
  changed: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
})
export type PageDraft = z.infer<typeof PageDraftSchema>

export const PageVersionSchema = z.object({ version: z.number().int(), publishedAt: z.string(), publishedBy: z.string().nullable() })
export const PageVersionDetailSchema = PageVersionSchema.extend({ floorsZh: z.array(FloorSchema), floorsEn: z.array(FloorSchema) })
export const PublishedSchema = z.object({ version: z.number().int() })

/** A publish or unpublish at a later time, run once by one gateway (pg-boss). */
export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const
export const SCHEDULE_STATES = ['pending', 'done', 'cancelled', 'failed'] as const
export const CONTENT_RESOURCE_TYPES = ['page', 'article', 'agreement'] as const
export const ScheduleInputSchema = z.object({ runAt: z.iso.datetime({ offset: true, ...key('field.invalid') }) })
export const ScheduleSchema = z.object({
  id: z.number().int(),
  resourceType: z.enum(CONTENT_RESOURCE_TYPES),
  resourceId: z.string(),
  action: z.enum(SCHEDULE_ACTIONS),
  runAt: z.string(),
  state: z.enum(SCHEDULE_STATES),
  createdBy: z.string().nullable(),
  error: z.string().nullable(),
})
export type Schedule = z.infer<typeof ScheduleSchema>

/** A signed link into the real portal showing a draft, and when it stops working. */
export const PreviewLinkSchema = z.object({ url: z.string(), expiresAt: z.string() })
export const PREVIEW_TTL_S = 15 * 60
/** The portal's query parameter carrying a preview token. */
export const PREVIEW_PARAM = 'preview'

/** An uploaded image: where it is served (immutable) and its size. */
export const MediaSchema = z.object({ url: z.string(), contentType: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() })
export type Media = z.infer<typeof MediaSchema>
/** Upload limits: bytes of a file, pixels of a side. */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024
export const MEDIA_MAX_SIDE = 4096

// Articles ---------------------------------------------------------------------------------------

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

// Agreements -------------------------------------------------------------------------------------

export const AgreementCodeSchema = z.enum(AGREEMENT_CODES, key('field.invalid'))
export const AgreementDraftInputSchema = z.object({ nameZh: text(60), nameEn: text(120), bodyZh: text(200_000), bodyEn: text(200_000) })
export type AgreementDraftInput = z.infer<typeof AgreementDraftInputSchema>
const AgreementTextSchema = z.object({ nameZh: z.string(), nameEn: z.string(), bodyZh: z.string(), bodyEn: z.string() })
export const ConsoleAgreementSchema = z.object({
  code: z.enum(AGREEMENT_CODES),
  setType: z.enum(AGREEMENT_TYPES),
  current: AgreementTextSchema.extend({ id: z.number().int(), version: z.string(), publishedAt: z.string(), required: z.boolean() }).nullable(),
  draft: AgreementTextSchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() }).nullable(),
  /** Active users (not cancelled, not disabled) who signed the current version, and all active users. */
  signedCurrent: z.number().int(),
  activeUsers: z.number().int(),
})
export type ConsoleAgreement = z.infer<typeof ConsoleAgreementSchema>
/** A line-wise difference: runs of lines kept, added or removed. */
export const DiffPartSchema = z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })
export const AgreementDiffSchema = z.object({
  name: z.object({ 'zh-CN': z.array(DiffPartSchema), 'en-US': z.array(DiffPartSchema) }),
  body: z.object({ 'zh-CN': z.array(DiffPartSchema), 'en-US': z.array(DiffPartSchema) }),
})
/**
 * Publishing an agreement's draft: `resign` makes a new version every user signs again (the 430
 * flow); `editorial` is a fix that needs no new signature (the signatures of the current version
 * count for it).
 */
export const AgreementPublishInputSchema = z.object({
  version: z.string(key('field.required')).regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, key('version.invalid')),
  mode: z.enum(['resign', 'editorial'], key('field.invalid')),
})
export const AgreementPublishedSchema = z.object({ id: z.number().int(), version: z.string() })
