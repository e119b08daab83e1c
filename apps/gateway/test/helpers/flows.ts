import { type AppAgreement, type Captcha, type CodeScene, calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { humanTrail, solvePuzzle } from './captcha'
import { callApi, payloadOf } from './calls'
import { TEST_DEVICE_ID } from './signed'

export { TEST_DEVICE_ID }

/** Gets a puzzle, solves it from its pictures, drags like a person: a captcha token. */
export async function passCaptcha(app: FastifyInstance, deviceId = TEST_DEVICE_ID): Promise<string> {
  const captcha = payloadOf<Captcha>(await callApi(app, calls.getCaptcha, undefined, { deviceId }))
  const x = solvePuzzle(captcha)
  const pass = payloadOf(await callApi(app, calls.checkCaptcha, { captchaId: captcha.captchaId, x, trail: humanTrail(x) }, { deviceId }))
  return pass.captchaToken as string
}

/** The latest code sent to a destination (E.164 phone or email), read from /dev/outbox.json as a person would. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}&limit=1` })
  const [message] = payloadOf<Array<{ params: { code: string } }>>(response)
  expect(message, `no message to ${to}`).toBeDefined()
  return message.params.code
}

/** Sends an SMS code for a scene to a mainland phone (solving a captcha first) and reads it from the outbox. */
export async function smsCode(app: FastifyInstance, phone: string, scene: CodeScene, deviceId = TEST_DEVICE_ID): Promise<string> {
  const captchaToken = await passCaptcha(app, deviceId)
  payloadOf(await callApi(app, calls.sendPhoneCode, { phone, scene, captchaToken }, { deviceId }))
  return latestCode(app, `+86${phone}`)
}

/** Sends an email code for a scene (solving a captcha first) and reads it from the outbox. */
export async function emailCode(app: FastifyInstance, email: string, scene: 'register' | 'resetPassword' | 'bind', deviceId = TEST_DEVICE_ID) {
  const captchaToken = await passCaptcha(app, deviceId)
  payloadOf(await callApi(app, calls.sendEmailCode, { email, scene, captchaToken }, { deviceId }))
  return latestCode(app, email.toLowerCase())
}

/** The ids of the current agreements of set 1, as a client reads them before ticking the box. */
export async function currentAgreementIds(app: FastifyInstance): Promise<string[]> {
  return payloadOf<AppAgreement[]>(await callApi(app, calls.getAppAgreements, {})).map((a) => a.agreementId)
}
