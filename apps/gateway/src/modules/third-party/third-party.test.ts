import { type ThirdPartyProvider, calls } from '@ess/contract'
import { hostileUrls } from '@ess/contract/testing'
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
import { BROWSER_COOKIE_MAX_AGE_S, browserCookie, cookieOptions } from './browser-binding'
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

// The gateway tests run with NODE_ENV=test: the production form of the cookie.
const BROWSER_COOKIE = browserCookie(false).name

let devices = 0
const newDevice = () => `oauth-device-${process.pid}-${++devices}`.padEnd(32, '0')

/** The browser binding cookie an answer sets, as the browser will send it back (`name=value`). */
function bindingCookie(response: { headers: Record<string, unknown> }): string {
  const line = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${BROWSER_COOKIE}=`))
  expect(line, 'the authorize call sets the browser binding cookie').toBeTruthy()
  return String(line).split(';')[0]!
}

/**
 * The whole redirect dance: authorize call, the provider's pages as a browser, the gateway's
 * callback, in one browser (its binding cookie sent back). Answers the portal address it returns
 * to, and the browser's cookie.
 */
async function dance(provider: ThirdPartyProvider, identity: string | null, options: { deviceId: string; token?: string; cookie?: string }) {
  const call = options.token ? calls.thirdPartyBindAuthorize : calls.thirdPartyLoginAuthorize
  const started = await callApi(t.app, call, { provider }, { deviceId: options.deviceId, token: options.token, cookie: options.cookie })
  const cookie = bindingCookie(started)
  const callback = new URL(await visitProvider(payloadOf(started).authorizeUrl, identity))
  expect(callback.origin + callback.pathname).toBe(`${TEST_PUBLIC_URL}/oauth/callback/${provider}`)
  const answer = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } })
  expect(answer.statusCode).toBe(303)
  expect(answer.headers['cache-control']).toBe('no-store')
  return { ...answerOf(String(answer.headers.location)), cookie }
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
  return { deviceId, result: payloadOf(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId, cookie: back.cookie })) }
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
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId: newDevice(), cookie: back.cookie }), 'OAUTH_STATE_INVALID', 400)
    // The other device's try spent it.
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId, cookie: back.cookie }), 'OAUTH_STATE_INVALID')
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: 'A'.repeat(43) }, { deviceId, cookie: back.cookie }), 'OAUTH_STATE_INVALID')

    const late = await dance('qq', 'chen-jing', { deviceId })
    clock.advance(6 * MINUTE)
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: late.ticket! }, { deviceId, cookie: late.cookie }), 'OAUTH_STATE_INVALID')

    // The state: single use, and only what the gateway issued.
    const startedWeibo = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'weibo' }, { deviceId })
    const cookie = bindingCookie(startedWeibo)
    const callback = new URL(await visitProvider(payloadOf(startedWeibo).authorizeUrl, 'chen-jing'))
    const first = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } })
    expect(answerOf(String(first.headers.location)).ticket).toBeTruthy()
    const replay = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } })
    expect(answerOf(String(replay.headers.location))).toMatchObject({ ticket: null, error: 'OAUTH_STATE_INVALID', route: 'packages/login/login-type/index' })
    const forged = await t.app.inject({ method: 'GET', url: `/oauth/callback/weibo?code=abc&state=${'B'.repeat(43)}` })
    expect(answerOf(String(forged.headers.location))).toMatchObject({ error: 'OAUTH_STATE_INVALID' })
    // A state of one provider presented at another's callback.
    const { authorizeUrl: qqUrl } = payloadOf(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId }))
    const state = new URL(qqUrl).searchParams.get('state')
    const crossed = await t.app.inject({ method: 'GET', url: `/oauth/callback/wechat?code=abc&state=${state}` })
    expect(answerOf(String(crossed.headers.location))).toMatchObject({ error: 'OAUTH_STATE_INVALID' })
    // An expired state.
    const slowStart = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId })
    const slowCallback = new URL(await visitProvider(payloadOf(slowStart).authorizeUrl, 'chen-jing'))
    clock.advance(11 * MINUTE)
    const expired = await t.app.inject({ method: 'GET', url: slowCallback.pathname + slowCallback.search, headers: { cookie: bindingCookie(slowStart) } })
    expect(answerOf(String(expired.headers.location))).toMatchObject({ error: 'OAUTH_STATE_INVALID' })
  })

  it('a person who cancels at the provider, and a code the provider refuses, come back with the error to show', async () => {
    expect(await dance('wechat', null, { deviceId: newDevice() })).toMatchObject({ ticket: null, error: 'OAUTH_CANCELLED' })
    const started = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'wechat' })
    const state = new URL(payloadOf(started).authorizeUrl).searchParams.get('state')
    const bad = await t.app.inject({ method: 'GET', url: `/oauth/callback/wechat?code=not-a-code&state=${state}`, headers: { cookie: bindingCookie(started) } })
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
    const refused = expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: back.ticket! }, { token: second.accessToken, locale: 'zh-CN', cookie: back.cookie }), 'THIRD_PARTY_ALREADY_BOUND', 409)
    expect(refused.msg).toBe('该第三方账号已被绑定')

    // `first` has a Weibo account bound: another Weibo account is refused.
    await verifyByPassword(t, first.accessToken)
    const other = await dance('weibo', 'li-na', { deviceId: TEST_DEVICE_ID, token: first.accessToken })
    expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: other.ticket! }, { token: first.accessToken, cookie: other.cookie }), 'THIRD_PARTY_PROVIDER_BOUND', 409)
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
    expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: loginTicket.ticket! }, { token: accessToken, cookie: loginTicket.cookie }), 'OAUTH_STATE_INVALID')

    const back = await dance('qq', 'chen-jing', { deviceId: TEST_DEVICE_ID, token: accessToken })
    const info = payloadOf(await callApi(t.app, calls.bindThirdParty, { ticket: back.ticket! }, { token: accessToken, cookie: back.cookie }))
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

describe('issue 39: return addresses compared as URLs (OAUTH_RETURN_URLS written without a trailing slash)', () => {
  const ALLOWED = 'https://portal.example.com'
  let operator: TestApp
  beforeAll(async () => {
    // The same stores, the allow-list as an operator naturally writes it.
    operator = await buildTestApp({ now: clock.now, env: { ...standIn.env, OAUTH_RETURN_URLS: ALLOWED }, database: t.database, kv: t.kv })
  })
  afterAll(() => operator.close())

  it('the takeover chain fails at its first step: the attacker cannot start a flow returning to their host', async () => {
    const attackerDevice = newDevice()
    for (const returnUrl of ['https://portal.example.com.evil.example/', 'https://portal.example.comevil.example/', 'https://portal.example.com-evil.example/']) {
      const started = await callApi(operator.app, calls.thirdPartyLoginAuthorize, { provider: 'wechat', returnUrl }, { deviceId: attackerDevice })
      expectRefusal(started, 'OAUTH_RETURN_NOT_ALLOWED', 400)
      // No state was kept, no cookie set: there is no consent page to send the victim.
      expect(started.headers['set-cookie']).toBeUndefined()
    }
    // The control: the allowed address itself goes all the way, and the ticket comes back to it.
    const started = await callApi(operator.app, calls.thirdPartyLoginAuthorize, { provider: 'wechat', returnUrl: `${ALLOWED}/` }, { deviceId: attackerDevice })
    const cookie = bindingCookie(started)
    const callback = new URL(await visitProvider(payloadOf(started).authorizeUrl, 'li-na'))
    const back = await operator.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } })
    const location = new URL(String(back.headers.location))
    expect(location.origin).toBe(ALLOWED)
    expect(answerOf(location.href).ticket).toBeTruthy()
  })

  it.each(hostileUrls(ALLOWED))('refuses the return address %j', async (returnUrl) => {
    // Too long for the call's schema: VALIDATION_FAILED; everything else is the allow-list's refusal.
    const refused = await callApi(operator.app, calls.thirdPartyLoginAuthorize, { provider: 'qq', returnUrl })
    expectRefusal(refused, returnUrl.length > 2048 ? 'VALIDATION_FAILED' : 'OAUTH_RETURN_NOT_ALLOWED', 400)
  })

  it('takes the allowed address with or without its slash, a path or a query under it, not a fragment', async () => {
    for (const returnUrl of [ALLOWED, `${ALLOWED}/`, `${ALLOWED}/index.html`, `${ALLOWED}/?from=app`, 'https://PORTAL.example.com:443/']) {
      payloadOf(await callApi(operator.app, calls.thirdPartyLoginAuthorize, { provider: 'qq', returnUrl }))
    }
    expectRefusal(await callApi(operator.app, calls.thirdPartyLoginAuthorize, { provider: 'qq', returnUrl: `${ALLOWED}/#/x` }), 'OAUTH_RETURN_NOT_ALLOWED', 400)
  })
})

