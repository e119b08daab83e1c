import { AUTO_JUMP_GUARD_S, FLOOR_REFETCH_WINDOW_S, type LinkItem } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { userStore } from '../src/core/auth/user-store'
import { floorsOf, loadFloors, prefetchLaunchFloors, resetFloors } from '../src/core/cms/floors'
import { loadArticle, prefetchLaunchArticle } from '../src/core/cms/news'
import { loadPreview, previewStore, previewTokenOf, resetPreview } from '../src/core/cms/preview'
import { externalUrl, linkTarget, openLinkItem, parseQuery } from '../src/core/links/click'
import { claimAutoJump, innerJump, legacyJumpUrl } from '../src/core/links/jump'
import { miniProgramTarget } from '../src/core/links/mini'
import { safeWebviewUrl } from '../src/core/links/webview'
import { hostileUrls } from '@ess/contract/testing'
import { localeStore } from '../src/i18n/store'
import { fail, installTestPlatform, ok } from './helpers'

beforeEach(() => {
  vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
  resetFloors()
})
afterEach(() => vi.restoreAllMocks())

const PAGE = (version: number) => ({ pageCode: 'homepage', version, floorList: [] })
const item = (over: Partial<LinkItem>): LinkItem => ({
  id: 'x',
  name: 'X',
  icon: null,
  link: '/packages/news/index',
  miniLink: null,
  appLink: null,
  loginRequired: false,
  authenticationRequired: false,
  external: 0,
  CPAppId: '101',
  CPAuthType: '0',
  needOpenId: 0,
  badge: null,
  ...over,
})
const CERTIFIED = { userId: '1', phone: null, phoneRegion: null, email: 'a@b.cn', username: null, photo: null, gender: 'U', birthdate: null, certificationStatus: 1, isExpired: false, certification: null, hasPassword: true } as const

describe("a page's preview (console preview link)", () => {
  const token = 'homepage.1795000000.' + 'ab'.repeat(32)
  it('reads the token of the route, and only a well-formed one', () => {
    expect(previewTokenOf({ preview: encodeURIComponent(token) })).toBe(token)
    expect(previewTokenOf({ preview: '<script>' })).toBeNull()
    expect(previewTokenOf({})).toBeNull()
  })

  it('reads the draft through cmsPreview, apart from the live floors; a refused link is marked failed', async () => {
    resetPreview()
    const { server } = installTestPlatform()
    server.reply(ok(PAGE(7)))
    expect((await loadPreview('homepage', token))?.version).toBe(7)
    expect(server.requests[0].url).toContain('/app/cms/resource/preview')
    expect(server.requests[0].url).toContain(`token=${encodeURIComponent(token)}`)
    expect(floorsOf('homepage').page).toBeNull()
    // Asked again for the same token and language: no second call.
    await loadPreview('homepage', token)
    expect(server.requests).toHaveLength(1)
    resetPreview()
    server.reply(fail(100809, { errorCode: 'PREVIEW_INVALID' }, 403))
    expect(await loadPreview('homepage', token)).toBeNull()
    expect(previewStore.getState().homepage).toMatchObject({ failed: true, page: null })
  })
})

