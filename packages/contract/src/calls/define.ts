import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'
/** Who may make a call: anyone, a logged-in user, or a real-name-verified user (SPEC §6). */
export type CallAccess = 'public' | 'user' | 'certified'

export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod
  /** Path under the `/app` prefix, e.g. `/user/api/dict/list`. */
  path: string
  summary: string
  tags: string[]
  access: CallAccess
  /**
   * A 'user' or 'certified' call the user may still make while a newer version of a required
   * agreement waits for their signature (every other such call answers 430 PRIVACY_REAGREE):
   * reading and signing agreements, logging out.
   */
  reagreeExempt?: boolean
  query?: Q
  body?: B
  /** Schema of the inner payload (`data.data` of the envelope). */
  response: R
}

export function defineCall<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: CallDef<Q, B, R>): CallDef<Q, B, R> {
  return def
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined
type Input<T> = T extends z.ZodType ? z.input<T> : undefined
/** What the client passes: the query for GET/DELETE, the body for POST/PUT. */
export type CallInput<C> = C extends CallDef<infer Q, infer B, z.ZodType> ? (B extends z.ZodType ? Input<B> : Input<Q>) : never
export type CallQuery<C> = C extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? Infer<Q> : never
export type CallBody<C> = C extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? Infer<B> : never
export type CallResult<C> = C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.infer<R> : never

/** Full path of a call as served, e.g. `/app/user/api/dict/list`. */
export const API_PREFIX = '/app'
export function callUrl(def: { path: string }): string {
  return `${API_PREFIX}${def.path}`
}
