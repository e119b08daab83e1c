import type { FieldIssue } from '@ess/contract/wire'

/** `consent`: refused on the client before the privacy consent (core/auth/consent). */
export type RequestErrorKind = 'envelope' | 'http' | 'network' | 'timeout' | 'consent'

/** What a failed call rejects with (when `needThrowErr` is set). */
export class RequestError extends Error {
  readonly kind: RequestErrorKind
  /** Envelope code, HTTP status, or 0 when no answer came. */
  readonly code: number
  readonly errorCode?: string
  readonly status?: number
  readonly fields?: FieldIssue[]
  /** Seconds after which the gateway says trying again may succeed (the envelope's retryAfter). */
  readonly retryAfterS?: number
  readonly traceId: string

  constructor(init: {
    kind: RequestErrorKind
    code: number
    message: string
    traceId: string
    errorCode?: string
    status?: number
    fields?: FieldIssue[]
    retryAfterS?: number
  }) {
    super(init.message)
    this.name = 'RequestError'
    this.kind = init.kind
    this.code = init.code
    this.errorCode = init.errorCode
    this.status = init.status
    this.fields = init.fields
    this.retryAfterS = init.retryAfterS
    this.traceId = init.traceId
  }
}