describe('floor lists (SPEC §4: 600 s window, no second fetch in flight)', () => {
  it('fetches once, answers from memory inside 600 s, again after it or when forced', async () => {
    const { server } = installTestPlatform()
    let t = 1_000_000
    const now = () => t
    server.reply(ok(PAGE(1)), ok(PAGE(2)), ok(PAGE(3)))
    expect((await loadFloors('homepage', { now }))?.version).toBe(1)
    t += (FLOOR_REFETCH_WINDOW_S - 1) * 1000
    expect((await loadFloors('homepage', { now }))?.version).toBe(1)
    expect(server.requests).toHaveLength(1)
    t += 2000
    expect((await loadFloors('homepage', { now }))?.version).toBe(2)
    expect((await loadFloors('homepage', { now, force: true }))?.version).toBe(3)
    expect(server.requests).toHaveLength(3)
    expect(server.requests[0].url).toContain('/app/cms/resource/page?pageCode=homepage')
  })

  it('shares a fetch in flight, even a forced one', async () => {
    const { server } = installTestPlatform()
    let release: () => void = () => undefined
    server.reply(() => new Promise((resolve) => (release = () => resolve(ok(PAGE(7))))))
    const a = loadFloors('homepage')
    const b = loadFloors('homepage', { force: true })
    expect(floorsOf('homepage').loading).toBe(true)
    release()
    expect((await a)?.version).toBe(7)
    expect((await b)?.version).toBe(7)
    expect(server.requests).toHaveLength(1)
  })

  it('fetches again in another language; a failure keeps what was shown', async () => {
    const { server } = installTestPlatform()
    server.reply(ok(PAGE(1)), () => ({ status: 500, data: {} }))
    await loadFloors('homepage')
    localeStore.setState({ locale: 'en-US' })
    expect((await loadFloors('homepage'))?.version).toBe(1)
    expect(server.requests).toHaveLength(2)
    expect(floorsOf('homepage')).toMatchObject({ failed: true, page: { version: 1 } })
  })

  it('asks at start for the floors of a home or services launch, which the page then shares', async () => {
    const { server } = installTestPlatform()
    let release: () => void = () => undefined
    server.reply(() => new Promise((resolve) => (release = () => resolve(ok(PAGE(4))))), ok({ ...PAGE(5), pageCode: 'servicegrid' }))
    prefetchLaunchFloors('')
    expect(floorsOf('homepage').loading).toBe(true)
    const shown = loadFloors('homepage')
    release()
    expect((await shown)?.version).toBe(4)
    prefetchLaunchFloors('pages/service/index')
    await vi.waitFor(() => expect(floorsOf('servicegrid').page?.version).toBe(5))
    // Other launches (My account, an article, a sign-in page) ask for no floors.
    prefetchLaunchFloors('pages/user-center/index')
    prefetchLaunchFloors('packages/news/newsDetail')
    expect(server.requests.map((r) => r.url.split('?')[1])).toEqual(['pageCode=homepage', 'pageCode=servicegrid'])
  })
})

describe('the article of a launch at one', () => {
  const ARTICLE = (id: string, title: string) => ({ id, title, source: 'HR', publishedAt: '2026-01-05T00:00:00Z', blocks: [] })
  afterEach(() => {
    prefetchLaunchArticle('', {})
    localeStore.setState({ locale: 'zh-CN' })
  })

  it("is asked for at start; the page's first ask takes that answer, later asks read it anew", async () => {
    const { server } = installTestPlatform()
    let release: () => void = () => undefined
    server.reply(() => new Promise((resolve) => (release = () => resolve(ok(ARTICLE('si-base-2026', '基数调整'))))), ok(ARTICLE('si-base-2026', '基数调整（更新）')))
    prefetchLaunchArticle('packages/news/newsDetail', { id: 'si-base-2026' })
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0].url).toContain('id=si-base-2026')
    const shown = loadArticle('si-base-2026')
    release()
    expect((await shown)?.title).toBe('基数调整')
    expect(server.requests).toHaveLength(1)
    expect((await loadArticle('si-base-2026'))?.title).toBe('基数调整（更新）')
    expect(server.requests).toHaveLength(2)
  })

  it('a help answer too; not another article, another language, or a launch elsewhere or without an id', async () => {
    const { server } = installTestPlatform()
    server.reply(ok(ARTICLE('help-a', 'A')), ok(ARTICLE('help-b', 'B')), ok(ARTICLE('help-a', 'A en')), ok(ARTICLE('help-a', 'A en 2')))
    prefetchLaunchArticle('packages/users/help/more', { id: 'help-a' })
    // The page shows another article: the one asked for at launch is not it, and is dropped.
    expect((await loadArticle('help-b'))?.title).toBe('B')
    localeStore.setState({ locale: 'zh-CN' })
    prefetchLaunchArticle('packages/news/newsDetail', { id: 'help-a' })
    localeStore.setState({ locale: 'en-US' })
    expect((await loadArticle('help-a'))?.title).toBe('A en 2')
    expect(server.requests).toHaveLength(4)
    prefetchLaunchArticle('pages/home/index', { id: 'help-a' })
    prefetchLaunchArticle('packages/news/newsDetail', {})
    expect(await loadArticle('')).toBeUndefined()
    expect(server.requests).toHaveLength(4)
  })
})

