import { z } from 'zod'
import { NoticeRecipientSchema, NoticeTargetSchema } from '../calls/open-notices'
import { PUSH_KINDS } from '../calls/wire'
import type { RuleMessageKey } from '../rule-messages'
import { defineConsoleCall } from './define'

/**
 * Notices to employees from the console (issue 34, admin): one of the push kinds of SPEC §2 or a
 * system notice, both languages, an optional link (a portal route or an inner jump), to everyone,
 * a company or a list of employees (company code + employee number, pasted or from a CSV). Sent
 * now or planned, through the SAME fan-out as the notices API (gateway notices/batch.ts), skipping
 * employees who switched the kind off. Audited.
 */

const TAGS = ['console-notices']

export const CONSOLE_NOTICE_KINDS = [...PUSH_KINDS, 'system'] as const
export type ConsoleNoticeKind = (typeof CONSOLE_NOTICE_KINDS)[number]

/** A list audience holds at most this many employees. */
export const CONSOLE_NOTICE_LIST_MAX = 5000

/** The notices API's source name of the console's notices (notice_batch.source). */
export const CONSOLE_NOTICE_SOURCE = 'console'

export const CONSOLE_NOTICE_AUDIT_ACTIONS = {
  sent: 'notice.send',
  scheduled: 'notice.schedule',
  scheduledSent: 'notice.send_scheduled',
  cancelled: 'notice.schedule_cancel',
} as const

const required = { error: 'field.required' satisfies RuleMessageKey }
const text = (max: number) => z.string(required).trim().min(1, required).max(max, { error: 'field.invalid' satisfies RuleMessageKey })
const bilingual = (max: number) => z.object({ 'zh-CN': text(max), 'en-US': text(max) })

export const NoticeAudienceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('company'), companyCode: text(32) }),
  z.object({ type: z.literal('list'), recipients: z.array(NoticeRecipientSchema).min(1, required).max(CONSOLE_NOTICE_LIST_MAX, { error: 'field.invalid' satisfies RuleMessageKey }) }),
])
export type NoticeAudience = z.infer<typeof NoticeAudienceSchema>

export const ConsoleNoticeBodySchema = z.object({
  kind: z.enum(CONSOLE_NOTICE_KINDS, { error: 'field.invalid' satisfies RuleMessageKey }),
  title: bilingual(60),
  body: bilingual(500),
  target: NoticeTargetSchema.optional(),
  audience: NoticeAudienceSchema,
})
export type ConsoleNoticeBody = z.infer<typeof ConsoleNoticeBodySchema>

/** Whom an audience reaches now: employees on the roster with an account, less those who switched the kind off. */
export const NoticeReachSchema = z.object({
  /** Employees the audience names (a list: its lines; everyone or a company: those with an account). */
  targeted: z.number().int(),
  /** Who would get it in the inbox. */
  reachable: z.number().int(),
  skippedNoAccount: z.number().int(),
  skippedSwitchedOff: z.number().int(),
  skippedDuplicate: z.number().int(),
})
export type NoticeReach = z.infer<typeof NoticeReachSchema>

export const CONSOLE_NOTICE_STATES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const

export const ConsoleNoticeItemSchema = z.object({
  id: z.string(),
  kind: z.enum(CONSOLE_NOTICE_KINDS),
  title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  audience: z.enum(['all', 'company', 'list']),
  companyCode: z.string().nullable(),
  state: z.enum(CONSOLE_NOTICE_STATES),
  /** When it was (or is to be) sent. */
  sendAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  /** The schedule of a planned notice (to cancel it); null for one sent at once. */
  scheduleId: z.number().int().nullable(),
  targeted: z.number().int(),
  delivered: z.number().int(),
  skippedSwitchedOff: z.number().int(),
  skippedOther: z.number().int(),
})
export type ConsoleNoticeItem = z.infer<typeof ConsoleNoticeItemSchema>

export const consoleNoticeList = defineConsoleCall({
  method: 'GET',
  path: '/console/notices',
  summary: "The console's notices, newest first: planned and sent, with targeted, delivered and skipped-by-preference counts",
  tags: TAGS,
  access: { resource: 'notices', action: 'list' },
  response: z.object({ items: z.array(ConsoleNoticeItemSchema) }),
})

export const consoleNoticePreview = defineConsoleCall({
  method: 'POST',
  path: '/console/notices/preview',
  summary: 'Checks a notice and counts whom its audience reaches now (nothing is stored)',
  tags: TAGS,
  access: { resource: 'notices', action: 'create' },
  body: ConsoleNoticeBodySchema,
  response: NoticeReachSchema,
})

export const consoleNoticeSend = defineConsoleCall({
  method: 'POST',
  path: '/console/notices',
  summary: 'Sends a notice now through the notices fan-out (the queue: once, across gateways)',
  tags: TAGS,
  access: { resource: 'notices', action: 'send' },
  body: ConsoleNoticeBodySchema,
  response: ConsoleNoticeItemSchema,
})

export const consoleNoticeSchedule = defineConsoleCall({
  method: 'POST',
  path: '/console/notices/scheduled',
  summary: 'Plans a notice for a later time (its audience is resolved when it is sent)',
  tags: TAGS,
  access: { resource: 'notices', action: 'schedule' },
  body: ConsoleNoticeBodySchema.extend({ sendAt: z.iso.datetime({ offset: true, error: 'field.invalid' satisfies RuleMessageKey }) }),
  response: ConsoleNoticeItemSchema,
})

export const consoleNoticeCancel = defineConsoleCall({
  method: 'DELETE',
  path: '/console/notices/scheduled/:scheduleId',
  summary: 'Cancels a planned notice not yet sent',
  tags: TAGS,
  access: { resource: 'notices', action: 'schedule' },
  params: z.object({ scheduleId: z.coerce.number({ error: 'field.invalid' satisfies RuleMessageKey }).int().positive() }),
  response: ConsoleNoticeItemSchema,
})

export const consoleNoticeCalls = { consoleNoticeList, consoleNoticePreview, consoleNoticeSend, consoleNoticeSchedule, consoleNoticeCancel } as const
