import { z } from 'zod'
import { OK_CODE } from './constants'
import type { ErrorCode } from './errors'

/**
 * The envelope of every call (SPEC §7, GUIDE §4).
 * Success: {"code":200,"msg":"OK","data":{"success":true,"data":<payload>}} — the client returns
 * the inner `data`.
 * Failure: a non-200 `code`, a stable `errorCode`, `msg` and `errorMsg` in the caller's language,
 * `data.success` false, and for invalid input the translated `fields`.
 */
export const successEnvelope = <T extends z.ZodType>(payload: T) =>
  z.object({
    code: z.literal(OK_CODE),
    msg: z.string(),
    data: z.object({ success: z.literal(true), data: payload }),
  })

export const FieldIssueSchema = z.object({
  field: z.string(),
  messageKey: z.string().optional(),
  message: z.string(),
})

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  errorCode: z.string(),
  msg: z.string(),
  errorMsg: z.string(),
  data: z.object({ success: z.literal(false), data: z.null() }),
  fields: z.array(FieldIssueSchema).optional(),
  traceId: z.string().optional(),
})

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
