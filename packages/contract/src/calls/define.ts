import type { z } from 'zod'
import type { CallWire } from './wire'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'
/** Who may make a call: anyone, a logged-in user, or a real-name-verified user (SPEC §6). */
export type CallAccess = 'public' | 'user' | 'certified'

/** A call with its schemas: its wire entry, the OpenAPI text, and the zod schemas of its input and payload. */
export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends CallWire {
  summary: string
  tags: string[]
  query?: Q
  body?: B
  /** Schema of the inner payload (`data.data` of the envelope). */
  response: R
}

/**
 * A call with its schemas, built on its wire entry: `defineCall({ ...wire.dictList, summary, … })`.
 * The schemas must take the input where the entry says it travels (query, body or none); a
 * mismatch throws when the contract loads.
 */
export function defineCall<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: CallDef<Q, B, R>): CallDef<Q, B, R> {
  const input = def.body ? 'body' : def.query ? 'query' : undefined
  if (input !== def.input) throw new Error(`${def.path}: input in ${def.input ?? 'nothing'} on the wire, in ${input ?? 'nothing'} by its schemas`)
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
