import { CAPTCHA_MAX_TRAIL_POINTS, CODE_RESEND_COUNTDOWN_S, meetsCaptchaWork, CODE_TTL_S, ERRORS, HEADERS, PORTAL_APP_ID, PUBLIC_KEY_CACHE_S, appKeyLookup, signRequest, wire } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createTrailRecorder, searchCaptchaWork, verifyCaptcha } from '../src/core/auth/captcha'
import { sendCode, targetKey } from '../src/core/auth/codes'
import { consentAllows, declinePrivacyConsent, grantPrivacyConsent, hasPrivacyConsent, needsConsentPrompt } from '../src/core/auth/consent'
import { codeKey, remainingSeconds, startCountdown } from '../src/core/auth/countdown'
import { loginByPassword } from '../src/core/auth/login'
import { applyWebRedirect, returnUrlParam, returnUrlWithToken } from '../src/core/auth/redirect'
import { hostileUrls } from '@ess/contract/testing'
import { completeLogin, loadUser, logout, onSessionChange } from '../src/core/auth/session'
import { loginTarget, rememberLoginTarget } from '../src/core/auth/target'
import { userStore } from '../src/core/auth/user-store'
import { buildHeaders } from '../src/core/http/headers'
import { request } from '../src/core/http/request'
import { clientStorage } from '../src/core/storage'
import { readLaunchQuery, readLaunchRoute } from '../src/platform/h5/system'
import { fail, flush, installTestPlatform, ok } from './helpers'