describe('page click rules (SPEC §4)', () => {
  it('maps links to pages: service tab, news, inner jumps, routes, https through the web-view page', () => {
    installTestPlatform()
    expect(linkTarget(item({ link: 'service' }))).toEqual({ route: 'pages/service/index' })
    expect(linkTarget(item({ link: 'homeNews' }))).toEqual({ route: 'packages/news/index', query: { newscode: 'news' } })
    expect(linkTarget(item({ link: 'inner:payment' }))).toEqual({ route: 'pages/jump/transition/index', query: { dest: 'payment' } })
    expect(linkTarget(item({ link: '/packages/news/newsDetail?id=a1' }))).toEqual({ route: 'packages/news/newsDetail', query: { id: 'a1' } })
    expect(linkTarget(item({ link: 'inner:lottery' }))).toBeNull()
    expect(linkTarget(item({ link: '/no/such/page' }))).toBeNull()
    expect(linkTarget(item({ link: 'http://plain.example.com' }))).toBeNull()
    expect(linkTarget(item({ link: 'https://partner.example.com/p?x=1' }))?.route).toBe('packages/webview/index')
    // An address that is not on the build's ESS_WEBVIEW_URLS opens nothing (the bad-address page).
    expect(linkTarget(item({ link: 'https://a.example.com/p?x=1' }))).toBeNull()
  })

  it.each(hostileUrls('https://partner.example.com'))('a CMS link %j opens nothing (issue 39)', (link) => {
    installTestPlatform()
    expect(linkTarget(item({ link }))).toBeNull()
  })

  it('a CMS link on the allow-list written without its slash, or with a path, is the control', () => {
    installTestPlatform()
    for (const link of ['https://partner.example.com', 'https://partner.example.com/a?b=1#c', 'https://welfare.example.com/mall']) {
      expect(linkTarget(item({ link }))?.route, link).toBe('packages/webview/index')
    }
  })

  it('adds language and gray scheme to https links, and the third-party parameters to external ones', () => {
    installTestPlatform()
    localStorage.setItem('gray-scheme', 'B')
    localeStore.setState({ locale: 'en-US' })
    const plain = new URL(externalUrl(item({ link: 'https://a.example.com/p?x=1' })))
    expect(Object.fromEntries(plain.searchParams)).toEqual({ x: '1', lang: 'en-US', gray: 'B' })
    const third = new URL(externalUrl(item({ link: 'https://mall.example.com/', external: 1, needOpenId: 1, CPAppId: '', CPAuthType: '' })))
    expect(Object.fromEntries(third.searchParams)).toMatchObject({ external: '1', CPAppId: '101', CPAuthType: '0', needOpenId: '1' })
  })

  it('logged out and login required: login, remembering the target', async () => {
    const { nav } = installTestPlatform()
    await openLinkItem(item({ link: 'inner:payment', loginRequired: true, authenticationRequired: true }))
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/login/login-type/index')
    expect(JSON.parse(sessionStorage.getItem('login-target')!)).toEqual({ route: 'pages/jump/transition/index', query: { dest: 'payment' } })
  })

  it('real-name required and not verified: the option page with origin=home, remembering the target', async () => {
    const { nav, server } = installTestPlatform()
    localStorage.setItem('token', 't')
    server.reply(ok({ ...CERTIFIED, certificationStatus: 0 }))
    await openLinkItem(item({ link: 'inner:payment', loginRequired: true, authenticationRequired: true }))
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/auth/realNameAuthOption?origin=home')
    expect(JSON.parse(sessionStorage.getItem('real-name-target')!)).toEqual({ route: 'pages/jump/transition/index', query: { dest: 'payment' } })
  })

  it('verified: the target opens; tabs switch; an unusable link shows the bad-address page', async () => {
    const { nav } = installTestPlatform()
    localStorage.setItem('token', 't')
    userStore.setState({ user: CERTIFIED })
    await openLinkItem(item({ link: 'inner:payment', loginRequired: true, authenticationRequired: true }))
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/pages/jump/transition/index?dest=payment')
    await openLinkItem(item({ link: 'service' }))
    expect(nav.switchTab).toHaveBeenLastCalledWith('/pages/service/index')
    await openLinkItem(item({ link: 'javascript:alert(1)' }))
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/packages/error/thirdPartAddress')
  })
})

