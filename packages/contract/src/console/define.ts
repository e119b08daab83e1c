import type { z } from 'zod'
import type { HttpMethod } from '../calls/define'
import { type ConsolePermission, consoleNeedsStepUp, consoleRule } from './access'

/** Every console call is under this path (below the gateway's `/app`). */
export const CONSOLE_API_PREFIX = '/console'

/**
 * Who may make a console call: `public` (the sign-in steps and the enrollment, before any session)
 * or a cell of the access table (a live operator session holding one of its roles, plus the
 * session's CSRF token on anything but GET, plus a recent step-up where the cell says so).
 */
export type ConsoleCallAccess = 'public' | ConsolePermission

/** A console call with its schemas; the gateway registers it, the OpenAPI shows it. */
export interface ConsoleCallDef<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod | 'PATCH'
  /** Path under `/app`, in Fastify's form: `/console/auth/sessions/:id`. */
  path: string
  summary: string
  /** OpenAPI tags: `console-<domain>` (console-auth, console-audit, console-cms…). */
  tags: string[]
  access: ConsoleCallAccess
  params?: P
  query?: Q
  body?: B
  /**
   * Schema of the inner payload (`data.data` of the envelope); undefined for an answer that is not
   * the envelope (a CSV download: `produces`).
   */
  response: R
  /** Media type of a non-envelope answer, e.g. `text/csv`. */
  produces?: string
}

/** Checks the declaration when the contract loads: a path under the prefix, a cell the table has. */
export function defineConsoleCall<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = z.ZodType,
>(def: ConsoleCallDef<P, Q, B, R>): ConsoleCallDef<P, Q, B, R> {
  if (!def.path.startsWith(`${CONSOLE_API_PREFIX}/`)) throw new Error(`${def.path}: a console call lives under ${CONSOLE_API_PREFIX}/`)
  if (def.access !== 'public' && !consoleRule(def.access.resource, def.access.action)) {
    throw new Error(`${def.path}: ${def.access.resource}.${def.access.action} is not in the console access table`)
  }
  if (!def.response && !def.produces) throw new Error(`${def.path}: a response schema or a media type`)
  return def
}

/** Full path of a console call as served, e.g. `/app/console/auth/me`. */
export const consoleCallUrl = (def: { path: string }) => `/app${def.path}`

/** Whether the call needs a recent step-up (from the access table). */
export const consoleCallNeedsStepUp = (def: { access: ConsoleCallAccess }) =>
  def.access !== 'public' && consoleNeedsStepUp(def.access.resource, def.access.action)

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined
export type ConsoleCallParams<C> = C extends ConsoleCallDef<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined> ? Infer<P> : never
export type ConsoleCallQuery<C> = C extends ConsoleCallDef<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType | undefined> ? Infer<Q> : never
export type ConsoleCallBody<C> = C extends ConsoleCallDef<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType | undefined> ? Infer<B> : never
export type ConsoleCallResult<C> = C extends ConsoleCallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R> ? Infer<R> : never
