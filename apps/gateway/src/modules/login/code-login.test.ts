import { calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { currentAgreementIds, passCaptcha, smsCode } from '../../../test/helpers/flows'
import { sealPassword } from '../../../test/helpers/password'
import { appUser, userAgreement } from '../../db/schema'

const clock = testClock(new Date('2026-08-03T06:00:00Z'))
let t: TestApp
let agreementIds: string[]
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  agreementIds = await currentAgreementIds(t.app)
})
afterAll(() => t.close())

const codeLogin = (body: object) => callApi(t.app, calls.loginSignupByPhoneCode, body as never)

describe('POST login/loginSignupByPhoneCode', () => {
  it('logs in the account of the phone', async () => {
    const phone = uniquePhone()
    const { userId } = await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const state = payloadOf(await codeLogin({ phone, code: await smsCode(t.app, phone, 'login') }))
    expect(state).toMatchObject({ userId, created: false, refreshToken: expect.any(String) })
    expect((await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken })).statusCode).toBe(200)
  })

  it('creates the account of a new phone once the agreements are ticked, keeping the code until then', async () => {
    const phone = uniquePhone()
    const code = await smsCode(t.app, phone, 'login')
    const refused = expectRefusal(await codeLogin({ phone, code }), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([expect.objectContaining({ field: 'agreementIds', messageKey: 'agreement.required' })])
    expect(await t.database.db.select().from(appUser).where(eq(appUser.phoneE164, `+86${phone}`))).toEqual([])

    const state = payloadOf(await codeLogin({ phone, code, agreementIds }))
    expect(state.created).toBe(true)
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken }))
    expect(info).toMatchObject({ phone, phoneRegion: 'CN', hasPassword: false })
    const signed = await t.database.db.select().from(userAgreement).where(eq(userAgreement.userId, state.userId))
    expect(signed).toHaveLength(agreementIds.length)
  })

  it('refuses a wrong code, a code of another scene and a used code', async () => {
    const phone = uniquePhone()
    await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const code = await smsCode(t.app, phone, 'login')
    expectRefusal(await codeLogin({ phone, code: code === '999999' ? '999998' : '999999' }), 'WRONG_VERIFICATION_CODE', 400)
    payloadOf(await codeLogin({ phone, code }))
    expectRefusal(await codeLogin({ phone, code }), 'CODE_EXPIRED', 400)

    const fresh = uniquePhone()
    clock.advance(MINUTE)
    const registerCode = await smsCode(t.app, fresh, 'register')
    expectRefusal(await codeLogin({ phone: fresh, code: registerCode, agreementIds }), 'CODE_EXPIRED', 400)
  })

  it('makes an account that has no password: password sign-in is refused like any wrong password', async () => {
    const phone = uniquePhone()
    payloadOf(await codeLogin({ phone, code: await smsCode(t.app, phone, 'login'), agreementIds }))
    const captchaToken = await passCaptcha(t.app)
    const password = await sealPassword(t.app.passwordKey.publicKeyPem, 'Welcome2026')
    expectRefusal(await callApi(t.app, calls.loginByAccount, { account: phone, password, captchaToken }), 'WRONG_CREDENTIALS', 400)
  })
})