describe('web pages in the native app (docs/native-bridge.md)', () => {
  const bridge = () => ({ jumpHome: vi.fn(), jumpUserCenter: vi.fn(), customerService: vi.fn(), login: vi.fn(), webview: vi.fn(), makePhoneCall: vi.fn(), idVerifySuccess: vi.fn() })

  it("open in the app's webview with needLogin, the app signing a visitor in; portal pages still open here", async () => {
    const native = bridge()
    const { nav } = installTestPlatform({ bridge: native, kind: 'app' })
    await openLinkItem(item({ link: 'https://partner.example.com/mall/', loginRequired: true, external: 1, needOpenId: 1 }))
    expect(native.webview).toHaveBeenCalledWith({ needLogin: true, url: expect.stringMatching(/^https:\/\/partner\.example\.com\/mall\/\?lang=zh-CN&external=1/) })
    expect(nav.navigateTo).not.toHaveBeenCalled()
    await openLinkItem(item({ link: 'https://partner.example.com/news/a' }))
    expect(native.webview).toHaveBeenLastCalledWith({ needLogin: false, url: 'https://partner.example.com/news/a?lang=zh-CN' })
    // Not on the allow-list: not handed to the app's webview either.
    await openLinkItem(item({ link: 'https://partner.example.com.evil.example/' }))
    expect(native.webview).toHaveBeenCalledTimes(2)
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/packages/error/thirdPartAddress')
    await openLinkItem(item({ link: 'homeNews' }))
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/packages/news/index?newscode=news')
    expect(native.webview).toHaveBeenCalledTimes(2)
  })

  it('still ask a signed-in user who is not verified for the real-name check first', async () => {
    const native = bridge()
    const { nav, server } = installTestPlatform({ bridge: native, kind: 'app' })
    localStorage.setItem('token', 't')
    server.reply(ok({ ...CERTIFIED, certificationStatus: 0 }))
    await openLinkItem(item({ link: 'https://partner.example.com/mall/', loginRequired: true, authenticationRequired: true }))
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/auth/realNameAuthOption?origin=home')
    expect(native.webview).not.toHaveBeenCalled()
  })
})

