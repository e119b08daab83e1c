import { type CallAccess, HEADERS } from '@ess/contract'
import type { preValidationAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/app-error'
import { signedHeader } from '../lib/client-origin'
import { type Auth, authenticateAccess } from '../modules/session/service'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call (contract `access`); public when absent. */
    access?: CallAccess
    /** Stays open while a required agreement waits for the user's signature. */
    reagreeExempt?: boolean
  }
  interface FastifyRequest {
    /** The login session of a 'user' or 'certified' call (set before validation). */
    auth?: Auth
  }
}

/**
 * Access of the contract's calls. A 'user' or 'certified' call needs a live access token in `_tk`
 * (401 SESSION_INVALID otherwise: missing, unknown, expired or revoked); then, unless the call is
 * exempt, every current required agreement of set 1 signed (430 PRIVACY_REAGREE); then, for
 * 'certified', a real-name verification that has not expired (CERTIFICATION_REQUIRED). It runs
 * after the signature check and before the input is validated.
 */
export default fp(
  async (fastify) => {
    fastify.decorateRequest('auth', undefined)

    const guard: preValidationAsyncHookHandler = async (request) => {
      const { access, reagreeExempt } = request.routeOptions.config
      const now = fastify.now()
      const token = signedHeader(request, HEADERS.token)
      const found = token ? await authenticateAccess(fastify.db, token, now) : undefined
      if (!found) throw new AppError('SESSION_INVALID')
      const { auth, pendingRequired } = found
      if (!reagreeExempt && pendingRequired) throw new AppError('PRIVACY_REAGREE')
      if (access === 'certified' && !auth.certified) throw new AppError('CERTIFICATION_REQUIRED')
      request.auth = auth
    }

    fastify.addHook('onRoute', (route) => {
      const access = route.config?.access
      if (!access || access === 'public') return
      const existing = route.preValidation ?? []
      route.preValidation = [...(Array.isArray(existing) ? existing : [existing]), guard]
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
