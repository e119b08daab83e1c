import { SECURITY_HISTORY_DAYS, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ORIGIN } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, MINUTE, testClock } from '../../../test/helpers/clock'
import { passCaptcha } from '../../../test/helpers/flows'
import { GOOD_PASSWORD, accountWithPassword, seal, tokenWorks } from '../../../test/helpers/security'
import { startSession } from '../session/service'
import { describeDevice, maskIp, placeOf } from './device'

const clock = testClock(new Date('2026-09-05T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN'
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function signIn(account: string, password: string, deviceId: string, userAgent: string) {
  const captchaToken = await passCaptcha(t.app, deviceId)
  return callApi(t.app, calls.loginByAccount, { account, password: await seal(t, password), captchaToken }, { deviceId, userAgent })
}

describe('security/activity', () => {
  it('lists this device first and the others with device, browser, place; sign-ins and a failed try in the history', async () => {
    const { phone } = await accountWithPassword(t)
    const desk = payloadOf(await signIn(phone!, GOOD_PASSWORD, 'device-desk-0000000001', WINDOWS_CHROME))
    clock.advance(MINUTE)
    expectRefusal(await signIn(phone!, 'Wrong-Pass-11', 'device-phone-000000001', IPHONE_WECHAT), 'WRONG_CREDENTIALS')
    const mobile = payloadOf(await signIn(phone!, GOOD_PASSWORD, 'device-phone-000000001', IPHONE_WECHAT))
    clock.advance(MINUTE)

    const activity = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: mobile.accessToken, locale: 'en-US' }))
    // The seeded login of accountWithPassword, the desktop and this phone.
    expect(activity.sessions).toHaveLength(3)
    expect(activity.sessions[0]).toMatchObject({ current: true, deviceType: 'mobile', deviceName: 'Apple iPhone', browser: 'WeChat 8', ip: '127.0.0.*', place: 'This computer or local network' })
    expect(activity.sessions.find((s: { browser: string }) => s.browser === 'Chrome 131')).toMatchObject({ current: false, deviceType: 'desktop', deviceName: 'Windows 10' })
    expect(activity.events.map((e: { type: string }) => e.type)).toEqual(['signIn', 'signInFailed', 'signIn', 'signIn'])
    expect(desk.userId).toBe(mobile.userId)
  })

  it('signs one other device out (its token then answers 401), then all others; this one stays', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    const second = await startSession(t.database.db, userId, { ...TEST_ORIGIN, deviceId: 'device-second-00000001', userAgent: WINDOWS_CHROME }, clock.now())
    const third = await startSession(t.database.db, userId, { ...TEST_ORIGIN, deviceId: 'device-third-000000001' }, clock.now())
    const { sessions } = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: accessToken }))
    const target = sessions.find((s: { browser: string | null }) => s.browser === 'Chrome 131')
    expect(payloadOf(await callApi(t.app, calls.revokeSession, { sessionId: target.sessionId }, { token: accessToken }))).toEqual({ ended: 1 })
    expect(await tokenWorks(t, second.accessToken)).toBe(false)
    // The device signed out is told so, in its language, and no more (issue 38).
    const told = expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: second.accessToken, locale: 'en-US' }), 'SESSION_ENDED', 401)
    expect(told.msg).toBe('You were signed out on this device. Please log in again')
    expectRefusal(await callApi(t.app, calls.refreshToken, { refreshToken: second.refreshToken }), 'SESSION_ENDED', 401)
    expectRefusal(await callApi(t.app, calls.revokeSession, { sessionId: target.sessionId }, { token: accessToken }), 'SESSION_NOT_FOUND', 404)

    expect(payloadOf(await callApi(t.app, calls.revokeOtherSessions, undefined, { token: accessToken }))).toEqual({ ended: 1 })
    expect(await tokenWorks(t, third.accessToken)).toBe(false)
    expect(expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: third.accessToken }), 'SESSION_ENDED', 401).msg).toBe('您已在此设备上退出登录，请重新登录')
    expect(await tokenWorks(t, accessToken)).toBe(true)
    const after = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: accessToken }))
    expect(after.sessions).toHaveLength(1)
    expect(after.events.filter((e: { type: string }) => e.type === 'sessionRevoked')).toHaveLength(2)
  })

  it("cannot sign out another account's login; refuses a malformed id", async () => {
    const mine = await accountWithPassword(t)
    const theirs = await accountWithPassword(t)
    const { sessions } = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: theirs.accessToken }))
    expectRefusal(await callApi(t.app, calls.revokeSession, { sessionId: sessions[0].sessionId }, { token: mine.accessToken }), 'SESSION_NOT_FOUND', 404)
    expect(await tokenWorks(t, theirs.accessToken)).toBe(true)
    expectRefusal(await callApi(t.app, calls.revokeSession, { sessionId: 'nope' }, { token: mine.accessToken }), 'VALIDATION_FAILED', 400)
  })

  it('keeps "last active" to within five minutes, and the history to 30 days', async () => {
    const { accessToken } = await accountWithPassword(t)
    const first = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: accessToken })).sessions[0]
    clock.advance(6 * MINUTE)
    await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken })
    const later = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: accessToken })).sessions[0]
    expect(new Date(later.lastActiveAt).getTime() - new Date(first.lastActiveAt).getTime()).toBe(6 * MINUTE)
    expect(later.signedInAt).toBe(first.signedInAt)

    // A login refreshed over 31 days is still one sign-in, 31 days ago: out of the history.
    const { refreshToken } = await accountWithPassword(t)
    clock.advance(20 * DAY)
    const midway = payloadOf(await callApi(t.app, calls.refreshToken, { refreshToken }))
    clock.advance((SECURITY_HISTORY_DAYS - 20 + 1) * DAY)
    const refreshed = payloadOf(await callApi(t.app, calls.refreshToken, { refreshToken: midway.refreshToken }))
    const activity = payloadOf(await callApi(t.app, calls.securityActivity, undefined, { token: refreshed.accessToken }))
    expect(activity.sessions).toHaveLength(1)
    expect(activity.events).toEqual([])
  })
})

describe('device description', () => {
  it('reads the client and user agent, masks addresses, names local networks', () => {
    expect(describeDevice({ client: 'weapp', userAgent: IPHONE_WECHAT, ip: '10.1.2.3' }, 'zh-CN')).toMatchObject({ deviceType: 'miniProgram', place: '本机或局域网', ip: '10.1.2.*' })
    expect(describeDevice({ client: 'h5', userAgent: '', ip: '0.0.0.1' }, 'en-US')).toEqual({
      client: 'h5',
      deviceType: 'unknown',
      deviceName: null,
      browser: null,
      ip: '0.0.0.*',
      place: null,
    })
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:*')
    expect(maskIp('::ffff:192.168.1.20')).toBe('192.168.1.*')
    expect(placeOf('172.20.0.1', 'en-US')).toBe('This computer or local network')
    expect(placeOf('120.24.78.68', 'zh-CN')).toBe('广东省深圳市')
    expect(placeOf('120.24.78.68', 'en-US')).toBe('Guangdong, China')
    expect(placeOf('114.114.114.114', 'en-US')).toBe('Jiangsu, China')
    expect(placeOf('8.8.8.8', 'zh-CN')).toBe('美国')
    expect(placeOf('8.8.8.8', 'en-US')).toBe('Outside the Chinese mainland')
    expect(placeOf('not an address', 'en-US')).toBeNull()
  })
})