describe('partner mini-programs (SPEC §3 healthMini, welfareMini: miniLink)', () => {
  const WELFARE = { link: 'https://welfare.example.com/mall', miniLink: 'mini:welfareMini/pages/mall/index?from=ess', loginRequired: true, external: 1 as const }

  it('reads the mini:<id>[/<path>][?<query>] form with the appIds of the build; anything else is not one', () => {
    const appIds = { healthMini: 'wxhealth0000000001', welfareMini: 'wxwelfare000000001' }
    expect(miniProgramTarget('mini:welfareMini/pages/mall/index?from=ess', appIds)).toEqual({ id: 'welfareMini', appId: 'wxwelfare000000001', path: 'pages/mall/index?from=ess' })
    expect(miniProgramTarget('mini:healthMini', appIds)).toEqual({ id: 'healthMini', appId: 'wxhealth0000000001', path: '' })
    expect(miniProgramTarget('mini:healthMini?x=1', appIds)?.path).toBe('?x=1')
    // the build's define (vitest.config.ts stands in for config/index.ts)
    expect(miniProgramTarget('mini:healthMini/pages/report/index')?.appId).toBe('wxhealthminitest01')
    for (const other of [null, '', 'https://a.example.com', 'mini:otherMini/pages/x', 'mini:healthMini pages', 'mini:welfareMini/a b'])
      expect(miniProgramTarget(other, appIds)).toBeNull()
    // a build without that id's appId: not a mini-program link there
    expect(miniProgramTarget('mini:healthMini/pages/x', { welfareMini: 'wxwelfare000000001' })).toBeNull()
  })

  it('in the mini-program: the login gate, then wx.navigateToMiniProgram instead of the https link', async () => {
    const { nav, platform } = installTestPlatform()
    const open = vi.fn(async () => true)
    platform.system.openMiniProgram = open
    await openLinkItem(item(WELFARE))
    expect(open).not.toHaveBeenCalled()
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/packages/login/login-type/index')
    localStorage.setItem('token', 't')
    await openLinkItem(item(WELFARE))
    expect(open).toHaveBeenCalledWith({ appId: 'wxwelfareminitest1', path: 'pages/mall/index?from=ess' })
    expect(nav.navigateTo).toHaveBeenCalledTimes(1)
  })

  it('in the mini-program: real-name first when the item needs it', async () => {
    const { nav, server, platform } = installTestPlatform()
    const open = vi.fn(async () => true)
    platform.system.openMiniProgram = open
    localStorage.setItem('token', 't')
    server.reply(ok({ ...CERTIFIED, certificationStatus: 0 }))
    await openLinkItem(item({ ...WELFARE, authenticationRequired: true }))
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/auth/realNameAuthOption?origin=home')
    expect(open).not.toHaveBeenCalled()
  })

  it('on the web (no mini-programs there): the https link opens as before', async () => {
    const { nav } = installTestPlatform()
    localStorage.setItem('token', 't')
    await openLinkItem(item(WELFARE))
    expect(nav.navigateTo).toHaveBeenCalledWith(expect.stringMatching(/^\/packages\/webview\/index\?url=https%3A%2F%2Fwelfare\.example\.com%2Fmall/))
  })
})

describe('inner jumps', () => {
  it('leaves for the legacy login URL with code, redirect, lang, openId and source', async () => {
    const { server, platform } = installTestPlatform()
    const leave = vi.spyOn(platform.system, 'leaveTo').mockReturnValue(true)
    localStorage.setItem('token', 't')
    server.reply(ok({ code: 'C0DE', expiresIn: 120, legacyLoginUrl: 'https://ouc.example.com/loginByCodeAndRedirect', redirect: '/salary/payslip' }))
    expect(await innerJump('payment', 10_000_000)).toBe('left')
    const url = new URL(leave.mock.calls[0][0])
    expect(url.origin + url.pathname).toBe('https://ouc.example.com/loginByCodeAndRedirect')
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'C0DE', redirect: '/salary/payslip', lang: 'zh-CN', openId: '', source: 'h5' })
    expect(server.requests[0].url).toContain('authAppId=ouc')
  })

  it.each(['//evil.example/salary', '/\\evil.example', ...hostileUrls('https://ouc.example.com').filter(Boolean)])(
    'does not go when the redirect %j is not a page of the older system (issue 39)',
    async (redirect) => {
      const { server, platform } = installTestPlatform()
      const leave = vi.spyOn(platform.system, 'leaveTo').mockReturnValue(true)
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      localStorage.setItem('token', 't')
      server.reply(ok({ code: 'C0DE', expiresIn: 120, legacyLoginUrl: 'https://ouc.example.com/loginByCodeAndRedirect', redirect }))
      expect(await innerJump('payment', 10_000_000)).toBe('failed')
      expect(leave).not.toHaveBeenCalled()
      expect(log).toHaveBeenCalledWith('Refused an inner jump: its redirect is not a page of the older system')
    },
  )

  it('takes a redirect that is an address on the older system’s own origin, sent as its path', () => {
    installTestPlatform()
    const url = new URL(legacyJumpUrl('https://ouc.example.com/loginByCodeAndRedirect', { code: 'c', redirect: 'https://ouc.example.com/claims/apply?x=1' })!)
    expect(url.searchParams.get('redirect')).toBe('/claims/apply?x=1')
  })

  it('at most one automatic jump per 5 s', () => {
    installTestPlatform()
    expect(claimAutoJump(1_000_000)).toBe(true)
    expect(claimAutoJump(1_000_000 + AUTO_JUMP_GUARD_S * 1000 - 1)).toBe(false)
    expect(claimAutoJump(1_000_000 + AUTO_JUMP_GUARD_S * 1000)).toBe(true)
  })

  it('logs "Failed to get one-time code" when the code is empty', async () => {
    const { server } = installTestPlatform()
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.reply(ok({ code: '', expiresIn: 120, legacyLoginUrl: '/x', redirect: null }))
    expect(await innerJump('checkUp', 50_000_000)).toBe('failed')
    expect(log).toHaveBeenCalledWith('Failed to get one-time code')
  })

  it('a relative legacy URL is the gateway origin on the web', () => {
    installTestPlatform()
    expect(legacyJumpUrl('/sample-provider/loginByCodeAndRedirect', { code: 'c', redirect: null })).toMatch(/^http:\/\/[^/]+\/sample-provider\/loginByCodeAndRedirect\?code=c&redirect=&lang=zh-CN&openId=&source=h5$/)
  })
})

