import type { ErrorCode, FieldIssue } from '@ess/contract'

/**
 * A refusal from the catalogue of the contract. Services throw it; the error handler turns it into
 * the error envelope with the catalogue's status and message in the caller's language. A `cause`
 * is logged, never sent.
 */
export interface AppErrorOptions {
  fields?: FieldIssue[]
  /** Values of the `{name}` placeholders of the catalogue message (e.g. `{seconds}`). */
  params?: Record<string, string | number>
  /** Seconds after which trying again may succeed: sent as `Retry-After`. */
  retryAfterS?: number
  cause?: unknown
}

export class AppError extends Error {
  readonly fields?: FieldIssue[]
  readonly params?: Record<string, string | number>
  readonly retryAfterS?: number

  constructor(
    readonly errorCode: ErrorCode,
    { fields, params, retryAfterS, cause }: AppErrorOptions = {},
  ) {
    super(errorCode, { cause })
    this.name = 'AppError'
    this.fields = fields
    this.params = params
    this.retryAfterS = retryAfterS
  }
}
