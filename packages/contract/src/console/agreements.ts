import { z } from 'zod'
import { AGREEMENT_CODES, AGREEMENT_TYPES } from '../calls/wire'
import { ruleKey as key, text } from './cms'
import { defineConsoleCall } from './define'

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

// Calls ------------------------------------------------------------------------------------------

const TAGS = ['console-agreements']
const CodeParamsSchema = z.object({ code: AgreementCodeSchema })

export const consoleAgreementList = defineConsoleCall({
  method: 'GET',
  path: '/console/agreements',
  summary: 'Every agreement with its current version, its draft and how many active users signed the current version',
  tags: TAGS,
  access: { resource: 'agreements', action: 'list' },
  response: z.array(ConsoleAgreementSchema),
})

export const consoleAgreementShow = defineConsoleCall({
  method: 'GET',
  path: '/console/agreements/:code',
  summary: 'One agreement with its current version, its draft and the count of signatures of the current version',
  tags: TAGS,
  access: { resource: 'agreements', action: 'show' },
  params: CodeParamsSchema,
  response: ConsoleAgreementSchema,
})

export const consoleAgreementSaveDraft = defineConsoleCall({
  method: 'PUT',
  path: '/console/agreements/:code/draft',
  summary: "Saves the draft of an agreement's next version (names and Markdown bodies in both languages)",
  tags: TAGS,
  access: { resource: 'agreements', action: 'edit' },
  params: CodeParamsSchema,
  body: AgreementDraftInputSchema,
  response: ConsoleAgreementSchema,
})

export const consoleAgreementDiff = defineConsoleCall({
  method: 'GET',
  path: '/console/agreements/:code/diff',
  summary: 'The draft against the current version, line by line, per language',
  tags: TAGS,
  access: { resource: 'agreements', action: 'show' },
  params: CodeParamsSchema,
  response: AgreementDiffSchema,
})

export const consoleAgreementPublish = defineConsoleCall({
  method: 'POST',
  path: '/console/agreements/:code/publish',
  summary: 'Publishes the draft as a new version: every user signs again (resign, the 430 flow) or not (editorial fix); step-up',
  tags: TAGS,
  access: { resource: 'agreements', action: 'publish' },
  params: CodeParamsSchema,
  body: AgreementPublishInputSchema,
  response: AgreementPublishedSchema,
})

export const consoleAgreementCalls = { consoleAgreementList, consoleAgreementShow, consoleAgreementSaveDraft, consoleAgreementDiff, consoleAgreementPublish } as const