let toastSpy: MockInstance<typeof Taro.showToast>
beforeEach(() => {
  toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const STATE = { userId: '7', accessToken: 'at-1', refreshToken: 'rt-1', expiresIn: 7200, refreshExpiresIn: 2592000 }
const USER = {
  userId: '7',
  phone: '13800138000',
  phoneRegion: 'CN',
  email: null,
  username: null,
  photo: null,
  gender: 'U',
  birthdate: null,
  certificationStatus: 0,
  isExpired: false,
  certification: null,
  hasPassword: true,
} as const
const lastToast = () => toastSpy.mock.calls.at(-1)?.[0]?.title
const bodyOf = (req: { body?: string }) => JSON.parse(req.body ?? '{}') as Record<string, unknown>

describe('slider trail', () => {
  it('records the drag in background pixels relative to its start, with time since the start', () => {
    const rec = createTrailRecorder({ scale: 320 / 280, maxX: 260 })
    rec.start(40, 500, 1000)
    expect(rec.dragging).toBe(true)
    expect(rec.move(68, 501, 1030)).toBeCloseTo(32, 1)
    rec.move(110, 503, 1080)
    const drop = rec.end(140, 502, 1200)
    expect(rec.dragging).toBe(false)
    expect(drop.trail[0]).toEqual({ x: 0, y: 0, t: 0 })
    expect(drop.trail.map((p) => p.t)).toEqual([0, 30, 80, 200])
    expect(drop.x).toBeCloseTo(100 * (320 / 280), 1)
    expect(drop.trail.at(-1)!.x).toBeCloseTo(drop.x, 1)
    expect(drop.trail[2].y).toBeCloseTo(3 * (320 / 280), 1)
  })

  it('keeps the piece on the track and never lets time go back', () => {
    const rec = createTrailRecorder({ scale: 1, maxX: 100 })
    rec.start(0, 0, 500)
    expect(rec.move(-30, 0, 510)).toBe(0)
    expect(rec.move(250, 0, 505)).toBe(100)
    const { trail } = rec.end(undefined, undefined, 600)
    expect(trail.map((p) => p.t)).toEqual([0, 10, 10])
  })

  it('caps the trail at the contract maximum', () => {
    const rec = createTrailRecorder({ scale: 1, maxX: 300 })
    rec.start(0, 0, 0)
    for (let i = 1; i < CAPTCHA_MAX_TRAIL_POINTS + 50; i++) rec.move(i / 10, 0, i)
    expect(rec.end(200, 0, 99_999).trail).toHaveLength(CAPTCHA_MAX_TRAIL_POINTS)
  })

  it('checkCaptcha gets the drop and trail; a pass gives the token, a refusal undefined without a toast', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    const trail = [
      { x: 0, y: 0, t: 0 },
      { x: 50, y: 1, t: 300 },
    ]
    server.reply(ok({ captchaToken: 'cap-1', expiresIn: 120 }), fail(ERRORS.IMAGE_CAPTCHA_FAILED.code, { errorMsg: 'Image captcha failed' }))
    await expect(verifyCaptcha('c1', { x: 50, trail })).resolves.toBe('cap-1')
    expect(bodyOf(server.requests[0])).toEqual({ captchaId: 'c1', x: 50, trail })
    await expect(verifyCaptcha('c2', { x: 50, trail })).resolves.toBeUndefined()
    expect(toastSpy).not.toHaveBeenCalled()
  })
})

describe("the puzzle's proof-of-work alternative", () => {
  it('finds the first nonce that meets the work, in slices, saying how far it got', async () => {
    const progress: number[] = []
    const nonce = await searchCaptchaWork({ challenge: 'c-1', bits: 10 }, { sliceSize: 64, onProgress: (done) => progress.push(done) })
    expect(meetsCaptchaWork('c-1', nonce!, 10)).toBe(true)
    for (let n = 0; n < Number(nonce); n++) expect(meetsCaptchaWork('c-1', String(n), 10)).toBe(false)
    expect(progress.length).toBe(Math.floor(Number(nonce) / 64))
    expect(progress[0]).toBe(64 / 1024)
  })

  it('stops between slices when asked (the popup closed)', async () => {
    let slices = 0
    const found = await searchCaptchaWork({ challenge: 'c-2', bits: 28 }, { sliceSize: 16, onProgress: () => slices++, stopped: () => slices >= 3 })
    expect(found).toBeUndefined()
    expect(slices).toBe(3)
  })
})

describe('verification codes and the resend countdown', () => {
  it('counts down whole seconds per destination', () => {
    installTestPlatform()
    const key = codeKey('login', 'CN-13800138000')
    startCountdown(key, CODE_RESEND_COUNTDOWN_S, 10_000)
    expect(remainingSeconds(key, 10_000)).toBe(60)
    expect(remainingSeconds(key, 10_001)).toBe(60)
    expect(remainingSeconds(key, 69_000)).toBe(1)
    expect(remainingSeconds(key, 70_000)).toBe(0)
    expect(remainingSeconds(codeKey('login', 'CN-13900139000'), 10_000)).toBe(0)
  })

  it('a sent code starts the countdown and says where it went', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ sentTo: '138****8000', resendAfter: CODE_RESEND_COUNTDOWN_S, expiresIn: CODE_TTL_S }))
    const target = { kind: 'phone', region: 'CN', phone: '13800138000', scene: 'login' } as const
    await sendCode(target, 'cap-1')
    expect(bodyOf(server.requests[0])).toEqual({ region: 'CN', phone: '13800138000', scene: 'login', captchaToken: 'cap-1' })
    expect(remainingSeconds(targetKey(target))).toBeGreaterThan(58)
    expect(lastToast()).toBe('验证码已发送至138****8000')
  })

  it('a refusal is toasted with the translated errorMsg and starts no countdown', async () => {
    const { server } = installTestPlatform()
    const msg = 'A code was just sent; please try again in 42 s'
    server.reply(fail(ERRORS.CODE_RESEND_TOO_SOON.code, { errorMsg: msg, errorCode: 'CODE_RESEND_TOO_SOON' }, 429))
    const target = { kind: 'email', email: 'a@b.cn', scene: 'register' } as const
    await expect(sendCode(target, 'cap-1')).resolves.toBeUndefined()
    expect(lastToast()).toBe(msg)
    expect(remainingSeconds(targetKey(target))).toBe(0)
  })
})

