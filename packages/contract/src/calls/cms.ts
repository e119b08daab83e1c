import { z } from 'zod'
import { INNER_JUMP_DESTINATIONS } from '../constants'
import type { RuleMessageKey } from '../rule-messages'
import type { Locale } from '../locale'
import { defineCall } from './define'
import { AUTH_APP_ID_PATTERN, GRANT_CODE_TTL_S, INFORMATION_ID_PATTERN, INFORMATION_KINDS, PAGE_CODE_PATTERN, wire } from './wire'

/**
 * The content of the home and services tabs (SPEC §3 page configuration), news and the service
 * guide. Content is kept in both languages and answered in the caller's (accept-language).
 *
 * Link items (SPEC §3) say where a tap goes, read by the portal's click rules (SPEC §4):
 * - `link` 'service' → the services tab; 'homeNews' → the news page;
 * - `link` 'inner:<dest>' (dest one of INNER_JUMP_DESTINATIONS) → an inner jump to the provider's
 *   older pages through a one-time code (auth/grantCode), via pages/jump/transition;
 * - `link` '/<route>' → that page of the portal;
 * - `link` 'https://…' → the embedded web page (packages/webview), with `external`, `CPAppId`,
 *   `CPAuthType` and `needOpenId` added when `external` is 1 (SPEC §3 third-party parameters).
 * - `miniLink` 'mini:<id>[/<path>][?<query>]' (id one of MINI_PROGRAM_IDS, constants.ts
 *   MINI_LINK_PATTERN): in the WeChat mini-program the tap opens that mini-program at that page
 *   instead of `link`; elsewhere (and in a build without that id's appId) `link` is used.
 * `loginRequired` / `authenticationRequired` gate the tap (login, then real-name verification).
 */
export const LinkItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** URL of the icon image (square). */
  icon: z.string().nullable(),
  link: z.string(),
  miniLink: z.string().nullable(),
  appLink: z.string().nullable(),
  loginRequired: z.boolean(),
  authenticationRequired: z.boolean(),
  /** Third-party link parameters (SPEC §3). */
  external: z.union([z.literal(0), z.literal(1)]),
  CPAppId: z.string(),
  CPAuthType: z.string(),
  needOpenId: z.union([z.literal(0), z.literal(1)]),
  /** A short tag shown on the item (e.g. "New"), or null. */
  badge: z.string().nullable(),
})
export type LinkItem = z.infer<typeof LinkItemSchema>

/** An image with its size, so the page reserves its space before it loads (no layout shift). */
export const ImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })

const floorBase = { id: z.string(), sort: z.number().int() }

export const FloorSchema = z.discriminatedUnion('component', [
  z.object({ ...floorBase, component: z.literal('banner'), slides: z.array(z.object({ image: ImageSchema, title: z.string(), item: LinkItemSchema.nullable() })) }),
  z.object({ ...floorBase, component: z.literal('notice'), messages: z.array(z.object({ text: z.string(), item: LinkItemSchema.nullable() })) }),
  z.object({ ...floorBase, component: z.literal('grid'), title: z.string().nullable(), columns: z.number().int(), items: z.array(LinkItemSchema) }),
  z.object({
    ...floorBase,
    component: z.literal('news'),
    title: z.string(),
    /** Opens the whole list (usually 'homeNews'). */
    more: LinkItemSchema,
    articles: z.array(z.object({ id: z.string(), title: z.string(), summary: z.string(), cover: ImageSchema, publishedAt: z.string() })),
  }),
  z.object({ ...floorBase, component: z.literal('float'), icon: z.string(), label: z.string(), item: LinkItemSchema }),
])
export type Floor = z.infer<typeof FloorSchema>
export type FloorComponent = Floor['component']

export const CmsPageQuerySchema = z.object({
  pageCode: z.string({ error: 'field.required' satisfies RuleMessageKey }).regex(PAGE_CODE_PATTERN, { error: 'field.invalid' satisfies RuleMessageKey }),
})

export const CmsPageSchema = z.object({
  pageCode: z.string(),
  /** Goes up with every change of the page. */
  version: z.number().int(),
  floorList: z.array(FloorSchema),
})
export type CmsPage = z.infer<typeof CmsPageSchema>

