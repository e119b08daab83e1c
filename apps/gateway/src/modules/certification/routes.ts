import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { authOf } from '../../plugins/auth'
import { type CertificationDeps, checkCertification, getCertification } from './service'

export default async function certificationRoutes(fastify: FastifyInstance) {
  const deps: CertificationDeps = {
    db: fastify.db,
    kv: fastify.kv,
    now: fastify.now,
    hmacKey: fastify.hmacKey,
    fieldCipher: fastify.fieldCipher,
  }

  registerCall(fastify, calls.certificationCheck, (request) => checkCertification(deps, authOf(request).userId, request.body, request.locale))
  registerCall(fastify, calls.certificationGetInfo, (request) => getCertification(deps, authOf(request).userId, request.locale))
}
