import { PASSWORD_CIPHER, PUBLIC_KEY_CACHE_S, calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { type LoginDeps, loginByAccount, loginSignupByPhoneCode } from './service'

/** What a sign-in needs of the app, for a request's logger (shared by the other ways to sign in). */
export const loginDeps = (fastify: FastifyInstance, log: FastifyInstance['log']): LoginDeps => ({
  db: fastify.db,
  kv: fastify.kv,
  now: fastify.now,
  hmacKey: fastify.hmacKey,
  passwordKey: fastify.passwordKey,
  log,
})

export default async function loginRoutes(fastify: FastifyInstance) {
  const deps = (log: FastifyInstance['log']) => loginDeps(fastify, log)

  registerCall(fastify, calls.getPasswordPubKey, async () => ({
    publicKey: fastify.passwordKey.publicKeyPem,
    keyId: fastify.passwordKey.keyId,
    algorithm: PASSWORD_CIPHER,
    cacheSeconds: PUBLIC_KEY_CACHE_S,
  }))

  registerCall(fastify, calls.loginByAccount, (request) => loginByAccount(deps(request.log), request.body, clientOrigin(request)))

  registerCall(fastify, calls.loginSignupByPhoneCode, (request) =>
    loginSignupByPhoneCode(deps(request.log), request.body, clientOrigin(request), request.locale),
  )
}