describe('privacy consent gate', () => {
  it('before consent only public reference reads go out; others are refused in the client', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    expect(needsConsentPrompt()).toBe(true)
    expect(consentAllows(wire.getAppAgreements)).toBe(true)
    expect(consentAllows(wire.dictList)).toBe(true)
    expect(consentAllows(wire.getCaptcha)).toBe(true)
    expect(consentAllows(wire.getCaptchaWork)).toBe(true)
    expect(consentAllows(wire.checkCaptchaWork)).toBe(true)
    // A visitor browses the public content before answering, or after declining.
    expect(consentAllows(wire.cmsPage)).toBe(true)
    expect(consentAllows(wire.informationTree)).toBe(true)
    expect(consentAllows(wire.informationDetail)).toBe(true)
    expect(consentAllows(wire.sendPhoneCode)).toBe(false)
    expect(consentAllows(wire.getUserInfo)).toBe(false)

    server.reply(ok({ type: 'gender', items: [] }))
    await expect(request(wire.dictList, { type: 'gender' })).resolves.toEqual({ type: 'gender', items: [] })
    await expect(request(wire.getUserInfo)).resolves.toBeUndefined()
    await expect(request(wire.sendPhoneCode, { region: 'CN', phone: '13800138000', scene: 'login', captchaToken: 'x' }, { needThrowErr: true })).rejects.toMatchObject({ kind: 'consent' })
    expect(server.requests).toHaveLength(1)
    expect(lastToast()).toBe('请先阅读并同意隐私政策')
  })

  it('declining keeps the gate closed without asking again; agreeing opens it', async () => {
    installTestPlatform({}, { consent: false })
    declinePrivacyConsent()
    expect(needsConsentPrompt()).toBe(false)
    expect(hasPrivacyConsent()).toBe(false)
    expect(consentAllows(wire.getUserInfo)).toBe(false)
    grantPrivacyConsent()
    expect(localStorage.getItem('user-agreed-privacy')).toBe('1')
    expect(consentAllows(wire.getUserInfo)).toBe(true)
  })

  it('password login counts as agreeing (the agreements were ticked) and seals the password', async () => {
    const { server, platform } = installTestPlatform({}, { consent: false })
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(ok({ publicKey: 'PEM', keyId: 'k', algorithm: 'RSA-OAEP-256', cacheSeconds: PUBLIC_KEY_CACHE_S }), ok(STATE), ok(USER))
    await loginByPassword({ account: ' 13800138000 ', password: 'abc12345', captchaToken: 'cap' })
    expect(hasPrivacyConsent()).toBe(true)
    expect(bodyOf(server.requests[1])).toEqual({ account: '13800138000', password: 'c2VhbGVk', keyId: 'k', captchaToken: 'cap' })
  })

  it('when the gateway key changed inside the cache, fetches the new key and seals again, without a toast', async () => {
    const { server, platform } = installTestPlatform()
    const seal = vi.spyOn(platform.crypto, 'encryptOaepSha256').mockImplementation(async (pem) => (pem === 'PEM-NEW' ? 'bmV3' : 'b2xk'))
    const key = (publicKey: string, keyId: string) => ok({ publicKey, keyId, algorithm: 'RSA-OAEP-256', cacheSeconds: PUBLIC_KEY_CACHE_S })
    server.reply(
      key('PEM-OLD', '1111111111111111'),
      fail(ERRORS.PASSWORD_KEY_CHANGED.code, { errorCode: 'PASSWORD_KEY_CHANGED', msg: '安全密钥已更新，请重试' }, 409),
      key('PEM-NEW', '2222222222222222'),
      ok(STATE),
      ok(USER),
    )
    await loginByPassword({ account: 'a@b.cn', password: 'abc12345', captchaToken: 'cap' })
    expect(seal).toHaveBeenCalledTimes(2)
    expect(bodyOf(server.requests[1])).toMatchObject({ password: 'b2xk', keyId: '1111111111111111' })
    expect(bodyOf(server.requests[3])).toMatchObject({ password: 'bmV3', keyId: '2222222222222222', captchaToken: 'cap' })
    expect(clientStorage.get('publicKey')?.keyId).toBe('2222222222222222')
    expect(toastSpy).not.toHaveBeenCalled()
    expect(clientStorage.get('token')).toBe('at-1')
  })

  it('a sign-in storm: the busy answer is shown and the call sent once more after the seconds it gives', async () => {
    vi.useFakeTimers()
    const { server, platform } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    const busy = (seconds: number) =>
      fail(ERRORS.PASSWORD_WORK_BUSY.code, { errorCode: 'PASSWORD_WORK_BUSY', msg: `当前登录的人较多，请${seconds}秒后重试`, retryAfter: seconds }, 503)
    server.reply(ok({ publicKey: 'PEM', keyId: '1111111111111111', algorithm: 'RSA-OAEP-256', cacheSeconds: PUBLIC_KEY_CACHE_S }), busy(3), ok(STATE), ok(USER))
    const login = loginByPassword({ account: 'a@b.cn', password: 'abc12345', captchaToken: 'cap' })
    await vi.advanceTimersByTimeAsync(2_999)
    expect(server.requests).toHaveLength(2)
    expect(lastToast()).toBe('当前登录的人较多，请3秒后重试')
    await vi.advanceTimersByTimeAsync(1)
    await login
    expect(bodyOf(server.requests[2])).toMatchObject({ password: 'c2VhbGVk', captchaToken: 'cap' })
    expect(clientStorage.get('token')).toBe('at-1')
    expect(toastSpy).toHaveBeenCalledTimes(1)

    // Busy again on the retry: shown once more, and no third attempt.
    server.reply(busy(2), busy(2))
    const again = loginByPassword({ account: 'a@b.cn', password: 'abc12345', captchaToken: 'cap2' }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await again).toMatchObject({ errorCode: 'PASSWORD_WORK_BUSY' })
    expect(server.requests).toHaveLength(6)
    expect(toastSpy).toHaveBeenCalledTimes(3)
  })

  it('any other refusal of a sealed call is toasted once and rejects, with no second attempt', async () => {
    const { server, platform } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(
      ok({ publicKey: 'PEM', keyId: '1111111111111111', algorithm: 'RSA-OAEP-256', cacheSeconds: PUBLIC_KEY_CACHE_S }),
      fail(ERRORS.WRONG_CREDENTIALS.code, { errorCode: 'WRONG_CREDENTIALS', msg: 'The account or password is incorrect' }),
    )
    await expect(loginByPassword({ account: 'a@b.cn', password: 'abc12345', captchaToken: 'cap' })).rejects.toMatchObject({ errorCode: 'WRONG_CREDENTIALS' })
    expect(server.requests).toHaveLength(2)
    expect(toastSpy).toHaveBeenCalledTimes(1)
    expect(lastToast()).toBe('The account or password is incorrect')
  })
})

