import { ERRORS, type ErrorCode, type ErrorEnvelope, type FieldIssue, type Locale, errorMessage } from '@ess/contract'

/** The error envelope of the contract, in the caller's language. */
export function errorEnvelope(
  errorCode: ErrorCode,
  locale: Locale,
  traceId: string,
  fields?: FieldIssue[],
  params: Record<string, string | number> = {},
  retryAfter?: number,
): ErrorEnvelope {
  const message = errorMessage(errorCode, locale).replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  )
  return {
    code: ERRORS[errorCode].code,
    errorCode,
    msg: message,
    errorMsg: message,
    data: { success: false, data: null },
    ...(fields?.length ? { fields } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    traceId,
  }
}
