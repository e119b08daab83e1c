import { OPERATOR_AUDIT_ACTIONS, PASSWORD_CIPHER, PUBLIC_KEY_CACHE_S, consoleAuthCalls as calls } from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { registerConsoleCall } from '../../lib/console-route'
import { AppError } from '../../lib/app-error'
import { clearConsoleCookie, operatorOf, setConsoleCookie } from '../../plugins/console-auth'
import { auditOriginOf, insertAudit } from '../audit/record'
import { listPasskeys } from './queries'
import {
  type OperatorDeps,
  changePassword,
  enroll,
  enrollmentInfo,
  ownSessions,
  passkeyOptions,
  passkeyStep,
  passwordStep,
  recoveryStep,
  regenerateRecoveryCodes,
  revokeOwnSession,
  signOut,
  signedInAnswer,
  stepUp,
  stepUpPasskeyOptions,
  totpStep,
} from './service'
import { registrationOptions, verifyRegistration } from './webauthn'

/** The operators' sign-in and own security: /app/console/auth/* (packages/contract/src/console/auth.ts). */
export default async function operatorConsoleRoutes(fastify: FastifyInstance) {
  const secure = fastify.config.console.secureCookie
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
  /** The signed-in operator as the services take it (the guard read it, active, this call). */
  const current = (request: FastifyRequest) => ({ ...operatorOf(request), status: 'active' as const })
  const sessionOf = (request: FastifyRequest) => {
    if (!request.consoleSession) throw new AppError('CONSOLE_SESSION_INVALID')
    return request.consoleSession
  }

  registerConsoleCall(fastify, calls.getConsolePublicKey, async () => ({
    publicKey: fastify.passwordKey.publicKeyPem,
    keyId: fastify.passwordKey.keyId,
    algorithm: PASSWORD_CIPHER,
    cacheSeconds: PUBLIC_KEY_CACHE_S,
  }))

  registerConsoleCall(fastify, calls.consoleSignInPassword, (request) => passwordStep(deps(request), request.body, auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consoleSignInTotp, async (request, reply) => {
    const { answer, cookie } = await totpStep(deps(request), request.body, auditOriginOf(request))
    setConsoleCookie(reply, secure, cookie)
    return answer
  })

  registerConsoleCall(fastify, calls.consoleSignInRecovery, async (request, reply) => {
    const { answer, cookie } = await recoveryStep(deps(request), request.body, auditOriginOf(request))
    setConsoleCookie(reply, secure, cookie)
    return answer
  })

  registerConsoleCall(fastify, calls.consoleSignInPasskeyOptions, (request) => passkeyOptions(deps(request), request.body))

  registerConsoleCall(fastify, calls.consoleSignInPasskey, async (request, reply) => {
    const { answer, cookie } = await passkeyStep(deps(request), request.body, auditOriginOf(request))
    setConsoleCookie(reply, secure, cookie)
    return answer
  })

  registerConsoleCall(fastify, calls.consoleMe, async (request) => {
    const session = sessionOf(request)
    return { ...signedInAnswer(current(request), session), stepUpUntil: session.stepUpUntil && session.stepUpUntil > fastify.now().getTime() ? new Date(session.stepUpUntil).toISOString() : null }
  })

  registerConsoleCall(fastify, calls.consoleStepUpOptions, (request) => stepUpPasskeyOptions(deps(request), sessionOf(request)))

  registerConsoleCall(fastify, calls.consoleStepUp, (request) => stepUp(deps(request), sessionOf(request), current(request), request.body, auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consoleSignOut, async (request, reply) => {
    await signOut(deps(request), current(request), sessionOf(request).id, auditOriginOf(request))
    clearConsoleCookie(reply, secure)
    return { signedOut: true as const }
  })

  registerConsoleCall(fastify, calls.consoleSessions, async (request) => ({ items: await ownSessions(deps(request), operatorOf(request).id, sessionOf(request).id) }))

  registerConsoleCall(fastify, calls.consoleRevokeSession, async (request, reply) => {
    await revokeOwnSession(deps(request), current(request), request.params.id, auditOriginOf(request))
    if (request.params.id === sessionOf(request).id) clearConsoleCookie(reply, secure)
    return { revoked: true as const }
  })

  registerConsoleCall(fastify, calls.consolePasskeys, async (request) => {
    const keys = await listPasskeys(fastify.db, operatorOf(request).id)
    return { items: keys.map((key) => ({ id: key.id, name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null })) }
  })

  registerConsoleCall(fastify, calls.consolePasskeyRegistrationOptions, (request) =>
    registrationOptions(deps(request), deps(request).rp, operatorOf(request), `register:${sessionOf(request).id}`),
  )

  registerConsoleCall(fastify, calls.consoleRegisterPasskey, async (request) => {
    const operator = operatorOf(request)
    const base = deps(request)
    const row = await fastify.db.transaction(async (tx) => {
      const made = await verifyRegistration({ ...base, db: tx }, base.rp, operator.id, `register:${sessionOf(request).id}`, request.body.response, request.body.name ?? 'Passkey')
      await insertAudit(tx, auditOriginOf(request), {
        action: OPERATOR_AUDIT_ACTIONS.passkeyRegistered,
        resourceType: 'operator_passkey',
        resourceId: made.id,
        after: { name: made.name, transports: made.transports },
        actor: { id: operator.id, email: operator.email, roles: operator.roles },
      }, fastify.now())
      return made
    })
    return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null }
  })

  registerConsoleCall(fastify, calls.consoleRegenerateRecoveryCodes, (request) => regenerateRecoveryCodes(deps(request), current(request), auditOriginOf(request)))

  registerConsoleCall(fastify, calls.consolePasswordChange, (request) =>
    changePassword(deps(request), current(request), sessionOf(request).id, request.body, auditOriginOf(request), request.locale),
  )

  registerConsoleCall(fastify, calls.consoleEnrollment, (request) => enrollmentInfo(deps(request), request.params.token))

  registerConsoleCall(fastify, calls.consoleEnroll, (request) => enroll(deps(request), request.params.token, request.body, auditOriginOf(request), request.locale))
}