describe('login success (SPEC §4)', () => {
  it('stores both tokens, loads the user and opens home as a tab by default', async () => {
    const { server, nav } = installTestPlatform()
    server.reply(ok(USER))
    await completeLogin(STATE)
    await flush()
    expect(clientStorage.get('token')).toBe('at-1')
    expect(clientStorage.get('refreshToken')).toBe('rt-1')
    expect(nav.switchTab).toHaveBeenCalledWith('/pages/home/index')
    expect(userStore.getState().user?.userId).toBe('7')
  })

  it('a quick login (empty refresh token) leaves no refresh token', async () => {
    const { server } = installTestPlatform()
    localStorage.setItem('refresh-token', 'old')
    server.reply(ok(USER))
    await completeLogin({ accessToken: 'at', refreshToken: '' })
    expect(clientStorage.get('refreshToken')).toBeNull()
  })

  it('goes back to the remembered page: other pages by navigation with their query, tabs as tabs', async () => {
    const { server, nav } = installTestPlatform()
    server.reply(ok(USER), ok(USER))
    rememberLoginTarget('packages/news/index', { newscode: 'news', flag: 1 })
    expect(loginTarget()).toEqual({ route: 'packages/news/index', query: { newscode: 'news' } })
    await completeLogin(STATE)
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/news/index?newscode=news')
    rememberLoginTarget('pages/user-center/index')
    await completeLogin(STATE)
    expect(nav.switchTab).toHaveBeenLastCalledWith('/pages/user-center/index')
    // the login screens themselves are never remembered
    rememberLoginTarget('packages/login/login-type/index')
    expect(loginTarget().route).toBe('pages/home/index')
  })

  it('a https returnUrl is followed with token and appId appended; anything else is ignored', async () => {
    const { server, platform, nav } = installTestPlatform()
    const leave = vi.spyOn(platform.system, 'leaveTo').mockReturnValue(true)
    await completeLogin(STATE, { returnUrl: 'https://partner.example.com/back?x=1' })
    expect(leave).toHaveBeenCalledWith(`https://partner.example.com/back?x=1&token=at-1&appId=${PORTAL_APP_ID}`)
    expect(nav.switchTab).not.toHaveBeenCalled()

    server.reply(ok(USER), ok(USER))
    leave.mockClear()
    await completeLogin(STATE, { returnUrl: 'http://partner.example.com/back' })
    await completeLogin(STATE, { returnUrl: 'javascript:alert(1)' })
    expect(leave).not.toHaveBeenCalled()
    expect(nav.switchTab).toHaveBeenCalledTimes(2)
  })

  it.each(hostileUrls('https://partner.example.com'))('a returnUrl %j is not followed: the token stays here (issue 39)', (returnUrl) => {
    installTestPlatform()
    expect(returnUrlWithToken(returnUrl, 't', '9')).toBeUndefined()
  })

  it('returnUrl rules, and the outer app id when the page was opened by one', () => {
    installTestPlatform()
    // On the build's ESS_RETURN_URLS (the tests': partner.example.com and hr.example.com/back/), compared as URLs.
    expect(returnUrlWithToken('https://partner.example.com/x#h', 't', '9')).toBe('https://partner.example.com/x?token=t&appId=9#h')
    expect(returnUrlWithToken('https://partner.example.com', 't', '9')).toBe('https://partner.example.com/?token=t&appId=9')
    expect(returnUrlWithToken('https://hr.example.com/back', 't', '9')).toBe('https://hr.example.com/back?token=t&appId=9')
    expect(returnUrlWithToken('https://hr.example.com/backdoor', 't', '9')).toBeUndefined()
    expect(returnUrlWithToken('https://a.example/x', 't', '9')).toBeUndefined()
    expect(returnUrlWithToken('https://partner.example.com/x', 't', '9', [])).toBeUndefined()
    expect(returnUrlWithToken('//a.example/x', 't', '9')).toBeUndefined()
    expect(returnUrlWithToken('/pages/home/index', 't', '9')).toBeUndefined()
    expect(returnUrlWithToken(undefined, 't', '9')).toBeUndefined()
  })
})