/**
 * What the gateway writes into the H5 page it serves, as a JSON data block (`<script
 * type="application/json" id={LAUNCH_DATA_ID}>`): the floors of the pages a launch shows first, in
 * both languages, so the home page draws them without waiting for its first call; and, per route,
 * the pictures worth fetching before the app's code runs (the home banner's first slide).
 */
export interface LaunchData {
  floors: Record<string, Partial<Record<Locale, CmsPage>>>
  preload: Record<string, string[]>
}

export const cmsPage = defineCall({
  ...wire.cmsPage,
  summary: 'A page of floors (homepage, servicegrid) in the caller language; floors in sort order',
  tags: ['cms'],
  query: CmsPageQuerySchema,
  response: CmsPageSchema,
})

/**
 * The draft of a page, for whoever holds a preview link from the console (a signed token, valid a
 * short while: PREVIEW_TTL_S): the same page shape, never cached, shown with a "preview" mark.
 */
export const cmsPreview = defineCall({
  ...wire.cmsPreview,
  summary: 'The draft of a page (preview link from the console: signed token, short-lived), in the caller language',
  tags: ['cms'],
  query: CmsPageQuerySchema.extend({ token: z.string({ error: 'field.required' satisfies RuleMessageKey }).min(1, { error: 'field.required' satisfies RuleMessageKey }).max(300, { error: 'field.invalid' satisfies RuleMessageKey }) }),
  response: CmsPageSchema,
})

export const ArticleSummarySchema = z.object({ id: z.string(), title: z.string(), summary: z.string(), cover: ImageSchema, publishedAt: z.string(), source: z.string() })
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>

/**
 * Categories of information: news ('news', …), the service guide ('guide') and the help center
 * ('help': the articles are questions, their summary the short answer, their body the full one).
 */
export const InformationTreeSchema = z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(INFORMATION_KINDS), articles: z.array(ArticleSummarySchema) }))
export type InformationTree = z.infer<typeof InformationTreeSchema>

export const informationTree = defineCall({
  ...wire.informationTree,
  summary: 'News categories, the service guide and the help categories with their articles (newest first), in the caller language',
  tags: ['cms'],
  response: InformationTreeSchema,
})

/**
 * An article body as typed blocks, rendered by the portal with its own components (no HTML, so
 * nothing of the content can run as script on H5 or in the mini-program).
 */
export const ArticleBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({ type: z.literal('image'), image: ImageSchema, caption: z.string().nullable() }),
])
export type ArticleBlock = z.infer<typeof ArticleBlockSchema>

export const ArticleSchema = ArticleSummarySchema.extend({ categoryCode: z.string(), blocks: z.array(ArticleBlockSchema) })
export type Article = z.infer<typeof ArticleSchema>

export const informationDetail = defineCall({
  ...wire.informationDetail,
  summary: 'One article with its body (typed blocks), in the caller language',
  tags: ['cms'],
  query: z.object({ id: z.string({ error: 'field.required' satisfies RuleMessageKey }).regex(INFORMATION_ID_PATTERN, { error: 'field.invalid' satisfies RuleMessageKey }) }),
  response: ArticleSchema,
})

export const grantCode = defineCall({
  ...wire.grantCode,
  summary: 'A one-time code for an app of the provider (single use, 120 s); inner-jump destinations need real-name verification',
  tags: ['jump'],
  query: z.object({
    authAppId: z.string({ error: 'field.required' satisfies RuleMessageKey }).regex(AUTH_APP_ID_PATTERN, { error: 'field.invalid' satisfies RuleMessageKey }),
    dest: z.enum(INNER_JUMP_DESTINATIONS, { error: 'field.invalid' satisfies RuleMessageKey }).optional(),
  }),
  response: z.object({
    code: z.string(),
    expiresIn: z.literal(GRANT_CODE_TTL_S),
    /**
     * This device's pseudonym for that app (an HMAC of the device id with a key of the gateway's,
     * stable per app): what the client tells the app instead of its device id (the micro-assistant's
     * `sessionId`, the older user center's `pushId`). The device id never leaves for another system.
     */
    deviceAlias: z.string(),
    /** For an inner jump: where the browser goes with the code, and the page asked for there. */
    legacyLoginUrl: z.string(),
    redirect: z.string().nullable(),
    /** The older user center's API (doCiamLogin, logout, push binding), for the client's old session. */
    legacyApiUrl: z.string(),
    /** The micro-assistant's API (login, suggestions, chat), for a code of app 101. */
    assistantApiUrl: z.string(),
  }),
})
