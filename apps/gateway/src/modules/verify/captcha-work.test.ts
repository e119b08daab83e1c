import { CAPTCHA_WORK_PER_CLIENT_PER_HOUR, type CaptchaWork, calls, meetsCaptchaWork } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { HOUR, MINUTE, SECOND, testClock } from '../../../test/helpers/clock'

const clock = testClock(new Date('2026-04-01T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, env: { CAPTCHA_WORK_BITS: '10' } })
})
afterAll(() => t.close())

let devices = 0
const newDevice = () => `work-device-${String(++devices).padStart(10, '0')}`

const getWork = async (deviceId: string) => payloadOf<CaptchaWork>(await callApi(t.app, calls.getCaptchaWork, undefined, { deviceId }))
const check = (deviceId: string, challengeId: string, nonce: string, locale?: string) =>
  callApi(t.app, calls.checkCaptchaWork, { challengeId, nonce }, { deviceId, locale })
/** The search a client does (here in the test: 10 bits are about a thousand tries). */
const solve = (work: CaptchaWork) => {
  for (let nonce = 0; ; nonce++) if (meetsCaptchaWork(work.challenge, String(nonce), work.bits)) return String(nonce)
}
/** A nonce that does not meet the work (most do not). */
const wrong = (work: CaptchaWork) => {
  for (let nonce = 0; ; nonce++) if (!meetsCaptchaWork(work.challenge, String(nonce), work.bits)) return String(nonce)
}
const sendCodeWith = (deviceId: string, captchaToken: string) =>
  callApi(t.app, calls.sendPhoneCode, { phone: '13700000000', scene: 'login', captchaToken }, { deviceId })

describe('GET verify/getCaptchaWork', () => {
  it('hands out a new random challenge at the configured difficulty, not cached', async () => {
    const device = newDevice()
    const response = await callApi(t.app, calls.getCaptchaWork, undefined, { deviceId: device })
    expect(response.headers['cache-control']).toBe('no-store')
    const a = payloadOf<CaptchaWork>(response)
    const b = await getWork(device)
    expect(a).toMatchObject({ bits: 10, expiresIn: 120, challenge: expect.stringMatching(/^[\w-]{22}$/) })
    expect(a.challengeId).not.toBe(b.challengeId)
    expect(a.challenge).not.toBe(b.challenge)
  })

  it(`gives one client ${CAPTCHA_WORK_PER_CLIENT_PER_HOUR} challenges an hour, then TOO_MANY_REQUESTS until the next hour`, async () => {
    clock.set(new Date('2026-04-01T03:00:00Z'))
    const device = newDevice()
    for (let i = 0; i < CAPTCHA_WORK_PER_CLIENT_PER_HOUR; i++) await getWork(device)
    const refused = expectRefusal(await callApi(t.app, calls.getCaptchaWork, undefined, { deviceId: device, locale: 'en-US' }), 'TOO_MANY_REQUESTS', 429)
    expect(refused.errorMsg).toMatch(/[A-Za-z]/)
    // Another device (another client) has its own budget; this one waits for the next hour.
    await getWork(newDevice())
    clock.advance(HOUR)
    await getWork(device)
  })
})

describe('POST verify/checkCaptchaWork', () => {
  it('trades a right nonce for a single-use captcha token that a code send takes, once', async () => {
    const device = newDevice()
    const work = await getWork(device)
    const pass = payloadOf<{ captchaToken: string; expiresIn: number }>(await check(device, work.challengeId, solve(work)))
    expect(pass).toEqual({ captchaToken: expect.stringMatching(/^[\w-]{43}$/), expiresIn: 120 })
    expect((await sendCodeWith(device, pass.captchaToken)).statusCode).toBe(200)
    expectRefusal(await sendCodeWith(device, pass.captchaToken), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it('refuses a wrong nonce, and the challenge is used up by that check (a right one after it is refused too)', async () => {
    const device = newDevice()
    const work = await getWork(device)
    const refused = expectRefusal(await check(device, work.challengeId, wrong(work), 'zh-CN'), 'IMAGE_CAPTCHA_FAILED', 400)
    expect(refused.errorMsg).toBe('图形验证失败')
    expectRefusal(await check(device, work.challengeId, solve(work)), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it("refuses another device's challenge, an unknown one, and one past its 2 minutes", async () => {
    const device = newDevice()
    const work = await getWork(device)
    expectRefusal(await check(newDevice(), work.challengeId, solve(work)), 'IMAGE_CAPTCHA_FAILED', 400)
    expectRefusal(await check(device, 'no-such-challenge', '1'), 'IMAGE_CAPTCHA_FAILED', 400)
    const late = await getWork(device)
    clock.advance(2 * MINUTE + SECOND)
    expectRefusal(await check(device, late.challengeId, solve(late)), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it('counts wrong answers toward the lockout the puzzle shares: the fifth locks the client out of both', async () => {
    const device = newDevice()
    for (let i = 0; i < 5; i++) {
      const work = await getWork(device)
      expectRefusal(await check(device, work.challengeId, wrong(work)), 'IMAGE_CAPTCHA_FAILED', 400)
    }
    expectRefusal(await callApi(t.app, calls.getCaptchaWork, undefined, { deviceId: device }), 'TOO_MANY_REQUESTS', 429)
    expectRefusal(await callApi(t.app, calls.getCaptcha, undefined, { deviceId: device }), 'TOO_MANY_REQUESTS', 429)
  })

  it.each([
    [{ challengeId: 'x', nonce: '12a' }, 'nonce'],
    [{ challengeId: 'x', nonce: '12345678901234567' }, 'nonce'],
    [{ challengeId: 'x', nonce: '' }, 'nonce'],
    [{ challengeId: '', nonce: '1' }, 'challengeId'],
    [{ nonce: '1' }, 'challengeId'],
  ])('refuses a malformed answer %j with VALIDATION_FAILED on %s, translated', async (body, field) => {
    for (const [locale, pattern] of [['zh-CN', /[\u4e00-\u9fff]/], ['en-US', /[A-Za-z]/]] as const) {
      const refused = expectRefusal(await callApi(t.app, calls.checkCaptchaWork, body as never, { deviceId: newDevice(), locale }), 'VALIDATION_FAILED', 400)
      expect(refused.fields?.map((f) => f.field)).toContain(field)
      expect(refused.fields?.find((f) => f.field === field)?.message).toMatch(pattern)
    }
  })
})