describe('returnUrl parameter of the login pages', () => {
  it('is decoded, absent when empty, and kept as given when its escapes are malformed', () => {
    expect(returnUrlParam({ returnUrl: encodeURIComponent('https://hr.example.com/a?b=1') })).toBe('https://hr.example.com/a?b=1')
    expect(returnUrlParam({})).toBeUndefined()
    expect(returnUrlParam({ returnUrl: '' })).toBeUndefined()
    expect(returnUrlParam({ returnUrl: 'https://x.example.com/%E4' })).toBe('https://x.example.com/%E4')
  })
})

describe('web redirect at start (SPEC §4)', () => {
  it('token and appId in the query: token, app id and client are stored', () => {
    installTestPlatform()
    expect(applyWebRedirect({ token: 'tk', appId: '205', client: 'partner' })).toBe(true)
    expect(clientStorage.get('token')).toBe('tk')
    expect(clientStorage.get('outerAppId')).toBe('205')
    expect(clientStorage.get('outerClient')).toBe('partner')
  })

  it("an app id the portal has no key for is not kept (it could not sign): the token is, the portal stays itself", () => {
    installTestPlatform()
    localStorage.setItem('outer-appid', '205')
    expect(applyWebRedirect({ token: 'tk2', appId: '999', client: 'stranger' })).toBe(false)
    expect(clientStorage.get('token')).toBe('tk2')
    expect(localStorage.getItem('outer-appid')).toBeNull()
    expect(localStorage.getItem('outer-client')).toBeNull()
  })

  it("calls made for an outer app carry its id and client and are signed with its key", () => {
    installTestPlatform()
    applyWebRedirect({ token: 'tk', appId: '205', client: 'partner' })
    const headers = buildHeaders({ method: 'GET', path: '/app/user/api/getUserInfo', query: '' })
    expect(headers).toMatchObject({ [HEADERS.appId]: '205', [HEADERS.client]: 'partner', [HEADERS.token]: 'tk' })
    const input = { method: 'GET', path: '/app/user/api/getUserInfo', query: '', appId: '205', client: 'partner', nonce: headers[HEADERS.nonce], timestamp: headers[HEADERS.timestamp], token: 'tk', deviceId: headers[HEADERS.deviceId] }
    expect(headers[HEADERS.signature]).toBe(signRequest(input, undefined, appKeyLookup({ '205': 'partner-public-key-0205-test' })))
    expect(signRequest(input)).toBeUndefined()
  })

  it('otherwise the stored app id and client are cleared (the token stays)', () => {
    installTestPlatform()
    localStorage.setItem('token', 'mine')
    localStorage.setItem('outer-appid', '205')
    localStorage.setItem('outer-client', 'partner')
    expect(applyWebRedirect({ token: 'only-token' })).toBe(false)
    expect(localStorage.getItem('outer-appid')).toBeNull()
    expect(localStorage.getItem('outer-client')).toBeNull()
    expect(localStorage.getItem('token')).toBe('mine')
  })

  it('reads the query before and after the hash', () => {
    expect(readLaunchQuery({ search: '?token=a&appId=1', hash: '#/pages/home/index?flag=1&client=c' })).toEqual({
      token: 'a',
      appId: '1',
      flag: '1',
      client: 'c',
    })
  })

  it('reads the route of the hash, without its query', () => {
    expect(readLaunchRoute({ hash: '#/pages/service/index?flag=1' })).toBe('pages/service/index')
    expect(readLaunchRoute({ hash: '#/packages/news/newsDetail' })).toBe('packages/news/newsDetail')
    expect(readLaunchRoute({ hash: '' })).toBe('')
    expect(readLaunchRoute({ hash: '#/' })).toBe('')
  })
})

