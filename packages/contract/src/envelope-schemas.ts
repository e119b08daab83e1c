import { z } from 'zod'
import { OK_CODE } from './constants'

/** The envelope of every call (./envelope) as zod schemas, for the gateway's routes and the OpenAPI. */
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
  /** Seconds after which trying again may succeed (the same as the `Retry-After` header), for clients that do not see headers. */
  retryAfter: z.number().int().positive().optional(),
  traceId: z.string().optional(),
})
