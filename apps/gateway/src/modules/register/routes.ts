import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { type RegisterDeps, registerByEmail, registerByPhone } from './service'

export default async function registerRoutes(fastify: FastifyInstance) {
  const deps: RegisterDeps = {
    db: fastify.db,
    kv: fastify.kv,
    now: fastify.now,
    hmacKey: fastify.hmacKey,
    passwordKey: fastify.passwordKey,
  }

  registerCall(fastify, calls.registerByPhonePwd, (request) =>
    registerByPhone(deps, request.body, clientOrigin(request), request.locale),
  )

  registerCall(fastify, calls.registerByEmailPwd, (request) =>
    registerByEmail(deps, request.body, clientOrigin(request), request.locale),
  )
}
