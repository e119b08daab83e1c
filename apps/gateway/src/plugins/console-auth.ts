import cookie from '@fastify/cookie'
import {
  CONSOLE_COOKIE,
  CONSOLE_COOKIE_DEV,
  CONSOLE_CSRF_HEADER,
  CONSOLE_SESSION_MAX_MS,
  type ConsoleAction,
  type ConsoleResource,
  type ConsoleRole,
  type Locale,
  consoleCan,
} from '@ess/contract'
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { findOperator } from '../modules/operator/queries'
import { type ConsoleSession, csrfMatches, isSteppedUp, resumeConsoleSession } from '../modules/operator/session'

/** Where a console route sits in the access table (packages/contract/src/console/access.ts). */
export type ConsoleRouteAccess =
  | { public: true }
  | { public?: false; resource: ConsoleResource; action: ConsoleAction; roles: readonly ConsoleRole[]; stepUp: boolean }

/** The signed-in operator of a console call. */
export interface ConsoleOperatorContext {
  id: string
  email: string
  displayName: string
  roles: ConsoleRole[]
  locale: Locale
  sessionId: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route under /app/console declares its access (registration fails otherwise). */
    console?: ConsoleRouteAccess
  }
  interface FastifyInstance {
    /** Every route under /app/console with its declared access, as registered (the role matrix test walks them). */
    consoleRoutes: Array<{ method: string; url: string; access: ConsoleRouteAccess }>
  }
  interface FastifyRequest {
    /** The operator of a non-public console call (set before validation). */
    operator?: ConsoleOperatorContext
    /** Its session. */
    consoleSession?: ConsoleSession
  }
}

export const CONSOLE_URL_PREFIX = '/app/console'
const isConsoleUrl = (url: string) => url === CONSOLE_URL_PREFIX || url.startsWith(`${CONSOLE_URL_PREFIX}/`)
const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD'

/** OpenAPI security of the console: the session cookie, and the CSRF header on state-changing calls. */
export const CONSOLE_SECURITY_SCHEMES = {
  consoleSession: { type: 'apiKey' as const, in: 'cookie' as const, name: CONSOLE_COOKIE, description: `Operator session (\`${CONSOLE_COOKIE_DEV}\` in development over http)` },
  consoleCsrf: { type: 'apiKey' as const, in: 'header' as const, name: CONSOLE_CSRF_HEADER, description: 'CSRF token of the session (sign-in answer, auth/me)' },
}

/** The cookie's name: `__Host-` needs Secure, which a browser drops on plain-http development. */
export const consoleCookieName = (secure: boolean) => (secure ? CONSOLE_COOKIE : CONSOLE_COOKIE_DEV)

/**
 * The operator console's guard. Every route under /app/console declares `config.console`: public
 * (the sign-in steps, the enrollment) or its cell of the access table. For the others, before
 * validation: a live session from the cookie (401 CONSOLE_SESSION_INVALID), an active operator,
 * the session's CSRF token in `x-csrf-token` on anything but GET/HEAD (403 CONSOLE_CSRF_INVALID),
 * one of the cell's roles (403 CONSOLE_ROLE_DENIED), and a step-up within 5 minutes where the cell
 * asks for it (403 STEP_UP_REQUIRED). The portal's signature and `_tk` play no part here, and the
 * operator's cookie plays none on the employee API.
 */
export default fp(
  async (fastify) => {
    await fastify.register(cookie)
    fastify.decorateRequest('operator', undefined)
    fastify.decorateRequest('consoleSession', undefined)
    const cookieName = consoleCookieName(fastify.config.console.secureCookie)
    fastify.decorate('consoleRoutes', [])

    const guardOf = (access: Exclude<ConsoleRouteAccess, { public: true }>, safe: boolean): preValidationAsyncHookHandler => async (request) => {
      const now = fastify.now()
      const session = await resumeConsoleSession(fastify.kv, request.cookies[cookieName], now)
      const found = session && (await findOperator(fastify.db, session.operatorId))
      if (!session || !found || found.status !== 'active') throw new AppError('CONSOLE_SESSION_INVALID')
      if (!safe) {
        const presented = request.headers[CONSOLE_CSRF_HEADER]
        if (!csrfMatches(session, Array.isArray(presented) ? presented[0] : presented)) throw new AppError('CONSOLE_CSRF_INVALID')
      }
      if (!consoleCan(found.roles, access.resource, access.action)) throw new AppError('CONSOLE_ROLE_DENIED')
      request.consoleSession = session
      request.operator = { id: found.id, email: found.email, displayName: found.displayName, roles: found.roles, locale: found.locale, sessionId: session.id }
      if (access.stepUp && !isSteppedUp(session, now)) throw new AppError('STEP_UP_REQUIRED')
    }

    fastify.addHook('onRoute', (route) => {
      if (!isConsoleUrl(route.url)) return
      const access = route.config?.console
      if (!access) throw new Error(`${[route.method].flat().join(',')} ${route.url}: a console route declares config.console (public, or its resource and action)`)
      for (const method of [route.method].flat()) if (method !== 'HEAD') fastify.consoleRoutes.push({ method, url: route.url, access })
      if (access.public) {
        route.schema = { ...route.schema, security: [] }
        return
      }
      const safe = [route.method].flat().every(isSafeMethod)
      const existing = route.preValidation ?? []
      route.preValidation = [guardOf(access, safe), ...(Array.isArray(existing) ? existing : [existing])]
      route.schema = { ...route.schema, security: [safe ? { consoleSession: [] } : { consoleSession: [], consoleCsrf: [] }] }
    })
  },
  { name: 'console-auth', dependencies: ['infra'] },
)

/** The operator of a guarded console call. */
export function operatorOf(request: FastifyRequest): ConsoleOperatorContext {
  if (!request.operator) throw new AppError('CONSOLE_SESSION_INVALID')
  return request.operator
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Path=/, Secure outside development; gone with the session's 12 hours. */
export function setConsoleCookie(reply: FastifyReply, secure: boolean, value: string) {
  reply.setCookie(consoleCookieName(secure), value, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/',
    maxAge: CONSOLE_SESSION_MAX_MS / 1000,
  })
}

export function clearConsoleCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(consoleCookieName(secure), { httpOnly: true, secure, sameSite: 'strict', path: '/' })
}