describe('web-view addresses', () => {
  it('opens the pages of the allow-list and the gateway own pages; refuses the rest', () => {
    expect(safeWebviewUrl('https://partner.example.com/x')).toBe('https://partner.example.com/x')
    expect(safeWebviewUrl('https://partner.example.com')).toBe('https://partner.example.com/')
    expect(safeWebviewUrl('/app/agreements/user/3?lang=en-US')).toBe('/app/agreements/user/3?lang=en-US')
    expect(safeWebviewUrl(`${location.origin}/sample-provider/loginByCodeAndRedirect?code=c`)).toBe('/sample-provider/loginByCodeAndRedirect?code=c')
    // The mini-program: the gateway's own pages at its address.
    expect(safeWebviewUrl('https://gw.example.com/app/agreements/user/3', 'https://gw.example.com')).toBe('https://gw.example.com/app/agreements/user/3')
    for (const bad of ['https://a.example.com/x', 'http://a.example.com', 'javascript:alert(1)', 'data:text/html,x', 'https://user:pw@a.example.com', '//evil.example.com', 'not a url', undefined]) {
      expect(safeWebviewUrl(bad)).toBeNull()
    }
    for (const bad of ['/app/agreementsx/1', '/app/agreements/../../evil', '/sample-provider/\\evil', '//app/agreements/', '/pages/home/index']) {
      expect(safeWebviewUrl(bad), bad).toBeNull()
    }
  })

  it.each(hostileUrls('https://partner.example.com'))('refuses %j (issue 39)', (bad) => {
    expect(safeWebviewUrl(bad)).toBeNull()
  })
})

describe('parseQuery (link queries without URLSearchParams, which the mini-program only has as a non-iterable stand-in)', () => {
  it('reads a query as URLSearchParams does', () => {
    for (const search of ['', 'id=si-base-2026', 'a=1&b=two%20words&c=x+y', 'flag&empty=&=v', 'dup=1&dup=2', 'u=%E5%91%98%E5%B7%A5']) {
      expect(parseQuery(search), search).toEqual(Object.fromEntries(new URLSearchParams(search)))
    }
    // Unlike URLSearchParams (which puts U+FFFD in), a broken escape stays as written.
    expect(parseQuery('bad=%E4%ZZ')).toEqual({ bad: '%E4%ZZ' })
  })
})
