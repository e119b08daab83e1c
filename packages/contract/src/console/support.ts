import { z } from 'zod'
import { AGREEMENT_CODES, CERTIFICATION_METHODS, DEVICE_TYPES, SECURITY_EVENT_TYPES, THIRD_PARTY_PROVIDERS } from '../calls/wire'
import { ruleKey as key, optionalText, text } from './cms'
import { defineConsoleCall } from './define'

/**
 * The support agent's look-up of an employee's account (issue 34): find it, see its state (masked
 * personal data; never a password, a code or a token), and act on it — unlock, sign out
 * everywhere, disable and enable, unbind a third-party account — each with a reason, audited.
 * Showing a phone or an ID number in full needs a step-up and a reason (PIPL), audited too.
 */

/** How an account is looked for: a contact or username, an ID number (exact, by the roster's keyed index), or company + employee number. */
export const SUPPORT_FIND_BY = ['phone', 'email', 'username', 'idNo', 'employee'] as const
export type SupportFindBy = (typeof SUPPORT_FIND_BY)[number]

/** The reason a support action asks for: required, at most this many characters. */
export const SUPPORT_REASON_MAX = 200
/** Sign-ins and security events shown: the last this many days. */
export const SUPPORT_HISTORY_DAYS = 30

export const SupportReasonSchema = text(SUPPORT_REASON_MAX)
export const SupportReasonInputSchema = z.object({ reason: SupportReasonSchema })
export type SupportReasonInput = z.infer<typeof SupportReasonInputSchema>

export const SupportFindQuerySchema = z.object({
  by: z.enum(SUPPORT_FIND_BY, key('field.invalid')),
  /** The phone (national number), email, username, ID number, or employee number. */
  value: text(64),
  /** The company's code, with `by=employee`. */
  companyCode: optionalText(40).optional(),
})
export type SupportFindQuery = z.infer<typeof SupportFindQuerySchema>

/** One account found, masked. */
export const SupportAccountSummarySchema = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  /** The verified employee's name, masked; null without a real-name link. */
  name: z.string().nullable(),
  companyCode: z.string().nullable(),
  employeeNo: z.string().nullable(),
  disabled: z.boolean(),
  locked: z.boolean(),
})
export type SupportAccountSummary = z.infer<typeof SupportAccountSummarySchema>

export const SupportFindResultSchema = z.object({
  accounts: z.array(SupportAccountSummarySchema),
  /**
   * With `by=idNo` or `by=employee`: the employee is on the roster but no account is linked to them
   * (never verified, or the account was cancelled: a cancelled account is deleted, SPEC §1).
   */
  employeeWithoutAccount: z.boolean(),
})
export type SupportFindResult = z.infer<typeof SupportFindResultSchema>

const DeviceSchema = z.object({
  client: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  deviceName: z.string().nullable(),
  browser: z.string().nullable(),
  /** Masked (the last part hidden). */
  ip: z.string(),
  place: z.string().nullable(),
})

export const SupportAccountSchema = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  phoneRegion: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** When a support agent disabled the account; null while usable. */
  disabledAt: z.string().nullable(),
  lock: z.object({
    locked: z.boolean(),
    /** When the lock ends by itself. */
    until: z.string().nullable(),
    /** Failed sign-ins counted towards the next lock. */
    failures: z.number().int(),
  }),
  realName: z
    .object({
      /** Verified and within its validity (90 days, SPEC §4). */
      valid: z.boolean(),
      method: z.enum(CERTIFICATION_METHODS),
      certifiedAt: z.string().nullable(),
      name: z.string(),
      idNo: z.string(),
      companyCode: z.string(),
      companyNameZh: z.string(),
      companyNameEn: z.string(),
      employeeNo: z.string(),
    })
    .nullable(),
  bindings: z.array(z.object({ provider: z.enum(THIRD_PARTY_PROVIDERS), nickname: z.string().nullable(), boundAt: z.string() })),
  sessions: z.array(DeviceSchema.extend({ sessionId: z.string(), signedInAt: z.string(), lastActiveAt: z.string() })),
  /** Sign-ins and security events of the last SUPPORT_HISTORY_DAYS, newest first. */
  history: z.array(DeviceSchema.extend({ type: z.enum(SECURITY_EVENT_TYPES), at: z.string() })),
  /** The current version of each agreement of the app's set and whether the account signed it. */
  agreements: z.array(
    z.object({
      code: z.enum(AGREEMENT_CODES),
      nameZh: z.string(),
      nameEn: z.string(),
      version: z.string(),
      required: z.boolean(),
      signedAt: z.string().nullable(),
      /** The latest version of it the account signed, when not the current one. */
      signedVersion: z.string().nullable(),
    }),
  ),
})
export type SupportAccount = z.infer<typeof SupportAccountSchema>

