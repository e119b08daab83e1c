import { z } from 'zod'
import { FloorSchema, ImageSchema, LinkItemSchema } from '../calls/cms'
import { PAGE_CODES } from '../constants'
import type { RuleMessageKey } from '../rule-messages'
import { defineConsoleCall } from './define'
import { httpsIssue, linkIssue, miniLinkIssue } from './links'

/**
 * The console's content calls (issue 33), the floors of the home and services pages (here),
 * articles (articles.ts) and agreements (agreements.ts), each with a draft beside what is live.
 * Inputs carry the rule message keys of rule-messages.ts, so the gateway answers a translated
 * message per field (VALIDATION_FAILED with `fields`).
 */

/** A schema option carrying a rule message key (the gateway translates it per field). */
export const ruleKey = (k: RuleMessageKey) => ({ error: k })
const key = ruleKey
export const text = (max: number) => z.string(key('field.required')).trim().min(1, key('field.required')).max(max, key('text.tooLong'))
export const optionalText = (max: number) => z.string(key('field.invalid')).trim().max(max, key('text.tooLong'))

export const CONSOLE_PAGE_CODES = [PAGE_CODES.home, PAGE_CODES.services] as const
export type ConsolePageCode = (typeof CONSOLE_PAGE_CODES)[number]
export const ConsolePageCodeSchema = z.enum(CONSOLE_PAGE_CODES, key('field.invalid'))

/** Images the gateway serves itself: shipped ones and uploads (never an address elsewhere). */
export const MEDIA_URL_PATTERN = /^\/app\/media\/cms\/(?:u\/[0-9a-f]{64}\.(?:png|jpg|webp|svg)|[a-z0-9-]+\.[0-9a-f]{12}\.svg)$/
export const MediaUrlSchema = z.string(key('image.url')).regex(MEDIA_URL_PATTERN, key('image.url'))
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
/** What an operator may plan for content. */
export const CONTENT_SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const
/** What the planner runs: content's, and sending a console notice (issue 34). */
export const SCHEDULE_ACTIONS = [...CONTENT_SCHEDULE_ACTIONS, 'send'] as const
export const SCHEDULE_STATES = ['pending', 'done', 'cancelled', 'failed'] as const
/** What the planner (gateway modules/cms/schedule.ts) plans: content, and the console's notices (issue 34). */
export const CONTENT_RESOURCE_TYPES = ['page', 'article', 'agreement', 'notice'] as const
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

/** An uploaded image: where it is served (immutable) and its size. */
export const MediaSchema = z.object({ url: z.string(), contentType: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() })
export type Media = z.infer<typeof MediaSchema>
/** Upload limits: bytes of a file, pixels of a side. */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024
export const MEDIA_MAX_SIDE = 4096


// Calls ------------------------------------------------------------------------------------------