describe('session: logout and refresh', () => {
  it('logout ends the session, clears user, agreements and tokens, and tells home and services', async () => {
    const { server } = installTestPlatform()
    localStorage.setItem('token', 'at')
    localStorage.setItem('refresh-token', 'rt')
    localStorage.setItem('micro-assistant-token', 'm')
    userStore.setState({ user: USER, agreements: { signed: [], pending: [] } })
    const events: string[] = []
    onSessionChange((e) => events.push(e))
    server.reply(ok({ ended: 1 }))
    await logout()
    expect(server.requests[0].url).toContain('/user/api/logout')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('refresh-token')).toBeNull()
    expect(localStorage.getItem('micro-assistant-token')).toBeNull()
    expect(userStore.getState()).toMatchObject({ user: null, agreements: null })
    expect(events).toEqual(['logout'])
    expect(lastToast()).toBe('已退出登录')
  })

  it('a visitor loads no user and makes no call (so no 401)', async () => {
    const { server } = installTestPlatform()
    await expect(loadUser()).resolves.toBeNull()
    expect(server.requests).toHaveLength(0)
  })

  it('a 401 refreshes the token pair once and retries the call', async () => {
    const { server } = installTestPlatform()
    localStorage.setItem('token', 'old')
    localStorage.setItem('refresh-token', 'rt-old')
    server.reply(fail(401, {}, 401), ok({ ...STATE, accessToken: 'new', refreshToken: 'rt-new' }), (req) => {
      expect(req.headers._tk).toBe('new')
      return ok(USER)
    })
    await expect(loadUser()).resolves.toMatchObject({ userId: '7' })
    expect(bodyOf(server.requests[1])).toEqual({ refreshToken: 'rt-old' })
    expect(clientStorage.get('refreshToken')).toBe('rt-new')
    expect(toastSpy).not.toHaveBeenCalled()
  })

  it('a call out while the user logs out: its 401 neither refreshes nor sends to login', async () => {
    vi.useFakeTimers()
    const { server, nav } = installTestPlatform()
    localStorage.setItem('token', 'at')
    localStorage.setItem('refresh-token', 'rt')
    let answer: () => void = () => undefined
    server.reply(() => new Promise((resolve) => (answer = () => resolve(fail(401, {}, 401)))), ok({ ended: 1 }))
    const call = request(wire.getUserInfo)
    await vi.advanceTimersByTimeAsync(0)
    await logout()
    answer()
    await expect(call).resolves.toBeUndefined()
    await vi.advanceTimersByTimeAsync(600)
    expect(server.requests.map((r) => r.url)).toEqual(['/app/user/api/getUserInfo', '/app/user/api/logout'])
    expect(nav.navigateTo).not.toHaveBeenCalled()
    expect(lastToast()).toBe('已退出登录')
  })

  it('a 401 for a token replaced meanwhile is retried with the newer one, without another refresh', async () => {
    const { server } = installTestPlatform()
    localStorage.setItem('token', 'old')
    localStorage.setItem('refresh-token', 'rt-old')
    let answer: () => void = () => undefined
    server.reply(
      () => new Promise((resolve) => (answer = () => resolve(fail(401, {}, 401)))),
      (req) => {
        expect(req.headers._tk).toBe('new')
        return ok(USER)
      },
    )
    const call = loadUser()
    await new Promise((r) => setTimeout(r, 0))
    // Another call refreshed the pair meanwhile.
    clientStorage.set('token', 'new')
    clientStorage.set('refreshToken', 'rt-new')
    answer()
    await expect(call).resolves.toMatchObject({ userId: '7' })
    expect(server.requests.filter((r) => r.url.includes('refreshToken'))).toHaveLength(0)
    expect(clientStorage.get('refreshToken')).toBe('rt-new')
  })

  it('concurrent 401s share one refresh; a second 401 after it gives up (session expired, login)', async () => {
    vi.useFakeTimers()
    const { server, nav } = installTestPlatform()
    localStorage.setItem('token', 'old')
    localStorage.setItem('refresh-token', 'rt-old')
    nav.currentRoute.mockReturnValue('pages/user-center/index')
    server.reply(
      fail(401, {}, 401),
      fail(401, {}, 401),
      ok({ ...STATE, accessToken: 'new', refreshToken: 'rt-new' }),
      fail(401, {}, 401),
      fail(401, {}, 401),
    )
    const a = request(wire.getUserInfo)
    const b = request(wire.getUserAgreements)
    await vi.advanceTimersByTimeAsync(0)
    await expect(Promise.all([a, b])).resolves.toEqual([undefined, undefined])
    const refreshes = server.requests.filter((r) => r.url.includes('refreshToken'))
    expect(refreshes).toHaveLength(1)
    expect(server.requests).toHaveLength(5)
    expect(localStorage.getItem('token')).toBeNull()
    await vi.advanceTimersByTimeAsync(600)
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/login/login-type/index')
    expect(loginTarget().route).toBe('pages/user-center/index')
  })

  it('without a refresh token a 401 is the end of the session at once', async () => {
    const { server } = installTestPlatform()
    localStorage.setItem('token', 'old')
    server.reply(fail(401, {}, 401))
    await request(wire.getUserInfo)
    expect(server.requests).toHaveLength(1)
    expect(localStorage.getItem('token')).toBeNull()
  })
})
