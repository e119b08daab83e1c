import fs from 'node:fs'
import path from 'node:path'
import { JUMP_RESUME_WINDOW_S, AUTO_JUMP_GUARD_S, wire } from '@ess/contract/wire'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { handbackToken, mintWechatCode, signedCall, type Gateway } from './gateway'
import { sharedGateway } from './shared-gateway'
import { MiniProgram, type MiniProgramOptions, rootOf, textOf } from './harness'

/**
 * The mini-program-only behaviours of SPEC §4 (and §2's unknown page), run in the built
 * dist/weapp against the real gateway on loopback and its fake WeChat (/dev/wechat): WeChat's
 * privacy API joined with the consent panel, the WeChat sign-in page, the quick-login popup, the
 * re-sign prompt of code 430, the des resume window and the auto-jump guard (the app's clock moved,
 * no waiting), partner mini-programs, an unknown entry page. The gateway is the run's
 * (global-gateway.ts); each case starts the app afresh (its own storage).
 */
const DIST = path.resolve(__dirname, '../../dist/weapp')
const BUILD_GATEWAY = process.env.ESS_GATEWAY_URL || 'http://localhost:8080'
/** The defaults of config/index.ts (no ESS_WELFARE_MINI_APPID given to the build). */
const WELFARE_APPID = process.env.ESS_WELFARE_MINI_APPID || 'wx6f5e4d3c2b1a0f9e'
const PHONE = '13912345678'
/** The zh-CN texts the person sees (src/i18n/zh-CN.ts). */
const T = {
  consentTitle: '个人信息保护提示',
  agree: '同意',
  disagree: '不同意',
  agreePrefix: '我已阅读并同意',
  wechatPhone: '微信手机号快捷登录',
  loggedIn: '登录成功',
  quickLoginOk: '快捷登录成功',
  quickLoginFailed: '快捷登录失败，请使用账号登录',
  updateTitle: '更新提示',
  signed: '用户协议签署成功',
  welfare: '福利商城',
  guarded: '刚刚已为您打开过服务',
}

let gateway: Gateway
let programs: MiniProgram[] = []

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'app.js'))) throw new Error('dist/weapp is missing: run `npm run test:weapp -w apps/portal` (it builds first)')
  gateway = sharedGateway()
})

afterEach(() => {
  for (const mp of programs) mp.close()
  programs = []
})

/** A fresh start of the app on a phone whose WeChat knows `phone`. */
function miniProgram(options: Partial<MiniProgramOptions> & { phone?: string; consented?: boolean } = {}): MiniProgram {
  const { phone = PHONE, consented = false, ...rest } = options
  const mp = new MiniProgram({
    dir: DIST,
    hosts: { [new URL(BUILD_GATEWAY).origin]: gateway.url },
    needPrivacyAuthorization: !consented,
    wechat: {
      loginCode: () => mintWechatCode(gateway, { identity: `wx-${phone}` }),
      phoneCode: () => mintWechatCode(gateway, { phone }),
    },
    ...rest,
  })
  // A person who agreed at an earlier launch (the stored answer and WeChat's record).
  if (consented) mp.storage.set('user-agreed-privacy', '1')
  programs.push(mp)
  return mp
}

