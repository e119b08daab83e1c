import { calls } from '@ess/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { answerWritten } from '../../lib/answered'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { authOf } from '../../plugins/auth'
import { checkCaptcha, createCaptcha } from './captcha'
import { checkCaptchaWork, createCaptchaWork } from './captcha-work'
import { type VerifyDeps, sendEmailCode, sendPassCode, sendPhoneCode } from './service'

export default async function verifyRoutes(fastify: FastifyInstance) {
  const deps = (log: FastifyInstance['log'], reply?: FastifyReply): VerifyDeps => ({
    db: fastify.db,
    kv: fastify.kv,
    now: fastify.now,
    hmacKey: fastify.hmacKey,
    notifier: fastify.notifier,
    log,
    captchasPerMinute: fastify.config.captchasPerClientPerMinute,
    captchaWorkBits: fastify.config.captchaWorkBits,
    codeResendSeconds: fastify.config.codeResendSeconds,
    ...(reply ? { answered: () => answerWritten(reply) } : {}),
  })

  registerCall(fastify, calls.getCaptcha, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return createCaptcha(deps(request.log), clientOrigin(request))
  })

  registerCall(fastify, calls.checkCaptcha, (request) => checkCaptcha(deps(request.log), clientOrigin(request), request.body))

  registerCall(fastify, calls.getCaptchaWork, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return createCaptchaWork(deps(request.log), clientOrigin(request))
  })

  registerCall(fastify, calls.checkCaptchaWork, (request) => checkCaptchaWork(deps(request.log), clientOrigin(request), request.body))

  registerCall(fastify, calls.sendPhoneCode, (request, reply) =>
    sendPhoneCode(deps(request.log, reply), request.body, clientOrigin(request), request.locale),
  )

  registerCall(fastify, calls.sendEmailCode, (request, reply) =>
    sendEmailCode(deps(request.log, reply), request.body, clientOrigin(request), request.locale),
  )

  registerCall(fastify, calls.sendPhonePassCode, (request) =>
    sendPassCode(deps(request.log), authOf(request).userId, 'sms', request.body.scene, clientOrigin(request), request.locale),
  )

  registerCall(fastify, calls.sendEmailPassCode, (request) =>
    sendPassCode(deps(request.log), authOf(request).userId, 'email', request.body.scene, clientOrigin(request), request.locale),
  )
}
