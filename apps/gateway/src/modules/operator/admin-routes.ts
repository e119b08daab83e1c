import { consoleOperatorCalls as calls } from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { registerConsoleCall } from '../../lib/console-route'
import { AppError } from '../../lib/app-error'
import { operatorOf } from '../../plugins/console-auth'
import { auditOriginOf } from '../audit/record'
import { changeRoles, inviteByAdmin, listOperators, operatorSessions, resetSecondFactor, revokeOperatorSession, setStatus } from './admin'
import type { OperatorDeps } from './service'

/** Operators' management (admin): /app/console/operators/* (packages/contract/src/console/operators.ts). */
export default async function operatorAdminRoutes(fastify: FastifyInstance) {
  const deps = (request: FastifyRequest): OperatorDeps => ({
    db: fastify.db,
    kv: fastify.kv,
    now: fastify.now,
    hmacKey: fastify.hmacKey,
    passwordKey: fastify.passwordKey,
    fieldCipher: fastify.fieldCipher,
    rp: { origin: fastify.config.console.origin, rpId: fastify.config.console.rpId },
    log: request.log,
  })
  const actorOf = (request: FastifyRequest) => {
    const operator = operatorOf(request)
    return { id: operator.id, email: operator.email, roles: operator.roles }
  }
  const sessionIdOf = (request: FastifyRequest) => {
    if (!request.consoleSession) throw new AppError('CONSOLE_SESSION_INVALID')
    return request.consoleSession.id
  }

  registerConsoleCall(fastify, calls.consoleOperatorList, async (request) => ({ items: await listOperators(deps(request)) }))

  registerConsoleCall(fastify, calls.consoleOperatorInvite, (request) => inviteByAdmin(deps(request), actorOf(request), request.body, auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consoleOperatorRoles, (request) => changeRoles(deps(request), actorOf(request), request.params.id, request.body.roles, auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consoleOperatorStatus, (request) => setStatus(deps(request), actorOf(request), request.params.id, request.body.status, auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consoleOperatorResetFactor, (request) => resetSecondFactor(deps(request), actorOf(request), request.params.id, auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consoleOperatorSessions, async (request) => ({ items: await operatorSessions(deps(request), request.params.id, sessionIdOf(request)) }))

  registerConsoleCall(fastify, calls.consoleOperatorRevokeSession, async (request) => {
    await revokeOperatorSession(deps(request), actorOf(request), request.params.id, request.params.sessionId, auditOriginOf(request))
    return { revoked: true as const }
  })
}