const pageText = (mp: MiniProgram) => textOf(rootOf(mp.currentPage))
const calls = (mp: MiniProgram, call: { path: string }) => mp.requests.filter((r) => r.url.split('?')[0] === `/app${call.path}`)
/** Calls that carry or ask for something personal: any user call but the public reference reads, SSO. */
const personalCalls = (mp: MiniProgram) =>
  mp.requests.filter((r) => /^\/app\/(user\/api|sso)\//.test(r.url) && !/\/(dict\/list|agreement\/getAppAgreements|login\/getPasswordPubKey|verify\/getCaptcha|privacyCollect\/typeList)\b/.test(r.url))
/** One-time codes for the payslips' inner jump (the older user center's own login asks for one without dest). */
const payslipGrants = (mp: MiniProgram) => calls(mp, wire.grantCode).filter((r) => r.url.includes('dest=payment')).map((r) => r.status)
const tokenOf = (mp: MiniProgram) => mp.storage.get('token') as string | undefined

/** The WeChat sign-in page: tick the agreements, tap WeChat's phone-number button. */
async function signInWithWechat(mp: MiniProgram): Promise<void> {
  if (mp.currentPage.route !== 'pages/login/index') await mp.reLaunch('/pages/login/index')
  await mp.tapText(T.agreePrefix)
  await mp.tapText(T.wechatPhone)
}

let userId = ''

/** The user of PHONE (signed up through the WeChat sign-in page by its test, or here when run alone). */
async function theUser(): Promise<string> {
  if (userId) return userId
  const mp = miniProgram({ consented: true })
  await mp.launch()
  await signInWithWechat(mp)
  const user = calls(mp, wire.getUserInfo).find((r) => r.status === 200)?.data as { data: { data: { userId: string } } } | undefined
  if (!user) throw new Error(`the WeChat sign-in failed: ${JSON.stringify({ requests: mp.requests, toasts: mp.toasts, errors: mp.errors })}`)
  userId = user.data.data.userId
  return userId
}

describe('WeChat privacy API joined with the consent (SPEC §4: until the user agrees, launch initialisation is skipped)', () => {
  it('before consent nothing personal is requested, even with a quick-login jump; one tap on Agree agrees to both, then launch init runs', async () => {
    const mp = miniProgram({ launchQuery: { action: 'quickLogin', source: 'hm', token: 'not-a-token' } })
    await mp.launch()
    expect(pageText(mp)).toContain(T.consentTitle)
    expect(mp.apiCalls.map((c) => c.api)).not.toContain('login')
    expect(personalCalls(mp)).toEqual([])
    expect(mp.errors).toEqual([])

    await mp.tapText(T.agree)
    // WeChat saw its agreePrivacyAuthorization button tapped: its record says agreed now.
    expect(mp.apiCalls).toContainEqual({ api: 'agreePrivacyAuthorization', args: { buttonId: 'ess-privacy-agree' } })
    expect(mp.needPrivacyAuthorization).toBe(false)
    expect(mp.storage.get('user-agreed-privacy')).toBe('1')
    // Launch initialisation ran: the open id (wx.login → wechat/getOpenId) and the jump's quick login.
    expect(mp.apiCalls.map((c) => c.api)).toContain('login')
    expect(calls(mp, wire.wechatGetOpenId).map((r) => r.status)).toEqual([200])
    expect(calls(mp, wire.ssoLogin)).toHaveLength(1)
    expect(mp.toasts).toContain(T.quickLoginFailed)
    expect(pageText(mp)).not.toContain(T.consentTitle)
    expect(mp.errors).toEqual([])
  })

  it("WeChat's record comes first: a stored '1' without WeChat's authorization asks again, and requests nothing personal", async () => {
    const mp = miniProgram({ consented: true, needPrivacyAuthorization: true })
    await mp.launch()
    expect(pageText(mp)).toContain(T.consentTitle)
    expect(mp.apiCalls.map((c) => c.api)).not.toContain('login')
    expect(personalCalls(mp)).toEqual([])
    await mp.tapText(T.agree)
    expect(mp.needPrivacyAuthorization).toBe(false)
    expect(calls(mp, wire.wechatGetOpenId).map((r) => r.status)).toEqual([200])
    expect(mp.errors).toEqual([])
  })
})

describe('the WeChat sign-in page (pages/login/index)', () => {
  it('a privacy component used before consent is held and routed to the panel; Agree lets it go on, and the phone signs in', async () => {
    const mp = miniProgram()
    await mp.launch()
    await mp.tapText(T.disagree)
    expect(mp.storage.get('user-agreed-privacy')).toBe('0')
    await signInWithWechat(mp)
    // WeChat held the phone-number button (a privacy component) and asked the app: the panel is back.
    expect(mp.apiCalls.map((c) => c.api)).toEqual(expect.arrayContaining(['getPhoneNumber', 'needPrivacyAuthorization']))
    expect(mp.currentPage.route).toBe('pages/login/index')
    expect(pageText(mp)).toContain(T.consentTitle)
    expect(calls(mp, wire.weChatMiniQuickLogin)).toEqual([])

    await mp.tapText(T.agree)
    // The held button went on: the code WeChat issued went through login/weChatMiniQuickLogin.
    expect(calls(mp, wire.weChatMiniQuickLogin).map((r) => r.status)).toEqual([200])
    expect(tokenOf(mp)).toBeTruthy()
    expect(mp.toasts).toContain(T.loggedIn)
    const user = calls(mp, wire.getUserInfo).find((r) => r.status === 200)?.data as { data: { data: { userId: string; phone: string } } }
    expect(user.data.data.phone).toBe(PHONE)
    userId = user.data.data.userId
    expect(mp.currentPage.route).toBe('pages/home/index')
    expect(mp.errors).toEqual([])
  })
})

describe('the quick-login popup (SPEC §4: action=quickLogin, source=hm, token)', () => {
  it('logs in through SSO ssoLogin with a success toast; the same token again fails with a failure toast', async () => {
    const token = await handbackToken(gateway, await theUser())
    const first = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token } })
    await first.launch()
    expect(calls(first, wire.ssoLogin).map((r) => r.status)).toEqual([200])
    expect(first.toasts).toContain(T.quickLoginOk)
    expect(tokenOf(first)).toBeTruthy()
    expect(calls(first, wire.getUserInfo).map((r) => r.status)).toContain(200)
    expect(first.errors).toEqual([])

    const again = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token } })
    await again.launch()
    expect(calls(again, wire.ssoLogin)).toHaveLength(1)
    expect(calls(again, wire.ssoLogin)[0].status).not.toBe(200)
    expect(again.toasts).toContain(T.quickLoginFailed)
    expect(tokenOf(again)).toBeFalsy()
    // Another source is not a quick login at all.
    const other = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'xx', token: await handbackToken(gateway, await theUser()) } })
    await other.launch()
    expect(calls(other, wire.ssoLogin)).toEqual([])
  })
})