const TAGS = ['console-cms']
const PageParamsSchema = z.object({ code: ConsolePageCodeSchema })
const VersionParamsSchema = PageParamsSchema.extend({ version: z.coerce.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')) })
const ScheduleParamsSchema = PageParamsSchema.extend({ id: z.coerce.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')) })

export const consolePageShow = defineConsoleCall({
  method: 'GET',
  path: '/console/cms/pages/:code',
  summary: "A page's draft (or, without one, what is live), both languages side by side, with the live version",
  tags: TAGS,
  access: { resource: 'floors', action: 'show' },
  params: PageParamsSchema,
  response: PageDraftSchema,
})

export const consolePageSaveDraft = defineConsoleCall({
  method: 'PUT',
  path: '/console/cms/pages/:code/draft',
  summary: "Saves a page's draft: the floors in order, both languages; link items and images checked per field",
  tags: TAGS,
  access: { resource: 'floors', action: 'edit' },
  params: PageParamsSchema,
  body: PageDraftInputSchema,
  response: PageDraftSchema,
})

export const consolePagePreview = defineConsoleCall({
  method: 'POST',
  path: '/console/cms/pages/:code/preview',
  summary: "A signed link (PREVIEW_TTL_S) into the portal showing the page's draft with a preview mark",
  tags: TAGS,
  access: { resource: 'floors', action: 'preview' },
  params: PageParamsSchema,
  response: PreviewLinkSchema,
})

export const consolePagePublish = defineConsoleCall({
  method: 'POST',
  path: '/console/cms/pages/:code/publish',
  summary: "Publishes a page's draft as a new version, live on every gateway at once (step-up)",
  tags: TAGS,
  access: { resource: 'floors', action: 'publish' },
  params: PageParamsSchema,
  response: PublishedSchema,
})

export const consolePageVersions = defineConsoleCall({
  method: 'GET',
  path: '/console/cms/pages/:code/versions',
  summary: 'The published versions of a page, newest first',
  tags: TAGS,
  access: { resource: 'floors', action: 'list' },
  params: PageParamsSchema,
  response: z.array(PageVersionSchema),
})

export const consolePageVersion = defineConsoleCall({
  method: 'GET',
  path: '/console/cms/pages/:code/versions/:version',
  summary: 'One published version of a page with its floors',
  tags: TAGS,
  access: { resource: 'floors', action: 'show' },
  params: VersionParamsSchema,
  response: PageVersionDetailSchema,
})

export const consolePageRestore = defineConsoleCall({
  method: 'POST',
  path: '/console/cms/pages/:code/versions/:version/restore',
  summary: 'Makes an earlier version live again, as a new version (step-up)',
  tags: TAGS,
  access: { resource: 'floors', action: 'restore' },
  params: VersionParamsSchema,
  response: PublishedSchema,
})

export const consolePageSchedules = defineConsoleCall({
  method: 'GET',
  path: '/console/cms/pages/:code/schedules',
  summary: "A page's planned publishes, newest first",
  tags: TAGS,
  access: { resource: 'floors', action: 'list' },
  params: PageParamsSchema,
  response: z.array(ScheduleSchema),
})

export const consolePageSchedule = defineConsoleCall({
  method: 'POST',
  path: '/console/cms/pages/:code/schedules',
  summary: "Plans the publish of the page's draft as it is now, at a later time (run once across gateways; step-up)",
  tags: TAGS,
  access: { resource: 'floors', action: 'schedule' },
  params: PageParamsSchema,
  body: ScheduleInputSchema,
  response: ScheduleSchema,
})

export const consolePageScheduleCancel = defineConsoleCall({
  method: 'DELETE',
  path: '/console/cms/pages/:code/schedules/:id',
  summary: 'Cancels a planned publish that has not run',
  tags: TAGS,
  access: { resource: 'floors', action: 'schedule' },
  params: ScheduleParamsSchema,
  response: ScheduleSchema,
})

/**
 * The live version an operator withdraws (a publish made meanwhile makes the call stale). The two
 * console pages are the portal's home and services tabs: without a page the tab has nothing to
 * show, so "unpublish" withdraws the live version, taking the page back to the version published
 * before it (as a new version; the draft stays as it is, to be mended and published again).
 */
export const PageUnpublishInputSchema = z.object({ version: z.number(key('field.invalid')).int(key('field.invalid')).min(1, key('field.invalid')) })

export const consolePageUnpublish = defineConsoleCall({
  method: 'POST',
  path: '/console/cms/pages/:code/unpublish',
  summary: 'Withdraws the live version: the page goes back to the version published before it, as a new version; the draft stays (step-up)',
  tags: TAGS,
  access: { resource: 'floors', action: 'unpublish' },
  params: PageParamsSchema,
  body: PageUnpublishInputSchema,
  response: PublishedSchema,
})

export const consoleMediaUpload = defineConsoleCall({
  method: 'POST',
  path: '/console/cms/media',
  summary: 'Uploads an image (multipart field `file`): type sniffed from the bytes, at most 2 MB and 4096 px a side, SVG without scripts; served immutable by its SHA-256',
  tags: TAGS,
  access: { resource: 'media', action: 'create' },
  response: MediaSchema,
})

export const consoleCmsCalls = {
  consolePageShow,
  consolePageSaveDraft,
  consolePagePreview,
  consolePagePublish,
  consolePageVersions,
  consolePageVersion,
  consolePageRestore,
  consolePageUnpublish,
  consolePageSchedules,
  consolePageSchedule,
  consolePageScheduleCancel,
  consoleMediaUpload,
} as const
