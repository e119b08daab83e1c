import { z } from 'zod'
import { defineCall } from './define'

/**
 * Agreement sets by `type` (SPEC §7 getAppAgreements, default 1):
 * 1 = what a user agrees to to use the app (user agreement + privacy policy);
 * 2 = the account-cancellation agreement.
 */
export const AGREEMENT_TYPES = ['1', '2'] as const
export type AgreementType = (typeof AGREEMENT_TYPES)[number]
export const AGREEMENT_CODES = ['user', 'privacy', 'cancellation'] as const
export type AgreementCode = (typeof AGREEMENT_CODES)[number]

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
  method: 'GET',
  path: '/user/api/agreement/getAppAgreements',
  summary: 'The current version of each agreement of a set',
  tags: ['agreement'],
  access: 'public',
  query: GetAppAgreementsQuerySchema,
  response: z.array(AppAgreementSchema),
})
