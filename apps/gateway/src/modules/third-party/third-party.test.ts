import { type ThirdPartyProvider, calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { currentAgreementIds, passCaptcha, smsCode } from '../../../test/helpers/flows'
import { type StandInServer, TEST_PUBLIC_URL, startStandIn, visitProvider } from '../../../test/helpers/oauth'
import { GOOD_PASSWORD, accountWithPassword, seal, verifyByPassword } from '../../../test/helpers/security'
import { TEST_DEVICE_ID } from '../../../test/helpers/signed'
import { appUser, externalAccount, collectionRecord, securityEvent } from '../../db/schema'
import { demoSubject } from '../dev/oauth-stand-in'
import { openWindow } from '../security/window'
import { authenticate } from '../session/service'

const clock = testClock(new Date('2026-09-04T02:00:00Z'))
let t: TestApp
let standIn: StandInServer
beforeAll(async () => {
  standIn = await startStandIn()
  t = await buildTestApp({ now: clock.now, env: standIn.env })
})
afterAll(async () => {
  await t.close()
  await standIn.close()
})

let devices = 0
const newDevice = () => `oauth-device-${process.pid}-${++devices}`.padEnd(32, '0')

/** The whole redirect dance: authorize call, the provider's pages as a browser, the gateway's callback. Answers the portal address it returns to. */
async function dance(provider: ThirdPartyProvider, identity: string | null, options: { deviceId: string; token?: string }) {
  const call = options.token ? calls.thirdPartyBindAuthorize : calls.thirdPartyLoginAuthorize
  const { authorizeUrl } = payloadOf(await callApi(t.app, call, { provider }, { deviceId: options.deviceId, token: options.token }))
  const callback = new URL(await visitProvider(authorizeUrl, identity))
  expect(callback.origin + callback.pathname).toBe(`${TEST_PUBLIC_URL}/oauth/callback/${provider}`)
  const answer = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search })
  expect(answer.statusCode).toBe(303)
  expect(answer.headers['cache-control']).toBe('no-store')
  return answerOf(String(answer.headers.location))
}

/** The route and parameters of a portal address `<returnUrl>#/<route>?…`. */
function answerOf(location: string) {
  const [base, hash = ''] = location.split('#/')
  const [route, query = ''] = hash.split('?')
  const params = new URLSearchParams(query)
  return { base, route, ticket: params.get('oauthTicket'), error: params.get('oauthError'), provider: params.get('oauthProvider') }
}

async function signInWith(provider: ThirdPartyProvider, identity: string, deviceId = newDevice()) {
  const back = await dance(provider, identity, { deviceId })
  expect(back).toMatchObject({ base: `${TEST_PUBLIC_URL}/`, route: 'packages/login/login-type/index', error: null, provider })
  return { deviceId, result: payloadOf(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId })) }
}

async function bindLoginWith(bindLoginToken: string, externalId: string, deviceId: string, account: string, password = GOOD_PASSWORD) {
  const captchaToken = await passCaptcha(t.app, deviceId)
  return callApi(t.app, calls.bindLogin, { bindLoginToken, externalId, account, password: await seal(t, password), captchaToken }, { deviceId })
}

const bindingsOf = (userId: string) => t.database.db.select().from(externalAccount).where(eq(externalAccount.userId, userId))

describe('third-party providers', () => {
  it('lists the three providers configured, each authorize address the provider’s own dialect with a single-use state', async () => {
    expect(payloadOf(await callApi(t.app, calls.thirdPartyProviders))).toEqual([{ provider: 'wechat' }, { provider: 'qq' }, { provider: 'weibo' }])
    const wechat = new URL(payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'wechat' })).authorizeUrl)
    expect(wechat.pathname).toBe('/dev/oauth/wechat/connect/qrconnect')
    expect(Object.fromEntries(wechat.searchParams)).toMatchObject({ appid: 'test-wechat-app', scope: 'snsapi_login', response_type: 'code', redirect_uri: `${TEST_PUBLIC_URL}/oauth/callback/wechat` })
    expect(wechat.hash).toBe('#wechat_redirect')
    const qq = new URL(payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' })).authorizeUrl)
    expect(qq.pathname).toBe('/dev/oauth/qq/oauth2.0/authorize')
    expect(qq.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
    expect(qq.searchParams.get('client_secret')).toBeNull()
  })

  it('refuses a return address outside the allow-list, and bad bodies', async () => {
    for (const returnUrl of ['https://evil.example/', 'http://portal.test.evil.example/', 'http://portal.test/#/x', 'http://user:pw@portal.test/']) {
      expectRefusal(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq', returnUrl }), 'OAUTH_RETURN_NOT_ALLOWED', 400)
    }
    payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq', returnUrl: `${TEST_PUBLIC_URL}/index.html` }))
    expectRefusal(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'github' } as never), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: 'short' }), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.getBindLoginAccount, { bindLoginToken: 'x' }), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.getBindLoginAccount, { bindLoginToken: 'C'.repeat(43) }), 'BIND_LOGIN_EXPIRED', 400)
    expectRefusal(await callApi(t.app, calls.thirdPartyBindAuthorize, { provider: 'qq' }), 'SESSION_INVALID', 401)
    const { accessToken } = await accountWithPassword(t)
    expectRefusal(await callApi(t.app, calls.unbindThirdParty, { provider: 'msn' } as never, { token: accessToken }), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: 'D'.repeat(43) }, { token: accessToken }), 'IDENTITY_CHECK_REQUIRED', 403)
  })
})

