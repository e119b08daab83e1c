import { calls } from '@ess/contract'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { currentAgreementIds, passCaptcha, smsCode } from '../../../test/helpers/flows'
import { sealPassword } from '../../../test/helpers/password'
import { appUser } from '../../db/schema'
import { ARGON2_OPTIONS, argon2, hashPassword, needsRehash, passwordWork } from '../../infra/crypto/password-hash'

const clock = testClock(new Date('2026-07-01T01:00:00Z'))
let t: TestApp
let passwordHash: string
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  passwordHash = await hashPassword('Welcome2026')
})
afterAll(() => t.close())

let devices = 0
const newDevice = () => `login-device-${String(++devices).padStart(8, '0')}`

async function login(account: string, password: string, deviceId = newDevice(), locale?: string) {
  const captchaToken = await passCaptcha(t.app, deviceId)
  const sealed = await sealPassword(t.app.passwordKey.publicKeyPem, password)
  return callApi(t.app, calls.loginByAccount, { account, password: sealed, captchaToken }, { deviceId, locale })
}

async function account() {
  const phone = uniquePhone()
  const email = uniqueEmail()
  const username = `user_${phone}`
  const { userId } = await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}`, email, username, passwordHash })
  return { userId, phone, email, username }
}

describe('POST login/loginByAccount', () => {
  it('logs in by phone, +86 phone, email in any case or username', async () => {
    const user = await account()
    for (const name of [user.phone, `+86${user.phone}`, user.email.toUpperCase(), user.username.toUpperCase(), ` ${user.phone} `]) {
      const state = payloadOf(await login(name, 'Welcome2026'))
      expect(state).toMatchObject({ userId: user.userId, expiresIn: 7200, refreshExpiresIn: 2_592_000 })
      expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken })).userId).toBe(user.userId)
    }
  })

  it('needs a captcha token, used once', async () => {
    const user = await account()
    const device = newDevice()
    const captchaToken = await passCaptcha(t.app, device)
    const password = await sealPassword(t.app.passwordKey.publicKeyPem, 'Welcome2026')
    payloadOf(await callApi(t.app, calls.loginByAccount, { account: user.phone, password, captchaToken }, { deviceId: device }))
    expectRefusal(await callApi(t.app, calls.loginByAccount, { account: user.phone, password, captchaToken }, { deviceId: device }), 'IMAGE_CAPTCHA_FAILED', 400)
    const missing = await callApi(t.app, calls.loginByAccount, { account: user.phone, password } as never, { deviceId: device })
    expect(expectRefusal(missing, 'VALIDATION_FAILED', 400).fields).toEqual([expect.objectContaining({ field: 'captchaToken' })])
  })

  it('refuses a wrong password, an unknown account and an account without a password in the same words', async () => {
    const user = await account()
    const codeOnly = await seedAccount(t, { email: uniqueEmail() })
    const { email: codeOnlyEmail } = (await t.database.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, codeOnly.userId)))[0]
    const answers = [
      await login(user.phone, 'Wrong2026', undefined, 'en-US'),
      await login('13000000000', 'Welcome2026', undefined, 'en-US'),
      await login('nobody@example.com', 'Welcome2026', undefined, 'en-US'),
      await login(codeOnlyEmail!, 'Welcome2026', undefined, 'en-US'),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400)
      expect({ ...answer.json(), traceId: undefined }).toEqual({
        code: 100513,
        errorCode: 'WRONG_CREDENTIALS',
        msg: 'The account or password is incorrect',
        errorMsg: 'The account or password is incorrect',
        data: { success: false, data: null },
      })
    }
  })

  it('spends the same argon2id work on an unknown account as on a wrong password', async () => {
    // Counted, not timed: one argon2id verify a sign-in either way, against a hash of the same
    // parameters (a timing check with four samples failed on a loaded CI machine, where the wrong
    // password's extra writes to PostgreSQL, not the hashing, made the difference).
    // argon2's verify, watched: which hash each sign-in checks against (the real verify runs).
    const user = await account()
    const verifiedAgainst = async (name: string) => {
      const argon2Verify = vi.spyOn(argon2, 'verify')
      try {
        expect((await login(name, 'Wrong2026x')).statusCode).toBe(400)
        expect(argon2Verify).toHaveBeenCalledTimes(1)
        return String(argon2Verify.mock.calls[0][0])
      } finally {
        argon2Verify.mockRestore()
      }
    }
    const wrong = await verifiedAgainst(user.email)
    const unknown = await verifiedAgainst('ghost@example.com')
    expect(wrong).toBe(passwordHash)
    expect(unknown).not.toBe(passwordHash)
    const parameters = (phc: string) => phc.split('$').slice(1, 4).join('$')
    expect(parameters(unknown)).toBe(parameters(wrong))
    expect(needsRehash(unknown)).toBe(false)
  })

  it('locks the account after 5 failures, whichever name is typed, for 15 minutes', async () => {
    const user = await account()
    for (const name of [user.phone, user.email, user.username, user.phone]) expectRefusal(await login(name, 'Wrong2026'), 'WRONG_CREDENTIALS', 400)
    const locked = expectRefusal(await login(user.email, 'Wrong2026', undefined, 'en-US'), 'ACCOUNT_LOCKED', 423)
    expect(locked.msg).toBe('The account is locked, please try again later')
    expectRefusal(await login(user.phone, 'Welcome2026'), 'ACCOUNT_LOCKED', 423)
    clock.advance(15 * MINUTE)
    payloadOf(await login(user.phone, 'Welcome2026'))
  })

  it('locks an unknown account exactly like a real one', async () => {
    for (let i = 0; i < 4; i++) expectRefusal(await login('ghost.user@example.com', 'Wrong2026'), 'WRONG_CREDENTIALS', 400)
    expectRefusal(await login('ghost.user@example.com', 'Wrong2026'), 'ACCOUNT_LOCKED', 423)
    expectRefusal(await login('Ghost.User@example.com', 'Welcome2026'), 'ACCOUNT_LOCKED', 423)
  })

  it('forgets earlier failures after a success', async () => {
    const user = await account()
    for (let i = 0; i < 4; i++) expectRefusal(await login(user.phone, 'Wrong2026'), 'WRONG_CREDENTIALS', 400)
    payloadOf(await login(user.phone, 'Welcome2026'))
    for (let i = 0; i < 4; i++) expectRefusal(await login(user.phone, 'Wrong2026'), 'WRONG_CREDENTIALS', 400)
    payloadOf(await login(user.phone, 'Welcome2026'))
  })

  it('replaces a hash of weaker parameters at the next sign-in', async () => {
    const weak = await hash('Welcome2026', { ...ARGON2_OPTIONS, memoryCost: 4096, timeCost: 1 })
    const user = await seedAccount(t, { email: uniqueEmail(), passwordHash: weak })
    const [{ email }] = await t.database.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, user.userId))
    payloadOf(await login(email!, 'Welcome2026'))
    const [{ stored }] = await t.database.db.select({ stored: appUser.passwordHash }).from(appUser).where(eq(appUser.id, user.userId))
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    payloadOf(await login(email!, 'Welcome2026'))
  })

  it('refuses a password not sealed with the served key', async () => {
    const user = await account()
    const captchaToken = await passCaptcha(t.app)
    const forged = Buffer.from('W'.repeat(256)).toString('base64')
    expectRefusal(await callApi(t.app, calls.loginByAccount, { account: user.phone, password: forged, captchaToken }), 'BAD_REQUEST', 400)
  })

  it('accepts the keyId of the served key, and refuses another one without spending the captcha token', async () => {
    const user = await account()
    const captchaToken = await passCaptcha(t.app)
    const password = await sealPassword(t.app.passwordKey.publicKeyPem, 'Welcome2026')
    const stale = await callApi(t.app, calls.loginByAccount, { account: user.phone, password, keyId: '0123456789abcdef', captchaToken }, { locale: 'en-US' })
    expectRefusal(stale, 'PASSWORD_KEY_CHANGED', 409)
    expect(stale.json().msg).toBe('The security key has changed; please try again')
    // The same captcha token still works once the body is sealed with the served key.
    payloadOf(await callApi(t.app, calls.loginByAccount, { account: user.phone, password, keyId: t.app.passwordKey.keyId, captchaToken }))
  })

  it('refuses a malformed keyId as invalid input', async () => {
    const user = await account()
    const captchaToken = await passCaptcha(t.app)
    const password = await sealPassword(t.app.passwordKey.publicKeyPem, 'Welcome2026')
    expectRefusal(await callApi(t.app, calls.loginByAccount, { account: user.phone, password, keyId: 'KEY', captchaToken }), 'VALIDATION_FAILED', 400)
  })
})

describe('a sign-in storm (issue 37): the password-hashing line is full', () => {
  /** Holds every hashing slot until released: the line is full for as long as the test says. */
  async function fillLine() {
    passwordWork.configure({ concurrency: 1, maxWaitMs: 0 })
    let release!: () => void
    const held = passwordWork.within((place) => passwordWork.run(() => new Promise<void>((resolve) => (release = resolve)), place))
    await Promise.resolve()
    return async () => {
      release()
      await held
      passwordWork.configure({ concurrency: 2, maxWaitMs: 1000 })
    }
  }

  it('answers a sign-in at once with PASSWORD_WORK_BUSY and Retry-After, keeps the captcha token for the retry, and other calls are answered', async () => {
    const user = await account()
    const deviceId = newDevice()
    const captchaToken = await passCaptcha(t.app, deviceId)
    const password = await sealPassword(t.app.passwordKey.publicKeyPem, 'Welcome2026')
    const free = await fillLine()
    try {
      const answer = await callApi(t.app, calls.loginByAccount, { account: user.phone, password, captchaToken }, { deviceId, locale: 'en-US' })
      const refusal = expectRefusal(answer, 'PASSWORD_WORK_BUSY', 503)
      const seconds = Number(answer.headers['retry-after'])
      expect(seconds).toBeGreaterThanOrEqual(1)
      expect(refusal.msg).toBe(`Many people are signing in right now; please try again in ${seconds} s`)
      const zh = await callApi(t.app, calls.loginByAccount, { account: user.phone, password, captchaToken }, { deviceId })
      expect(expectRefusal(zh, 'PASSWORD_WORK_BUSY', 503).msg).toMatch(/^当前登录的人较多，请\d+秒后重试$/)
      // The hashing threads are all taken (the held piece never ends): the calls without a password are not in its line.
      expect(payloadOf(await callApi(t.app, calls.dictList, { type: 'gender' }, { deviceId }))).toBeDefined()
      expect((await passCaptcha(t.app, newDevice())).length).toBeGreaterThan(0)
    } finally {
      await free()
    }
    // The retry with the same captcha token: nothing of it was spent by the refusals.
    const state = payloadOf(await callApi(t.app, calls.loginByAccount, { account: user.phone, password, captchaToken }, { deviceId }))
    expect(state).toMatchObject({ userId: user.userId })
  })

  it('a registration refused as busy spends no code: the same code registers afterwards', async () => {
    const phone = uniquePhone()
    const sealed = await sealPassword(t.app.passwordKey.publicKeyPem, 'Welcome2026')
    const body = { region: 'CN', phone, code: await smsCode(t.app, phone, 'register'), password: sealed, confirmPassword: sealed, agreementIds: await currentAgreementIds(t.app) }
    const free = await fillLine()
    try {
      expectRefusal(await callApi(t.app, calls.registerByPhonePwd, body), 'PASSWORD_WORK_BUSY', 503)
    } finally {
      await free()
    }
    expect(payloadOf(await callApi(t.app, calls.registerByPhonePwd, body))).toMatchObject({ accessToken: expect.any(String) })
  })
})
