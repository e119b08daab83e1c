import { z } from 'zod'
import { defineCall } from './define'
import { AGREEMENT_CODES, AGREEMENT_TYPES, wire } from './wire'
import { agreementIdsField } from './fields'

export const AppAgreementSchema = z.object({
  agreementId: z.string(),
  agreementCode: z.enum(AGREEMENT_CODES),
  /** In the caller's language. */
  agreementName: z.string(),
  /** A readable page of this version, relative to the gateway origin, in the caller's language. */
  agreementUrl: z.string(),
  version: z.string(),
  publishedAt: z.string(),
  required: z.boolean(),
})
export type AppAgreement = z.infer<typeof AppAgreementSchema>

export const GetAppAgreementsQuerySchema = z.object({
  type: z.enum(AGREEMENT_TYPES, { error: 'field.invalid' }).default('1'),
})

export const getAppAgreements = defineCall({
  ...wire.getAppAgreements,
  summary: 'The current version of each agreement of a set',
  tags: ['agreement'],
  query: GetAppAgreementsQuerySchema,
  response: z.array(AppAgreementSchema),
})

export const UserAgreementSchema = z.object({
  /** The version signed (an `agreementId` of getAppAgreements when it is still current). */
  agreementId: z.string(),
  agreementCode: z.enum(AGREEMENT_CODES),
  agreementName: z.string(),
  agreementUrl: z.string(),
  version: z.string(),
  signedAt: z.string(),
  /** Whether this is the current version of the agreement. */
  current: z.boolean(),
})
export type UserAgreement = z.infer<typeof UserAgreementSchema>

export const UserAgreementsSchema = z.object({
  /** Every version the user signed, newest first. */
  signed: z.array(UserAgreementSchema),
  /**
   * Current versions of set 1 the user has not signed. While a required one is here, the user's
   * other calls answer 430 PRIVACY_REAGREE: show these and sign them with signAgreements.
   */
  pending: z.array(AppAgreementSchema),
})
export type UserAgreements = z.infer<typeof UserAgreementsSchema>

export const getUserAgreements = defineCall({
  ...wire.getUserAgreements,
  summary: 'The agreement versions the user signed, and the current ones waiting for their signature',
  tags: ['agreement'],
  response: UserAgreementsSchema,
})

export const SignAgreementsBodySchema = z.object({
  agreementIds: agreementIdsField.min(1, { error: 'agreement.required' }),
})

export const signAgreements = defineCall({
  ...wire.signAgreements,
  summary: 'Signs current agreement versions by agreementId (an unknown or outdated one is refused)',
  tags: ['agreement'],
  body: SignAgreementsBodySchema,
  response: UserAgreementsSchema,
})
