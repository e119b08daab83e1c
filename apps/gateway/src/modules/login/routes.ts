import { PASSWORD_CIPHER, PUBLIC_KEY_CACHE_S, calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'

export default async function loginRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.getPasswordPubKey, async () => ({
    publicKey: fastify.passwordKey.publicKeyPem,
    keyId: fastify.passwordKey.keyId,
    algorithm: PASSWORD_CIPHER,
    cacheSeconds: PUBLIC_KEY_CACHE_S,
  }))
}
