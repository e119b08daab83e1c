import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, MINUTE, SECOND, testClock } from '../../../test/helpers/clock'
import { TEST_DEVICE_ID, latestCode, passCaptcha } from '../../../test/helpers/flows'
import { type CodeDeps, type CodeTarget, sendCode, useCode } from './codes'

const clock = testClock(new Date('2026-05-04T01:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

let devices = 0
const newDevice = () => `codes-device-${String(++devices).padStart(8, '0')}`

const sendPhone = async (phone: string, scene = 'register', deviceId = TEST_DEVICE_ID, extra: Record<string, string> = {}, locale?: string) =>
  callApi(t.app, calls.sendPhoneCode, { phone, scene: scene as 'register', captchaToken: await passCaptcha(t.app, deviceId), ...extra }, { deviceId, locale })
const sendEmail = async (email: string, scene = 'register', deviceId = TEST_DEVICE_ID) =>
  callApi(t.app, calls.sendEmailCode, { email, scene: scene as 'register', captchaToken: await passCaptcha(t.app, deviceId) }, { deviceId })
const deps = (): CodeDeps => ({ kv: t.kv, now: clock.now, hmacKey: t.app.hmacKey, notifier: t.app.notifier, log: t.app.log, codeResendSeconds: t.app.config.codeResendSeconds })

describe('POST verify/sendPhoneCode and verify/sendEmailCode', () => {
  it('sends a 6-digit SMS code to the phone, valid 5 minutes, resend after 60 s', async () => {
    const phone = uniquePhone()
    expect(payloadOf(await sendPhone(phone))).toEqual({ sentTo: `${phone.slice(0, 3)}****${phone.slice(7)}`, resendAfter: 60, expiresIn: 300 })
    expect(await latestCode(t.app, `+86${phone}`)).toMatch(/^\d{6}$/)
  })

  it('sends to a phone of another region with its dialling code; refuses a region not in the dictionary', async () => {
    payloadOf(await sendPhone('91234567', 'register', TEST_DEVICE_ID, { region: 'HK' }))
    expect(await latestCode(t.app, '+85291234567')).toMatch(/^\d{6}$/)
    const refused = expectRefusal(await sendPhone('91234567', 'register', TEST_DEVICE_ID, { region: 'ZZ' }), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([{ field: 'region', messageKey: 'field.invalid', message: '格式不正确' }])
  })

  it('sends an email code to the address in lower case', async () => {
    expect(payloadOf(await sendEmail('Lin.Wei@Example.COM'))).toMatchObject({ sentTo: 'l***@example.com' })
    expect(await latestCode(t.app, 'lin.wei@example.com')).toMatch(/^\d{6}$/)
  })

  it('needs a captcha token', async () => {
    const missing = await callApi(t.app, calls.sendPhoneCode, { phone: uniquePhone(), scene: 'register' } as never)
    expect(expectRefusal(missing, 'VALIDATION_FAILED', 400).fields).toEqual([expect.objectContaining({ field: 'captchaToken' })])
    expectRefusal(await callApi(t.app, calls.sendPhoneCode, { phone: uniquePhone(), scene: 'register', captchaToken: 'nope' }), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it('refuses sign-up and binding codes for a registered phone or email; recovery answers alike for an unknown one (nothing is sent)', async () => {
    const phone = uniquePhone()
    await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}`, email: 'taken@example.com' })
    expectRefusal(await sendPhone(phone, 'register'), 'ALREADY_REGISTERED', 409)
    expectRefusal(await sendPhone(phone, 'bind'), 'ALREADY_REGISTERED', 409)
    expectRefusal(await sendEmail('TAKEN@example.com', 'register'), 'ALREADY_REGISTERED', 409)
    const stranger = uniquePhone()
    payloadOf(await sendPhone(stranger, 'resetPassword'))
    expect(payloadOf(await t.app.inject({ url: `/dev/outbox.json?to=%2B86${stranger}` }))).toEqual([])
    payloadOf(await sendPhone(phone, 'resetPassword'))
    clock.advance(MINUTE)
    payloadOf(await sendPhone(phone, 'login'))
  })

  it('refuses a resend within 60 s, saying how long to wait', async () => {
    const phone = uniquePhone()
    payloadOf(await sendPhone(phone))
    clock.advance(18 * SECOND)
    const soon = await sendPhone(phone, 'login', TEST_DEVICE_ID, {}, 'en-US')
    expect(expectRefusal(soon, 'CODE_RESEND_TOO_SOON', 429).msg).toBe('A code was just sent; please try again in 42 s')
    expect(soon.headers['retry-after']).toBe('42')
    clock.advance(41 * SECOND)
    expect(expectRefusal(await sendPhone(phone), 'CODE_RESEND_TOO_SOON', 429).msg).toBe('验证码已发送，请1秒后再试')
    clock.advance(SECOND)
    payloadOf(await sendPhone(phone))
  })

  it('waits the interval the operator set (CODE_RESEND_SECONDS), and tells the client so', async () => {
    const own = await buildTestApp({ now: clock.now, env: { CODE_RESEND_SECONDS: '90' } })
    try {
      const phone = uniquePhone()
      const send = async () =>
        callApi(own.app, calls.sendPhoneCode, { phone, scene: 'register', captchaToken: await passCaptcha(own.app, TEST_DEVICE_ID) }, { deviceId: TEST_DEVICE_ID, locale: 'en-US' })
      expect(payloadOf(await send())).toMatchObject({ resendAfter: 90, expiresIn: 300 })
      clock.advance(61 * SECOND)
      expect(expectRefusal(await send(), 'CODE_RESEND_TOO_SOON', 429).msg).toBe('A code was just sent; please try again in 29 s')
      clock.advance(29 * SECOND)
      expect(payloadOf(await send())).toMatchObject({ resendAfter: 90 })
    } finally {
      await own.close()
    }
  })

  it('caps the codes a phone receives a day (10), whoever asks; the cap ends at midnight in China', async () => {
    clock.set(new Date('2026-05-05T16:00:00Z')) // 00:00 in China
    const phone = uniquePhone()
    for (let i = 0; i < 10; i++) {
      payloadOf(await sendPhone(phone, 'register', newDevice()))
      clock.advance(MINUTE)
    }
    expectRefusal(await sendPhone(phone, 'register', newDevice()), 'CODE_DAILY_LIMIT', 429)
    clock.set(new Date('2026-05-06T16:00:00Z'))
    payloadOf(await sendPhone(phone, 'register', newDevice()))
  })

  it('caps the codes one client asks for a day (20), whatever the destination', async () => {
    const device = newDevice()
    for (let i = 0; i < 20; i++) {
      payloadOf(await sendPhone(uniquePhone(), 'register', device))
      clock.advance(5 * SECOND) // under the puzzles-per-minute limit
    }
    expectRefusal(await sendPhone(uniquePhone(), 'register', device), 'CODE_DAILY_LIMIT', 429)
    clock.advance(DAY)
    payloadOf(await sendPhone(uniquePhone(), 'register', device))
  })
})

describe('POST sendPhonePassCode and sendEmailPassCode', () => {
  it("sends to the user's own phone; CONTACT_NOT_BOUND for a missing email; 401 without a login", async () => {
    const phone = uniquePhone()
    const login = await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const own = await callApi(t.app, calls.sendPhonePassCode, { scene: 'updatePassword' }, { token: login.accessToken })
    expect(payloadOf(own)).toMatchObject({ sentTo: `${phone.slice(0, 3)}****${phone.slice(7)}` })
    expect(await latestCode(t.app, `+86${phone}`)).toMatch(/^\d{6}$/)
    const email = await callApi(t.app, calls.sendEmailPassCode, {}, { token: login.accessToken, locale: 'en-US' })
    expect(expectRefusal(email, 'CONTACT_NOT_BOUND', 400).msg).toBe(
      'No phone or email is bound, so no verification code can be sent; please bind one first',
    )
    expectRefusal(await callApi(t.app, calls.sendPhonePassCode, {}), 'SESSION_INVALID', 401)
  })

  it("sends to the user's own email", async () => {
    const login = await seedAccount(t, { email: 'own.mail@example.com' })
    payloadOf(await callApi(t.app, calls.sendEmailPassCode, {}, { token: login.accessToken }))
    expect(await latestCode(t.app, 'own.mail@example.com')).toMatch(/^\d{6}$/)
    expectRefusal(await callApi(t.app, calls.sendPhonePassCode, {}, { token: login.accessToken }), 'CONTACT_NOT_BOUND', 400)
  })
})

describe('using a code', () => {
  const target = (): CodeTarget => ({ scene: 'register', channel: 'sms', to: `+86${uniquePhone()}` })
  const send = async (to: CodeTarget) => {
    await sendCode(deps(), to, { ip: '127.0.0.1', deviceId: newDevice(), client: 'h5' }, 'zh-CN', 'x')
    return latestCode(t.app, to.to)
  }
  const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: { errorCode: string }) => error.errorCode)

  it('accepts the right code once', async () => {
    const to = target()
    const code = await send(to)
    await useCode(deps(), to, code)
    expect(await refusal(useCode(deps(), to, code))).toBe('CODE_EXPIRED')
  })

  it('is good only for its scene and destination', async () => {
    const to = target()
    const code = await send(to)
    expect(await refusal(useCode(deps(), { ...to, scene: 'login' }, code))).toBe('CODE_EXPIRED')
    expect(await refusal(useCode(deps(), { ...to, to: `+86${uniquePhone()}` }, code))).toBe('CODE_EXPIRED')
    await useCode(deps(), to, code)
  })

  it('dies after 5 tries, the right code included', async () => {
    const to = target()
    const code = await send(to)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect(await refusal(useCode(deps(), to, wrong))).toBe('WRONG_VERIFICATION_CODE')
    expect(await refusal(useCode(deps(), to, code))).toBe('CODE_EXPIRED')
  })

  it('expires after 5 minutes; a new code replaces the old one', async () => {
    const to = target()
    const code = await send(to)
    clock.advance(5 * MINUTE)
    expect(await refusal(useCode(deps(), to, code))).toBe('CODE_EXPIRED')
    clock.advance(MINUTE)
    const first = await send(to)
    clock.advance(MINUTE)
    const second = await send(to)
    if (first !== second) expect(await refusal(useCode(deps(), to, first))).toBe('WRONG_VERIFICATION_CODE')
    await useCode(deps(), to, second)
  })

  it('keeps no code in clear', async () => {
    const to = target()
    const code = await send(to)
    const stored = await t.kv.get(`code:register:sms:${to.to}`)
    expect(stored).not.toContain(code)
  })

  it('answers SMS_CODE_FAILED when the message cannot be sent, and lets the user try again at once', async () => {
    const to = target()
    const broken = { ...deps(), notifier: { send: () => Promise.reject(new Error('gateway down')) } }
    const origin = { ip: '127.0.0.1', deviceId: newDevice(), client: 'h5' }
    expect(await refusal(sendCode(broken, to, origin, 'zh-CN', 'x'))).toBe('SMS_CODE_FAILED')
    expect(await refusal(useCode(deps(), to, '123456'))).toBe('CODE_EXPIRED')
    await sendCode(deps(), to, origin, 'zh-CN', 'x')
  })
})
