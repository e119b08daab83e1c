import { type CallAccess, HEADERS } from '@ess/contract'
import type { onSendAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { signedHeader } from '../lib/client-origin'
import { type AccessCache, type Auth, authenticateAccess, newAccessCache } from '../modules/session/service'
import { userChanged } from '../modules/session/user-stamp'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call (contract `access`); public when absent. */
    access?: CallAccess
    /** Stays open while a required agreement waits for the user's signature. */
    reagreeExempt?: boolean
  }
  interface FastifyInstance {
    /** What this process last read for the access checks, by access token digest (session/service.ts). */
    accessCache: AccessCache
  }
  interface FastifyRequest {
    /** The login session of a 'user' or 'certified' call (set before validation). */
    auth?: Auth
  }
}

/**
 * Access of the contract's calls. A 'user' or 'certified' call needs a live access token in `_tk`
 * (401 otherwise: SESSION_ENDED when its session was ended while it was live, SESSION_INVALID when
 * it is missing, unknown, expired or used up); then, unless the call is
 * exempt, every current required agreement of set 1 signed (430 PRIVACY_REAGREE); then, for
 * 'certified', a real-name verification that has not expired (CERTIFICATION_REQUIRED). It runs
 * after the signature check and before the input is validated.
 */
export default fp(
  async (fastify) => {
    fastify.decorateRequest('auth', undefined)
    fastify.decorate('accessCache', newAccessCache(fastify.kv))

    // Made per route with its access and exemption: request.routeOptions builds a new object of a
    // dozen fields at every read.
    const guardOf = (access: CallAccess, reagreeExempt: boolean): preValidationAsyncHookHandler => async (request) => {
      const now = fastify.now()
      const token = signedHeader(request, HEADERS.token)
      const found = token ? await authenticateAccess(fastify.db, fastify.accessCache, token, now, fastify.kv) : undefined
      if (!found) throw new AppError('SESSION_INVALID')
      if ('refused' in found) throw new AppError(found.refused)
      const { auth, pendingRequired } = found
      if (!reagreeExempt && pendingRequired) throw new AppError('PRIVACY_REAGREE')
      if (access === 'certified' && !auth.certified) throw new AppError('CERTIFICATION_REQUIRED')
      request.auth = auth
    }

    // A signed-in call that may write (anything but GET) announces that its user changed, once its
    // work is done (transactions committed) and before its answer leaves: the next call, here or on
    // another gateway, reads the user again (user-stamp.ts). Writes made without the user's session
    // (a password reset, a refresh) announce it themselves. Added to those routes only (onRoute).
    const announceChange: onSendAsyncHookHandler = async (request, _reply, payload) => {
      if (request.auth) await userChanged(fastify.kv, request.auth.userId)
      return payload
    }

    fastify.addHook('onRoute', (route) => {
      const access = route.config?.access
      if (!access || access === 'public') return
      const existing = route.preValidation ?? []
      route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), guardOf(access, route.config?.reagreeExempt ?? false)]
      if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) {
        const sending = route.onSend ?? []
        route.onSend = [...(Array.isArray(sending) ? sending : [sending]), announceChange]
      }
      const [signed = {}] = (route.schema?.security as Array<Record<string, string[]>> | undefined) ?? []
      route.schema = { ...route.schema, security: [{ ...signed, token: [] }] }
    })
  },
  { name: 'auth', dependencies: ['infra', 'signature'] },
)

/** The session of a call guarded by this plugin. */
export function authOf(request: { auth?: Auth }): Auth {
  if (!request.auth) throw new AppError('SESSION_INVALID')
  return request.auth
}