describe('signing in with a provider', () => {
  it('an unbound account gets a bindLoginToken; bindLogin with the password binds it and signs in; the next sign-in is direct', async () => {
    const { userId, phone } = await accountWithPassword(t)
    const { deviceId, result } = await signInWith('wechat', 'li-na')
    expect(result).toMatchObject({ status: 'bindRequired', expiresIn: 600, account: { provider: 'wechat', nickname: '李*' } })
    const { externalId } = result.account
    expect(externalId).not.toContain(demoSubject('wechat', 'li-na'))
    expect(payloadOf(await callApi(t.app, calls.getBindLoginAccount, { bindLoginToken: result.bindLoginToken }, { deviceId }))).toMatchObject({ provider: 'wechat', nickname: '李*', externalId })
    // The token is this device's.
    expectRefusal(await callApi(t.app, calls.getBindLoginAccount, { bindLoginToken: result.bindLoginToken }, { deviceId: newDevice() }), 'BIND_LOGIN_EXPIRED', 400)

    // A wrong password counts toward the sign-in lockout, and keeps the token.
    expectRefusal(await bindLoginWith(result.bindLoginToken, externalId, deviceId, phone!, 'Wrong-Pass-99'), 'WRONG_CREDENTIALS')
    expect(await bindingsOf(userId)).toHaveLength(0)
    expectRefusal(await bindLoginWith(result.bindLoginToken, 'another-external-id', deviceId, phone!), 'BIND_LOGIN_EXPIRED')

    const login = payloadOf(await bindLoginWith(result.bindLoginToken, externalId, deviceId, phone!))
    expect(login.userId).toBe(userId)
    const [binding] = await bindingsOf(userId)
    expect(binding).toMatchObject({ provider: 'wechat', subject: `u${demoSubject('wechat', 'li-na')}`, nickname: '李娜' })
    // Spent.
    expectRefusal(await bindLoginWith(result.bindLoginToken, externalId, deviceId, phone!), 'BIND_LOGIN_EXPIRED')

    const again = await signInWith('wechat', 'li-na')
    expect(again.result).toMatchObject({ status: 'signedIn', login: { userId } })
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: again.result.login.accessToken })).userId).toBe(userId)

    const events = await t.database.db.select().from(securityEvent).where(eq(securityEvent.userId, userId))
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['signInFailed', 'thirdPartyBound']))
    const ledger = await t.database.db.select().from(collectionRecord).where(eq(collectionRecord.userId, userId))
    expect(ledger.some((row) => row.scene === 'thirdPartyBind' && row.infoType === 'thirdPartyAccount')).toBe(true)
  })

  it('QQ and Weibo speak their own dialects to the same end', async () => {
    for (const provider of ['qq', 'weibo'] as const) {
      const { userId, phone } = await accountWithPassword(t)
      const { deviceId, result } = await signInWith(provider, 'wang-lei')
      expect(result).toMatchObject({ status: 'bindRequired', account: { provider, nickname: '王*' } })
      payloadOf(await bindLoginWith(result.bindLoginToken, result.account.externalId, deviceId, phone!))
      expect((await bindingsOf(userId))[0]).toMatchObject({ provider, subject: demoSubject(provider, 'wang-lei') })
    }
  })

  it('refuses a ticket reused, from another device, forged, or expired, and a state reused or forged', async () => {
    const deviceId = newDevice()
    const back = await dance('qq', 'chen-jing', { deviceId })
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId: newDevice() }), 'OAUTH_STATE_INVALID', 400)
    // The other device's try spent it.
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId }), 'OAUTH_STATE_INVALID')
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: 'A'.repeat(43) }, { deviceId }), 'OAUTH_STATE_INVALID')

    const late = await dance('qq', 'chen-jing', { deviceId })
    clock.advance(6 * MINUTE)
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: late.ticket! }, { deviceId }), 'OAUTH_STATE_INVALID')

    // The state: single use, and only what the gateway issued.
    const { authorizeUrl } = payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'weibo' }, { deviceId }))
    const callback = new URL(await visitProvider(authorizeUrl, 'chen-jing'))
    const first = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search })
    expect(answerOf(String(first.headers.location)).ticket).toBeTruthy()
    const replay = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search })
    expect(answerOf(String(replay.headers.location))).toMatchObject({ ticket: null, error: 'OAUTH_STATE_INVALID', route: 'packages/login/login-type/index' })
    const forged = await t.app.inject({ method: 'GET', url: `/oauth/callback/weibo?code=abc&state=${'B'.repeat(43)}` })
    expect(answerOf(String(forged.headers.location))).toMatchObject({ error: 'OAUTH_STATE_INVALID' })
    // A state of one provider presented at another's callback.
    const { authorizeUrl: qqUrl } = payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId }))
    const state = new URL(qqUrl).searchParams.get('state')
    const crossed = await t.app.inject({ method: 'GET', url: `/oauth/callback/wechat?code=abc&state=${state}` })
    expect(answerOf(String(crossed.headers.location))).toMatchObject({ error: 'OAUTH_STATE_INVALID' })
    // An expired state.
    const { authorizeUrl: slow } = payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId }))
    const slowCallback = new URL(await visitProvider(slow, 'chen-jing'))
    clock.advance(11 * MINUTE)
    const expired = await t.app.inject({ method: 'GET', url: slowCallback.pathname + slowCallback.search })
    expect(answerOf(String(expired.headers.location))).toMatchObject({ error: 'OAUTH_STATE_INVALID' })
  })

  it('a person who cancels at the provider, and a code the provider refuses, come back with the error to show', async () => {
    expect(await dance('wechat', null, { deviceId: newDevice() })).toMatchObject({ ticket: null, error: 'OAUTH_CANCELLED' })
    const { authorizeUrl } = payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'wechat' }))
    const state = new URL(authorizeUrl).searchParams.get('state')
    const bad = await t.app.inject({ method: 'GET', url: `/oauth/callback/wechat?code=not-a-code&state=${state}` })
    expect(answerOf(String(bad.headers.location))).toMatchObject({ ticket: null, error: 'OAUTH_FAILED' })
  })

  it('refuses binding an external account bound to someone else (the SPEC text), and a second account of a provider', async () => {
    const first = await accountWithPassword(t)
    const second = await accountWithPassword(t)
    const a = await signInWith('weibo', 'chen-jing')
    payloadOf(await bindLoginWith(a.result.bindLoginToken, a.result.account.externalId, a.deviceId, first.phone!))

    // Signing in with it now signs in `first`; binding it to `second` through the binding list is refused.
    await verifyByPassword(t, second.accessToken)
    const back = await dance('weibo', 'chen-jing', { deviceId: TEST_DEVICE_ID, token: second.accessToken })
    expect(back.route).toBe('packages/safety/thirdParty')
    const refused = expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: back.ticket! }, { token: second.accessToken, locale: 'zh-CN' }), 'THIRD_PARTY_ALREADY_BOUND', 409)
    expect(refused.msg).toBe('该第三方账号已被绑定')

    // `first` has a Weibo account bound: another Weibo account is refused.
    await verifyByPassword(t, first.accessToken)
    const other = await dance('weibo', 'li-na', { deviceId: TEST_DEVICE_ID, token: first.accessToken })
    expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: other.ticket! }, { token: first.accessToken }), 'THIRD_PARTY_PROVIDER_BOUND', 409)
    expect(await bindingsOf(second.userId)).toHaveLength(0)
  })
})