export const SUPPORT_REVEAL_FIELDS = ['phone', 'idNo'] as const
export type SupportRevealField = (typeof SUPPORT_REVEAL_FIELDS)[number]
export const SupportRevealInputSchema = z.object({ field: z.enum(SUPPORT_REVEAL_FIELDS, key('field.invalid')), reason: SupportReasonSchema })
export const SupportUnbindInputSchema = z.object({ provider: z.enum(THIRD_PARTY_PROVIDERS, key('field.invalid')), reason: SupportReasonSchema })

// Calls ------------------------------------------------------------------------------------------

const TAGS = ['console-support']
const IdParamsSchema = z.object({ id: z.uuid(key('field.invalid')) })

export const consoleSupportFind = defineConsoleCall({
  method: 'GET',
  path: '/console/support/accounts',
  summary: "Finds an employee's account by phone, email, username, ID number (exact) or company and employee number; masked",
  tags: TAGS,
  access: { resource: 'support', action: 'list' },
  query: SupportFindQuerySchema,
  response: SupportFindResultSchema,
})

export const consoleSupportShow = defineConsoleCall({
  method: 'GET',
  path: '/console/support/accounts/:id',
  summary: 'One account: masked profile, real-name state, bindings, devices, 30 days of sign-ins and security events, lock, agreements',
  tags: TAGS,
  access: { resource: 'support', action: 'show' },
  params: IdParamsSchema,
  response: SupportAccountSchema,
})

export const consoleSupportReveal = defineConsoleCall({
  method: 'POST',
  path: '/console/support/accounts/:id/reveal',
  summary: "Shows the account's phone or its employee's ID number in full; step-up and a reason, audited",
  tags: TAGS,
  access: { resource: 'support', action: 'reveal' },
  params: IdParamsSchema,
  body: SupportRevealInputSchema,
  response: z.object({ field: z.enum(SUPPORT_REVEAL_FIELDS), value: z.string() }),
})

const action = (verb: string, summary: string) =>
  defineConsoleCall({
    method: 'POST',
    path: `/console/support/accounts/:id/${verb}`,
    summary,
    tags: TAGS,
    access: { resource: 'support', action: 'act' },
    params: IdParamsSchema,
    body: SupportReasonInputSchema,
    response: SupportAccountSchema,
  })

export const consoleSupportUnlock = action('unlock', 'Ends the lock of an account locked by failed sign-ins; with a reason, audited')
export const consoleSupportSignOut = action('sign-out', "Ends every login of the account on every device; with a reason, audited")
export const consoleSupportDisable = action('disable', 'Disables the account: its logins end and it is answered "account abnormal" (100400); with a reason, audited')
export const consoleSupportEnable = action('enable', 'Enables a disabled account again; with a reason, audited')

export const consoleSupportUnbind = defineConsoleCall({
  method: 'POST',
  path: '/console/support/accounts/:id/unbind',
  summary: 'Unbinds a third-party account from the account; with a reason, audited',
  tags: TAGS,
  access: { resource: 'support', action: 'act' },
  params: IdParamsSchema,
  body: SupportUnbindInputSchema,
  response: SupportAccountSchema,
})

export const consoleSupportCalls = {
  consoleSupportFind,
  consoleSupportShow,
  consoleSupportReveal,
  consoleSupportUnlock,
  consoleSupportSignOut,
  consoleSupportDisable,
  consoleSupportEnable,
  consoleSupportUnbind,
} as const