describe('re-sign (SPEC §4 code 430)', () => {
  it('the agreement list is refreshed, the My account tab opens with the re-sign popup; Agree signs', async () => {
    // The user withdraws the privacy consent (their signature of the privacy policy goes, every login ends) …
    const signedIn = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token: await handbackToken(gateway, await theUser()) } })
    await signedIn.launch()
    expect((await signedCall(gateway, { method: 'POST', path: `/app${wire.withdrawConsent.path}` }, {}, tokenOf(signedIn) ?? '')).code).toBe(200)
    // … and comes back by quick login: the gateway answers 430 to the first user call.
    const mp = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token: await handbackToken(gateway, await theUser()) } })
    await mp.launch()
    expect(calls(mp, wire.getUserInfo).map((r) => (r.data as { code: number }).code)).toContain(430)
    expect(calls(mp, wire.getUserAgreements).map((r) => r.status)).toContain(200)
    expect(mp.navigations).toContain('switchTab pages/user-center/index')
    expect(mp.currentPage.route).toBe('pages/user-center/index')
    expect(pageText(mp)).toContain(T.updateTitle)
    expect(pageText(mp)).toContain('隐私政策')

    await mp.tapText(T.agree)
    expect(calls(mp, wire.signAgreements).map((r) => r.status)).toEqual([200])
    expect(mp.toasts).toContain(T.signed)
    expect(pageText(mp)).not.toContain(T.updateTitle)
    expect(mp.errors).toEqual([])
  })
})

