import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { authOf } from '../../plugins/auth'
import { revokeLogin, revokeOtherLogins, securityActivity } from './activity'
import { cancelAccount, cancellationInfo } from './cancellation'
import { bindContact, unbindContact } from './contacts'
import type { SecurityDeps } from './deps'
import { checkPassCode, checkPassword, checkRealName, identityMethods } from './identity'
import { updatePassword } from './password'
import { findCertifiedAccounts, resetByPick, resetByTicket, sendPickedCode, validResetCode } from './recovery'

/** Account security (contract ./security.ts): the identity check, password, phone and email, devices. */
export default async function securityRoutes(fastify: FastifyInstance) {
  const deps = (log: FastifyInstance['log']): SecurityDeps => ({
    db: fastify.db,
    kv: fastify.kv,
    now: fastify.now,
    hmacKey: fastify.hmacKey,
    passwordKey: fastify.passwordKey,
    fieldCipher: fastify.fieldCipher,
    notifier: fastify.notifier,
    log,
    servicePhone: fastify.config.servicePhone,
    codeResendSeconds: fastify.config.codeResendSeconds,
  })

  // The identity check.
  registerCall(fastify, calls.securityMethods, (request) => identityMethods(deps(request.log), authOf(request)))
  registerCall(fastify, calls.validUserPassword, (request) => checkPassword(deps(request.log), authOf(request), request.body, clientOrigin(request)))
  registerCall(fastify, calls.validOldPhoneCheckPassCode, (request) =>
    checkPassCode(deps(request.log), authOf(request), 'sms', request.query.passCode, clientOrigin(request)),
  )
  registerCall(fastify, calls.validOldEmailCheckPassCode, (request) =>
    checkPassCode(deps(request.log), authOf(request), 'email', request.query.passCode, clientOrigin(request)),
  )
  registerCall(fastify, calls.validIdentityByRealName, (request) => checkRealName(deps(request.log), authOf(request), request.body, clientOrigin(request)))

  // The password, and its recovery.
  registerCall(fastify, calls.updateUserPassword, (request) =>
    updatePassword(deps(request.log), authOf(request), request.body, clientOrigin(request), request.locale),
  )
  registerCall(fastify, calls.validResetPasswordPassCode, (request) => validResetCode(deps(request.log), request.body, request.locale))
  registerCall(fastify, calls.resetPasswordByContact, (request) => resetByTicket(deps(request.log), request.body, clientOrigin(request), request.locale))
  registerCall(fastify, calls.validCertificationUser, (request) => findCertifiedAccounts(deps(request.log), request.body, clientOrigin(request)))
  registerCall(fastify, calls.pickCertificationUser, (request) => sendPickedCode(deps(request.log), request.body, clientOrigin(request), request.locale))
  registerCall(fastify, calls.resetPasswordByIdNo, (request) => resetByPick(deps(request.log), request.body, clientOrigin(request), request.locale))

  // Phone and email.
  registerCall(fastify, calls.bindOrChangePhone, (request) =>
    bindContact(deps(request.log), authOf(request), 'either', { channel: 'sms', ...request.body }, clientOrigin(request), request.locale),
  )
  registerCall(fastify, calls.changePhone, (request) =>
    bindContact(deps(request.log), authOf(request), 'change', { channel: 'sms', ...request.body }, clientOrigin(request), request.locale),
  )
  registerCall(fastify, calls.bindOrChangeEmail, (request) =>
    bindContact(deps(request.log), authOf(request), 'either', { channel: 'email', ...request.body }, clientOrigin(request), request.locale),
  )
  registerCall(fastify, calls.changeEmail, (request) =>
    bindContact(deps(request.log), authOf(request), 'change', { channel: 'email', ...request.body }, clientOrigin(request), request.locale),
  )
  registerCall(fastify, calls.unbindContact, (request) =>
    unbindContact(deps(request.log), authOf(request), request.body.channel, clientOrigin(request), request.locale),
  )

  // Devices and history.
  registerCall(fastify, calls.securityActivity, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return securityActivity(deps(request.log), authOf(request), request.locale)
  })
  registerCall(fastify, calls.revokeSession, (request) => revokeLogin(deps(request.log), authOf(request), request.body.sessionId, clientOrigin(request)))
  registerCall(fastify, calls.revokeOtherSessions, (request) => revokeOtherLogins(deps(request.log), authOf(request), clientOrigin(request)))

  // Cancellation.
  registerCall(fastify, calls.cancellationInfo, (request) => cancellationInfo(deps(request.log), authOf(request), request.locale))
  registerCall(fastify, calls.cancelAccount, (request) =>
    cancelAccount(deps(request.log), authOf(request), request.body.agreementIds, clientOrigin(request), request.locale),
  )
}
