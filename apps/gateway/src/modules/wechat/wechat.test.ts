// The mini-program's WeChat sign-in (issue 17) through the real adapter against the local fake of
// WeChat's server API, over HTTP: jscode2session, stable_token and getuserphonenumber with WeChat's
// error codes; the open id bound to the device and the account; sign-in or sign-up by the verified
// phone with the agreements; and the refusals.
import { createServer } from 'node:net'
import { calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { currentAgreementIds } from '../../../test/helpers/flows'
import { appUser, userAgreement, wechatMiniAccount } from '../../db/schema'
import { type WechatFakeServer, startWechatFake } from '../dev/wechat-fake'

const APP = { appId: 'wxtest1234567890', secret: 'test-mini-secret-0123456789abcdef' }
let fake: WechatFakeServer
let t: TestApp
let agreementIds: string[]
beforeAll(async () => {
  fake = await startWechatFake([APP])
  t = await buildTestApp({ env: { WECHAT_MINI_APPID: APP.appId, WECHAT_MINI_SECRET: APP.secret, WECHAT_API_URL: fake.url } })
  agreementIds = await currentAgreementIds(t.app)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

let devices = 0
const newDevice = () => `wx-device-${process.pid}-${++devices}`
const getOpenId = (code: string, deviceId = newDevice(), locale?: 'en-US') => callApi(t.app, calls.wechatGetOpenId, { code }, { deviceId, locale })
const quickLogin = (body: object, deviceId = newDevice()) => callApi(t.app, calls.weChatMiniQuickLogin, body as never, { deviceId })

describe('GET wechat/getOpenId', () => {
  it("answers the open id of a wx.login code (never WeChat's session key) and remembers it for the device", async () => {
    const deviceId = newDevice()
    const response = await getOpenId(fake.state.mintLoginCode('alice'), deviceId)
    expect(payloadOf(response)).toEqual({ openId: fake.state.openIdOf(APP.appId, 'alice') })
    expect(response.body).not.toMatch(/session_?key/i)
    expect(JSON.parse((await t.kv.get(`wechat:mini:${APP.appId}:device:${deviceId}`)) ?? '{}')).toMatchObject({ openId: fake.state.openIdOf(APP.appId, 'alice') })
    expect(fake.state.calls.at(-1)).toEqual({ path: '/sns/jscode2session', appId: APP.appId })
  })

  it('refuses a used or unknown code (40163, 40029) in the caller language, and a malformed one before WeChat', async () => {
    const code = fake.state.mintLoginCode('bob')
    payloadOf(await getOpenId(code))
    expectRefusal(await getOpenId(code), 'WECHAT_CODE_INVALID', 400)
    const unknown = expectRefusal(await getOpenId('0'.repeat(32), newDevice(), 'en-US'), 'WECHAT_CODE_INVALID', 400)
    expect(unknown.msg).toBe('The WeChat authorization has expired; please try again')
    const before = fake.state.calls.length
    expectRefusal(await getOpenId('short'), 'VALIDATION_FAILED', 400)
    expect(fake.state.calls.length).toBe(before)
  })
})

describe('POST login/weChatMiniQuickLogin', () => {
  it('signs in to the account of the phone WeChat verified and binds the open id to it', async () => {
    const phone = uniquePhone()
    const { userId } = await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const state = payloadOf(await quickLogin({ phoneCode: fake.state.mintPhoneCode(phone), loginCode: fake.state.mintLoginCode('carol') }))
    expect(state).toMatchObject({ userId, created: false, refreshToken: expect.any(String) })
    expect((await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken })).statusCode).toBe(200)
    const [bound] = await t.database.db.select().from(wechatMiniAccount).where(eq(wechatMiniAccount.userId, userId))
    expect(bound).toMatchObject({ appId: APP.appId, openId: fake.state.openIdOf(APP.appId, 'carol'), unionId: expect.stringMatching(/^u/) })
  })

  it('creates the account of a new phone only with the agreements ticked; nothing is stored without them', async () => {
    const phone = uniquePhone()
    const refused = expectRefusal(await quickLogin({ phoneCode: fake.state.mintPhoneCode(phone) }), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([expect.objectContaining({ field: 'agreementIds', messageKey: 'agreement.required' })])
    expect(await t.database.db.select().from(appUser).where(eq(appUser.phoneE164, `+86${phone}`))).toEqual([])

    const state = payloadOf(await quickLogin({ phoneCode: fake.state.mintPhoneCode(phone), agreementIds }))
    expect(state.created).toBe(true)
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken }))
    expect(info).toMatchObject({ phone, phoneRegion: 'CN' })
    expect(await t.database.db.select().from(userAgreement).where(eq(userAgreement.userId, state.userId))).toHaveLength(agreementIds.length)
  })

  it('takes a phone of another served region with its dialling code, and refuses a region not served', async () => {
    const hongKong = `9${String(process.pid % 10_000_000).padStart(7, '0')}`
    const state = payloadOf(await quickLogin({ phoneCode: fake.state.mintPhoneCode(hongKong, '852'), agreementIds }))
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken }))).toMatchObject({ phone: hongKong, phoneRegion: 'HK' })
    expectRefusal(await quickLogin({ phoneCode: fake.state.mintPhoneCode('5551234', '999'), agreementIds }), 'WECHAT_UNAVAILABLE', 400)
  })

  it('refuses a used phone code, and a bad login code without spending the phone code', async () => {
    const phone = uniquePhone()
    await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const phoneCode = fake.state.mintPhoneCode(phone)
    expectRefusal(await quickLogin({ phoneCode, loginCode: 'f'.repeat(32) }), 'WECHAT_CODE_INVALID', 400)
    payloadOf(await quickLogin({ phoneCode }))
    expectRefusal(await quickLogin({ phoneCode }), 'WECHAT_CODE_INVALID', 400)
    expectRefusal(await quickLogin({ phoneCode: fake.state.mintLoginCode('dave') }), 'WECHAT_CODE_INVALID', 400)
  })

  it("keeps WeChat's access token between calls and gets a new one when WeChat says it expired (42001)", async () => {
    const tokens = () => fake.state.calls.filter((c) => c.path === '/cgi-bin/stable_token').length
    const login = async () => {
      const phone = uniquePhone()
      await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
      return payloadOf(await quickLogin({ phoneCode: fake.state.mintPhoneCode(phone) }))
    }
    await login()
    const first = tokens()
    await login()
    expect(tokens()).toBe(first)
    fake.state.expireTokens()
    await login()
    expect(tokens()).toBe(first + 1)
  })
})