describe('issue 39: each flow bound to the browser that started it', () => {
  it('the authorize call sets an HttpOnly, Secure, SameSite=Lax __Host- cookie for the flow; a browser keeps one value across flows', async () => {
    const started = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' })
    const line = String([started.headers['set-cookie']].flat()[0])
    expect(line).toMatch(new RegExp(`^__Host-ess-oauth-browser=[\\w-]{43}; Max-Age=${BROWSER_COOKIE_MAX_AGE_S}; Path=/; HttpOnly; Secure; SameSite=Lax$`))
    const again = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { cookie: bindingCookie(started) })
    expect(bindingCookie(again)).toBe(bindingCookie(started))
    // Development (plain http on a LAN address): no __Host- prefix, no Secure.
    expect(browserCookie(true)).toEqual({ name: 'ess-oauth-browser', secure: false })
    expect(cookieOptions(browserCookie(true))).toMatchObject({ httpOnly: true, secure: false, sameSite: 'lax', path: '/' })
  })

  it('a flow completed with the victim’s device id but in the attacker’s browser cannot be redeemed by the victim’s browser', async () => {
    const { userId: attackerId, phone: attackerPhone } = await accountWithPassword(t)
    const victimDevice = newDevice()
    // The attacker binds their WeChat account first (so that it signs in as them), then starts a flow
    // with the victim's device id from their own browser and completes it there.
    const own = await signInWith('weibo', 'li-na')
    payloadOf(await bindLoginWith(own.result.bindLoginToken, own.result.account.externalId, own.deviceId, attackerPhone!))
    const planted = await dance('weibo', 'li-na', { deviceId: victimDevice })
    expect(planted.ticket).toBeTruthy()

    // The victim's browser (the victim's device id, its own cookie or none) is sent the ticket.
    const victimCookie = bindingCookie(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId: victimDevice }))
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: planted.ticket! }, { deviceId: victimDevice, cookie: victimCookie }), 'OAUTH_STATE_INVALID', 400)
    const again = await dance('weibo', 'li-na', { deviceId: victimDevice })
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: again.ticket! }, { deviceId: victimDevice }), 'OAUTH_STATE_INVALID', 400)
    // Claiming to be a client without cookies does not help either.
    const third = await dance('weibo', 'li-na', { deviceId: victimDevice })
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: third.ticket! }, { deviceId: victimDevice, client: 'weapp' }), 'OAUTH_STATE_INVALID', 400)
    // The control: the browser that started it signs in (as the attacker, which is what they own).
    const control = await dance('weibo', 'li-na', { deviceId: victimDevice })
    expect(payloadOf(await callApi(t.app, calls.thirdPartyLogin, { ticket: control.ticket! }, { deviceId: victimDevice, cookie: control.cookie }))).toMatchObject({ status: 'signedIn', login: { userId: attackerId } })
  })

  it('an unbound account is not offered in the victim’s bind panel, and a binding flow cannot be finished by another browser', async () => {
    const victimDevice = newDevice()
    const planted = await dance('qq', 'wang-lei', { deviceId: victimDevice })
    // No bindLoginToken for the victim's browser.
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: planted.ticket! }, { deviceId: victimDevice }), 'OAUTH_STATE_INVALID', 400)

    const { accessToken } = await accountWithPassword(t)
    await verifyByPassword(t, accessToken)
    const binding = await dance('qq', 'wang-lei', { deviceId: TEST_DEVICE_ID, token: accessToken })
    const otherBrowser = bindingCookie(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }))
    expectRefusal(await callApi(t.app, calls.bindThirdParty, { ticket: binding.ticket! }, { token: accessToken, cookie: otherBrowser }), 'OAUTH_STATE_INVALID', 400)
  })

  it('the callback refuses a browser without the flow’s cookie, without exchanging the code', async () => {
    const victimDevice = newDevice()
    const started = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId: victimDevice })
    const callback = new URL(await visitProvider(payloadOf(started).authorizeUrl, 'chen-jing'))
    // The attacker sends the victim the callback address (their own code and state).
    const stranger = bindingCookie(await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId: victimDevice }))
    for (const headers of [{}, { cookie: stranger }]) {
      const refused = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers })
      expect(answerOf(String(refused.headers.location))).toMatchObject({ ticket: null, error: 'OAUTH_STATE_INVALID' })
    }
  })

  it('a client without cookies (mini-program, native app) keeps the device binding: only such a client of that device redeems', async () => {
    const deviceId = newDevice()
    const started = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId, client: 'ios' })
    expect(started.headers['set-cookie']).toBeUndefined()
    const callback = new URL(await visitProvider(payloadOf(started).authorizeUrl, 'chen-jing'))
    const back = answerOf(String((await t.app.inject({ method: 'GET', url: callback.pathname + callback.search })).headers.location))
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket: back.ticket! }, { deviceId }), 'OAUTH_STATE_INVALID', 400)

    const second = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId, client: 'ios' })
    const secondCallback = new URL(await visitProvider(payloadOf(second).authorizeUrl, 'chen-jing'))
    const ticket = answerOf(String((await t.app.inject({ method: 'GET', url: secondCallback.pathname + secondCallback.search })).headers.location)).ticket!
    expectRefusal(await callApi(t.app, calls.thirdPartyLogin, { ticket }, { deviceId: newDevice(), client: 'ios' }), 'OAUTH_STATE_INVALID', 400)
    const third = await callApi(t.app, calls.thirdPartyLoginAuthorize, { provider: 'qq' }, { deviceId, client: 'ios' })
    const thirdCallback = new URL(await visitProvider(payloadOf(third).authorizeUrl, 'chen-jing'))
    const own = answerOf(String((await t.app.inject({ method: 'GET', url: thirdCallback.pathname + thirdCallback.search })).headers.location)).ticket!
    expect(payloadOf(await callApi(t.app, calls.thirdPartyLogin, { ticket: own }, { deviceId, client: 'ios' })).status).toBe('bindRequired')
  })
})
