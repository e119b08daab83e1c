import type { ErrorCode, FieldIssue } from '@ess/contract'

/**
 * A refusal from the catalogue of the contract. Services throw it; the error handler turns it into
 * the error envelope with the catalogue's status and message in the caller's language. A `cause`
 * is logged, never sent.
 */
export class AppError extends Error {
  readonly fields?: FieldIssue[]

  constructor(
    readonly errorCode: ErrorCode,
    { fields, cause }: { fields?: FieldIssue[]; cause?: unknown } = {},
  ) {
    super(errorCode, { cause })
    this.name = 'AppError'
    this.fields = fields
  }
}
