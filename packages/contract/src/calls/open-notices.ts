import { z } from 'zod'
import { INNER_JUMP_DESTINATIONS } from '../constants'
import { ROUTES } from '../routes'
import { PUSH_KINDS } from './wire'

/**
 * The notices API (issue 35): the provider's own systems (payroll, check-up, insurance) tell
 * employees something through the portal. Server to server under OPEN_API_PREFIX, signed with the
 * app's own secret (README "Notices API"); not a call of the portal, so not in `calls`.
 */
export const OPEN_API_PREFIX = '/open/api/v1'

/** At most this many recipients in one call. */
export const NOTICE_RECIPIENTS_MAX = 1000

/** A notice's link: a portal route, or an inner jump to the provider's older pages (SPEC §3). */
export const NoticeTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('route'),
    path: z.string().refine((path) => (ROUTES as readonly string[]).includes(path), { message: 'not a portal route' }),
  }),
  z.object({ type: z.literal('jump'), dest: z.enum(INNER_JUMP_DESTINATIONS) }),
])
export type NoticeTarget = z.infer<typeof NoticeTargetSchema>

/**
 * The templates a system may send by id instead of its own text; the gateway holds their words in
 * both languages. Each names its kind and its parameters (all required, plain text up to 40 characters).
 */
export const NOTICE_TEMPLATES = {
  salaryPaid: { kind: 'salary', params: ['month'] },
  examReservationConfirmed: { kind: 'examReservation', params: ['date', 'hospital'] },
  examReportReady: { kind: 'examReport', params: ['hospital'] },
  flexiblePaymentPaid: { kind: 'flexibleEmployment', params: ['month', 'amount'] },
} as const satisfies Record<string, { kind: (typeof PUSH_KINDS)[number]; params: readonly string[] }>
export type NoticeTemplateId = keyof typeof NOTICE_TEMPLATES
export const NOTICE_TEMPLATE_IDS = Object.keys(NOTICE_TEMPLATES) as NoticeTemplateId[]

const text = (max: number) => z.string().trim().min(1).max(max)
const BilingualSchema = (max: number) => z.object({ 'zh-CN': text(max), 'en-US': text(max) })

export const NoticeRecipientSchema = z.object({
  companyCode: text(32),
  employeeNo: text(64),
})
export type NoticeRecipient = z.infer<typeof NoticeRecipientSchema>

export const SendNoticeBodySchema = z
  .object({
    kind: z.enum(PUSH_KINDS),
    title: BilingualSchema(60).optional(),
    body: BilingualSchema(500).optional(),
    templateId: z.enum(NOTICE_TEMPLATE_IDS as [NoticeTemplateId, ...NoticeTemplateId[]]).optional(),
    params: z.record(z.string(), text(40)).optional(),
    target: NoticeTargetSchema.optional(),
    recipients: z.array(NoticeRecipientSchema).min(1).max(NOTICE_RECIPIENTS_MAX),
  })
  .superRefine((value, ctx) => {
    const own = value.title !== undefined || value.body !== undefined
    if (value.templateId === undefined) {
      if (!value.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'title (both languages) or templateId is required' })
      if (!value.body) ctx.addIssue({ code: 'custom', path: ['body'], message: 'body (both languages) or templateId is required' })
      if (value.params) ctx.addIssue({ code: 'custom', path: ['params'], message: 'params go with a templateId' })
      return
    }
    if (own) ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'give either title and body or templateId, not both' })
    const template = NOTICE_TEMPLATES[value.templateId]
    if (template.kind !== value.kind) ctx.addIssue({ code: 'custom', path: ['templateId'], message: `template ${value.templateId} is of kind ${template.kind}` })
    const given = value.params ?? {}
    for (const name of template.params) if (!(name in given)) ctx.addIssue({ code: 'custom', path: ['params', name], message: 'required by the template' })
    for (const name of Object.keys(given)) {
      if (!(template.params as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', path: ['params', name], message: 'not a parameter of the template' })
    }
  })
export type SendNoticeBody = z.infer<typeof SendNoticeBodySchema>

/**
 * Per recipient, in the order given: `queued` (into the inbox), or
 * `skipped` with why. `noAccount` covers both an employee number the roster does not hold and an
 * employee with no linked account: the answer tells the app nothing it did not know.
 */
export const RecipientOutcomeSchema = NoticeRecipientSchema.extend({
  status: z.enum(['queued', 'skipped']),
  reason: z.enum(['noAccount', 'switchedOff', 'duplicate']).optional(),
})
export type RecipientOutcome = z.infer<typeof RecipientOutcomeSchema>

export const SentNoticeSchema = z.object({
  id: z.string().uuid(),
  queued: z.number().int(),
  skipped: z.number().int(),
  recipients: z.array(RecipientOutcomeSchema),
})
export type SentNotice = z.infer<typeof SentNoticeSchema>

/**
 * Delivery per channel: the inbox, and the WeChat subscribe message: `none` (no WeChat
 * message: the kind has no template, or the employee never subscribed to it in the mini-program),
 * `skipped` (subscribed before, but no accept of the template is left),
 * `pending` (queued), `sent` (WeChat took it), `failed` (WeChat refused it for good).
 */
export const NOTICE_INBOX_STATES = ['pending', 'delivered', 'skipped'] as const
export const NOTICE_WECHAT_STATES = ['none', 'pending', 'sent', 'failed', 'skipped'] as const

export const NoticeDeliverySchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(PUSH_KINDS),
  createdAt: z.string(),
  /** Every recipient's inbox written (or skipped). */
  complete: z.boolean(),
  recipients: z.array(
    RecipientOutcomeSchema.extend({
      inbox: z.enum(NOTICE_INBOX_STATES),
      wechat: z.enum(NOTICE_WECHAT_STATES),
    }),
  ),
})
export type NoticeDelivery = z.infer<typeof NoticeDeliverySchema>