describe('without a WeChat app', () => {
  it('answers WECHAT_UNAVAILABLE where no mini-program is configured, and WECHAT_FAILED on a wrong secret', async () => {
    const none = await buildTestApp({ env: { WECHAT_API_URL: fake.url } })
    const wrong = await buildTestApp({ env: { WECHAT_MINI_APPID: APP.appId, WECHAT_MINI_SECRET: 'not-the-secret', WECHAT_API_URL: fake.url } })
    try {
      expectRefusal(await callApi(none.app, calls.wechatGetOpenId, { code: fake.state.mintLoginCode('erin') }), 'WECHAT_UNAVAILABLE', 400)
      expectRefusal(await callApi(none.app, calls.weChatMiniQuickLogin, { phoneCode: fake.state.mintPhoneCode(uniquePhone()) }), 'WECHAT_UNAVAILABLE', 400)
      expectRefusal(await callApi(wrong.app, calls.wechatGetOpenId, { code: fake.state.mintLoginCode('erin') }), 'WECHAT_FAILED', 502)
    } finally {
      await none.close()
      await wrong.close()
    }
  })

  it('outside production serves the fake under /dev/wechat and signs in through it over loopback', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number }
        probe.close(() => resolve(free))
      })
    })
    const dev = await buildTestApp({ env: { PORT: String(port) } })
    try {
      await dev.app.listen({ port, host: '127.0.0.1' })
      const minted = await fetch(`http://127.0.0.1:${port}/dev/wechat/mint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identity: 'frank' }) })
      const { code } = (await minted.json()) as { code: string }
      const { openId } = payloadOf(await callApi(dev.app, calls.wechatGetOpenId, { code }))
      expect(openId).toMatch(/^o[\w-]{27}$/)
      expect((await fetch(`http://127.0.0.1:${port}/dev/wechat/mint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400)
    } finally {
      await dev.close()
    }
  })
})