describe(`des resume window (SPEC §4: ${JUMP_RESUME_WINDOW_S} s) and the auto-jump guard (${AUTO_JUMP_GUARD_S} s)`, () => {
  it(`a jump with des resumes after a login ${JUMP_RESUME_WINDOW_S - 1} s later`, async () => {
    const mp = miniProgram({ consented: true, launchQuery: { des: 'payment' } })
    await mp.launch()
    expect(mp.navigations.join('\n')).not.toContain('pages/jump/transition')
    mp.advanceClock((JUMP_RESUME_WINDOW_S - 1) * 1000)
    await signInWithWechat(mp)
    expect(calls(mp, wire.weChatMiniQuickLogin).map((r) => r.status)).toEqual([200])
    expect(mp.navigations).toContain('redirectTo pages/jump/transition/index')
    // Payslips need real-name verification, which comes next (and resumes the jump after it).
    expect(mp.currentPage.route).toBe('packages/auth/realNameAuthOption')
    expect(mp.errors).toEqual([])
  })

  it(`… and is dropped after ${JUMP_RESUME_WINDOW_S} s`, async () => {
    const mp = miniProgram({ consented: true, launchQuery: { des: 'payment' } })
    await mp.launch()
    mp.advanceClock(JUMP_RESUME_WINDOW_S * 1000 + 1000)
    await signInWithWechat(mp)
    expect(calls(mp, wire.weChatMiniQuickLogin).map((r) => r.status)).toEqual([200])
    expect(mp.navigations.join('\n')).not.toContain('pages/jump/transition')
    expect(mp.currentPage.route).toBe('pages/home/index')
    expect(mp.errors).toEqual([])
  })

  it(`a verified user's second automatic jump within ${AUTO_JUMP_GUARD_S} s is held; after it, the retry goes`, async () => {
    // The user verified their real name (on another launch).
    const before = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token: await handbackToken(gateway, await theUser()) } })
    await before.launch()
    const verified = await signedCall(gateway, { method: 'POST', path: `/app${wire.certificationCheck.path}` }, { method: 'idNumber', name: '李伟', idNo: '110101198803151237' }, tokenOf(before) ?? '')
    expect(verified.code).toBe(200)
    const mp = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token: await handbackToken(gateway, await theUser()) } })
    await mp.launch()
    await mp.reLaunch('/pages/jump/transition/index?dest=payment')
    expect(payslipGrants(mp)).toEqual([200])
    // Gone to the provider's page in the web-view page (which, with this test's http gateway, says the address is not allowed).
    expect(mp.navigations).toContain('redirectTo packages/webview/index')

    mp.advanceClock((AUTO_JUMP_GUARD_S - 1) * 1000)
    await mp.reLaunch('/pages/jump/transition/index?dest=payment')
    expect(payslipGrants(mp)).toHaveLength(1)
    expect(mp.currentPage.route).toBe('pages/jump/transition/index')
    expect(pageText(mp)).toContain(T.guarded)

    mp.advanceClock(1000)
    await mp.tapText('重试')
    expect(payslipGrants(mp)).toEqual([200, 200])
    expect(mp.navigations.filter((n) => n === 'redirectTo packages/webview/index')).toHaveLength(2)
    expect(mp.errors).toEqual([])
  })
})

describe('a jump into the running mini-program (App.onShow with a new query, no new launch)', () => {
  it('signs in by a quick-login hand-back, then jumps at once to a des; a plain return from the background does neither again', async () => {
    const mp = miniProgram({ consented: true })
    await mp.launch()
    expect(tokenOf(mp)).toBeUndefined()
    await mp.show({})
    await mp.show({ action: 'quickLogin', source: 'hm', token: await handbackToken(gateway, await theUser()) })
    expect(calls(mp, wire.ssoLogin).map((r) => r.status)).toEqual([200])
    expect(mp.toasts).toContain(T.quickLoginOk)
    expect(tokenOf(mp)).toBeTruthy()

    await mp.show({ des: 'payment' })
    expect(mp.navigations).toContain('redirectTo pages/jump/transition/index')
    const jumps = mp.navigations.filter((n) => n === 'redirectTo pages/jump/transition/index').length
    // Back from the background with the same entry: nothing runs again.
    await mp.show({ des: 'payment' })
    expect(mp.navigations.filter((n) => n === 'redirectTo pages/jump/transition/index')).toHaveLength(jumps)
    expect(calls(mp, wire.ssoLogin)).toHaveLength(1)
    expect(mp.errors).toEqual([])
  })
})

describe('partner mini-programs (SPEC §3 healthMini, welfareMini)', () => {
  it("a link item's miniLink opens that mini-program with wx.navigateToMiniProgram, with the appId of the build", async () => {
    const mp = miniProgram({ consented: true, launchQuery: { action: 'quickLogin', source: 'hm', token: await handbackToken(gateway, await theUser()) } })
    await mp.launch()
    await mp.reLaunch('/pages/home/index')
    await mp.tapText(T.welfare)
    expect(mp.apiCalls.filter((c) => c.api === 'navigateToMiniProgram')).toEqual([
      { api: 'navigateToMiniProgram', args: { appId: WELFARE_APPID, path: 'pages/mall/index?from=ess', extraData: null, envVersion: 'release' } },
    ])
    // Not the https link's web page.
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/home/index'])
    expect(mp.errors).toEqual([])
  })
})

describe('an unknown page (SPEC §2)', () => {
  it('relaunches home', async () => {
    const mp = miniProgram({ consented: true })
    await mp.launch('pages/gone/index')
    expect(mp.navigations).toEqual(['pageNotFound pages/gone/index', 'reLaunch pages/home/index'])
    expect(mp.currentPage.route).toBe('pages/home/index')
    expect(mp.errors).toEqual([])
  })
})
