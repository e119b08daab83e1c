import type { z } from 'zod'
import { OK_CODE } from './constants'
import type { ErrorEnvelopeSchema } from './envelope-schemas'
import type { ErrorCode } from './errors'

/**
 * The envelope of every call (SPEC §7, GUIDE §4).
 * Success: {"code":200,"msg":"OK","data":{"success":true,"data":<payload>}} — the client returns
 * the inner `data`.
 * Failure: a non-200 `code`, a stable `errorCode`, `msg` and `errorMsg` in the caller's language,
 * `data.success` false, and for invalid input the translated `fields`.
 */
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema> & { errorCode: ErrorCode | string }

export interface SuccessEnvelope<T> {
  code: typeof OK_CODE
  msg: string
  data: { success: true; data: T }
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope

export function ok<T>(payload: T): SuccessEnvelope<T> {
  return { code: OK_CODE, msg: 'OK', data: { success: true, data: payload } }
}

export function isSuccessEnvelope<T>(body: unknown): body is SuccessEnvelope<T> {
  if (!body || typeof body !== 'object') return false
  const b = body as { code?: unknown; data?: { success?: unknown } }
  return b.code === OK_CODE && !!b.data && b.data.success === true
}