describe('registering with a pending third-party account', () => {
  it('binds it to the new account in the registration’s transaction; another device’s token is refused before the code is spent', async () => {
    const { deviceId, result } = await signInWith('wechat', 'wang-lei')
    expect(result.status).toBe('bindRequired')
    const phone = uniquePhone()
    const code = await smsCode(t.app, phone, 'register', deviceId)
    const sealed = await seal(t, GOOD_PASSWORD)
    const body = { region: 'CN', phone, code, password: sealed, confirmPassword: sealed, agreementIds: await currentAgreementIds(t.app), bindLoginToken: result.bindLoginToken }
    expectRefusal(await callApi(t.app, calls.registerByPhonePwd, body, { deviceId: newDevice() }), 'BIND_LOGIN_EXPIRED', 400)
    const login = payloadOf(await callApi(t.app, calls.registerByPhonePwd, body, { deviceId }))
    expect((await bindingsOf(login.userId))[0]).toMatchObject({ provider: 'wechat', subject: `u${demoSubject('wechat', 'wang-lei')}`, nickname: '王磊' })
    expect((await signInWith('wechat', 'wang-lei')).result).toMatchObject({ status: 'signedIn', login: { userId: login.userId } })
  })
})

describe('the binding list', () => {
  it('binds from account security after the identity check, lists it masked, unbinds after the check; a login ticket cannot bind', async () => {
    const { userId, accessToken } = await accountWithPassword(t)
    expect(payloadOf(await callApi(t.app, calls.getBindingInfo, undefined, { token: accessToken }))).toEqual([
      { provider: 'wechat', available: true, binding: null },
      { provider: 'qq', available: true, binding: null },
      { provider: 'weibo', available: true, binding: null },
    ])
    expectRefusal(await callApi(t.app, calls.thirdPartyBindAuthorize, { provider: 'qq' }, { token: accessToken }), 'IDENTITY_CHECK_REQUIRED', 403)
    expectRefusal(await callApi(t.app, calls.getBindingInfo), 'SESSION_INVALID', 401)

    const loginTicket = await dance('qq', 'chen-jing', { deviceId: TEST_DEVICE_ID })
    await verifyByPassword(t, accessToken)
    expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: loginTicket.ticket! }, { token: accessToken }), 'OAUTH_STATE_INVALID')

    const back = await dance('qq', 'chen-jing', { deviceId: TEST_DEVICE_ID, token: accessToken })
    const info = payloadOf(await callApi(t.app, calls.bindThirdParty, { ticket: back.ticket! }, { token: accessToken }))
    expect(info[1]).toEqual({ provider: 'qq', available: true, binding: { nickname: 'C*******g', boundAt: clock.now().toISOString() } })

    expectRefusal(await callApi(t.app, calls.unbindThirdParty, { provider: 'wechat' }, { token: accessToken }), 'THIRD_PARTY_NOT_BOUND', 404)
    const after = payloadOf(await callApi(t.app, calls.unbindThirdParty, { provider: 'qq' }, { token: accessToken }))
    expect(after[1].binding).toBeNull()
    expect(await bindingsOf(userId)).toHaveLength(0)
    // Unbound: QQ signs nobody in any more.
    expect((await signInWith('qq', 'chen-jing')).result.status).toBe('bindRequired')
  })

  it('unbinding needs the identity check; unbinding the last way to sign in is refused', async () => {
    // An email account without a password: its only way in is its WeChat binding.
    const email = uniqueEmail()
    const { userId, accessToken } = await seedAccount(t, { email })
    await t.database.db.insert(externalAccount).values({ userId, provider: 'wechat', subject: 'o-only-way', nickname: '小明', boundAt: clock.now() })
    expectRefusal(await callApi(t.app, calls.unbindThirdParty, { provider: 'wechat' }, { token: accessToken }), 'IDENTITY_CHECK_REQUIRED', 403)
    // The identity check by password is not open to it; open the window as an email code would.
    const auth = await authenticate(t.database.db, t.app.accessCache, accessToken, clock.now())
    await openWindow(t.kv, auth!, 'email', clock.now())
    const refused = expectRefusal(await callApi(t.app, calls.unbindThirdParty, { provider: 'wechat' }, { token: accessToken, locale: 'en-US' }), 'LAST_SIGN_IN_METHOD', 409)
    expect(refused.msg).toMatch(/only way to sign in/)
    expect(await bindingsOf(userId)).toHaveLength(1)
  })

  it('a cancelled account releases its bindings: the external account can be bound anew', async () => {
    const { userId } = await accountWithPassword(t)
    await t.database.db.insert(externalAccount).values({ userId, provider: 'qq', subject: demoSubject('qq', 'li-na'), nickname: '李娜', boundAt: clock.now() })
    await t.database.db.delete(appUser).where(eq(appUser.id, userId))
    expect(await t.database.db.select().from(externalAccount).where(eq(externalAccount.subject, demoSubject('qq', 'li-na')))).toHaveLength(0)
    expect((await signInWith('qq', 'li-na')).result.status).toBe('bindRequired')
  })
})
