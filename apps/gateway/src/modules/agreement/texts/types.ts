import type { AgreementCode, AgreementType, Bilingual } from '@ess/contract'

/**
 * One published version of an agreement. The body is Markdown (see ../markdown.ts);
 * `{{servicePhone}}` is replaced by the configured hotline when the page is rendered.
 */
export interface AgreementSeed {
  code: AgreementCode
  /** The getAppAgreements set it belongs to. */
  setType: AgreementType
  sortOrder: number
  version: string
  /** ISO 8601 with offset. */
  publishedAt: string
  required: boolean
  name: Bilingual
  body: Bilingual
}
