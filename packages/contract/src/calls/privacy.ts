import { z } from 'zod'
import { PRIVACY_PERIODS } from '../constants'
import { defineCall } from './define'
import { SessionsEndedSchema } from './user'
import { EXPORT_FORMATS, PRIVACY_INFO_TYPES, PRIVACY_SCENES, wire } from './wire'

/**
 * Privacy rights (SPEC §1 privacy and data-collection summary, §7 privacyCollect, §9 periods; MIIT
 * 2021 collected-information and third-party sharing lists; PIPL arts. 15, 44–47).
 *
 * Every place that collects personal information records it in the gateway's collection ledger
 * (information type, scene, time, how many values). Sign-ins are read from the login sessions
 * themselves (each login's first token pair keeps the device id and network address), so the
 * measured sign-in path writes nothing more. Texts (names, purposes, scenes) come in the
 * request's language.
 */

export const PrivacyTypeSchema = z.object({
  type: z.enum(PRIVACY_INFO_TYPES),
  name: z.string(),
  purpose: z.string(),
  /** The scenes where this type is collected, as keys and as texts. */
  scenes: z.array(z.object({ scene: z.enum(PRIVACY_SCENES), name: z.string() })),
})
export type PrivacyType = z.infer<typeof PrivacyTypeSchema>

export const privacyTypeList = defineCall({
  ...wire.privacyTypeList,
  summary: 'The personal information the portal collects: each type with its purpose and scenes',
  tags: ['privacy'],
  response: z.array(PrivacyTypeSchema),
})

export const PrivacyQueryBodySchema = z.object({ period: z.enum(PRIVACY_PERIODS) })

export const PrivacySummarySchema = z.object({
  period: z.enum(PRIVACY_PERIODS),
  /** Start of the period (ISO time); the period ends now. */
  since: z.string(),
  items: z.array(
    z.object({
      type: z.enum(PRIVACY_INFO_TYPES),
      name: z.string(),
      purpose: z.string(),
      /** Values collected in the period (0 when none). */
      count: z.number().int(),
      /** ISO time of the latest collection in the period, null when none. */
      lastAt: z.string().nullable(),
    }),
  ),
})
export type PrivacySummary = z.infer<typeof PrivacySummarySchema>

export const privacyQuery = defineCall({
  ...wire.privacyQuery,
  summary: 'How often each type of personal information was collected about the user in a period (7 days, 30 days, 1 year)',
  tags: ['privacy'],
  body: PrivacyQueryBodySchema,
  response: PrivacySummarySchema,
})

export const PrivacyRecordsQuerySchema = z.object({ type: z.enum(PRIVACY_INFO_TYPES), period: z.enum(PRIVACY_PERIODS).default('1y') })

export const PrivacyRecordSchema = z.object({
  /** ISO time. */
  at: z.string(),
  scene: z.enum(PRIVACY_SCENES),
  sceneName: z.string(),
  /** The value collected, masked (e.g. 138****8001), or null where nothing is shown (a picture). */
  value: z.string().nullable(),
  count: z.number().int(),
})
export type PrivacyRecord = z.infer<typeof PrivacyRecordSchema>

export const privacyRecords = defineCall({
  ...wire.privacyRecords,
  summary: 'Each collection of one type of personal information in a period, newest first (PRIVACY_RECORDS_LIMIT)',
  tags: ['privacy'],
  query: PrivacyRecordsQuerySchema,
  response: z.object({ type: z.enum(PRIVACY_INFO_TYPES), name: z.string(), purpose: z.string(), records: z.array(PrivacyRecordSchema) }),
})

export const ThirdPartySchema = z.object({
  id: z.string(),
  recipient: z.string(),
  purpose: z.string(),
  /** What is shared. */
  data: z.string(),
  /** How it is shared. */
  method: z.string(),
  /** Whether it applies to this deployment now (e.g. email by SMTP only when configured). */
  active: z.boolean(),
})
export type ThirdParty = z.infer<typeof ThirdPartySchema>

export const privacyThirdParties = defineCall({
  ...wire.privacyThirdParties,
  summary: 'The third-party sharing list: who receives personal information, why, what and how',
  tags: ['privacy'],
  response: z.array(ThirdPartySchema),
})

export const ExportBodySchema = z.object({ format: z.enum(EXPORT_FORMATS) })

export const ExportLinkSchema = z.object({
  /** Path of the download under the gateway origin, e.g. `/app/user/api/privacy/download?token=…`; one use, with the session. */
  url: z.string(),
  format: z.enum(EXPORT_FORMATS),
  /** Milliseconds until the link is refused (DOWNLOAD_LINK_RELEASE_MS). */
  expiresIn: z.number().int(),
})
export type ExportLink = z.infer<typeof ExportLinkSchema>

export const exportMyData = defineCall({
  ...wire.exportMyData,
  summary: 'A copy of my personal data (PIPL art. 45): a one-time download link, valid DOWNLOAD_LINK_RELEASE_MS, used with the session',
  tags: ['privacy'],
  body: ExportBodySchema,
  response: ExportLinkSchema,
})

export const withdrawConsent = defineCall({
  ...wire.withdrawConsent,
  summary: 'Withdraws the privacy consent (PIPL art. 15): the signature of the privacy policy is removed and every login ended',
  tags: ['privacy'],
  response: SessionsEndedSchema,
})
