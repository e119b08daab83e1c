import { ERRORS, ruleMessage } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { requireLogin } from '../src/core/auth/target'
import { verifyByIdNumber } from '../src/core/real-name/api'
import { showOutcome } from '../src/core/real-name/flow'
import { groupCardDigits } from '../src/core/real-name/card-digits'
import { bankCardForm, idNumberForm } from '../src/core/real-name/forms'
import { needsRealName, openRealName } from '../src/core/real-name/gate'
import { originRoute, realNameOrigin, realNameTarget, resumeAfterRealName } from '../src/core/real-name/resume'
import { fail, installTestPlatform, ok } from './helpers'

let toastSpy: MockInstance<typeof Taro.showToast>
beforeEach(() => {
  toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => vi.restoreAllMocks())

const RECORD = {
  method: 'idNumber',
  realName: '*伟',
  idType: 'ID_CARD',
  idNo: '110101********1237',
  bankCard: null,
  companyName: '华晟科技有限公司',
  employeeNo: 'HS-0001',
  certifiedAt: '2026-08-01T00:00:00.000Z',
  expiresAt: '2026-10-30T00:00:00.000Z',
  isExpired: false,
  validityDays: 90,
} as const
const USER = { userId: '1', phone: '13800138000', phoneRegion: 'CN', email: null, username: null, photo: null, gender: 'M', birthdate: null, certificationStatus: 1, isExpired: false, certification: RECORD, hasPassword: true } as const

describe('real-name gate (SPEC §4, §6)', () => {
  it('an uncertified, expired or missing user must verify; a valid one need not', () => {
    expect(needsRealName(null)).toBe(true)
    expect(needsRealName({ certificationStatus: 0, isExpired: false })).toBe(true)
    expect(needsRealName({ certificationStatus: 1, isExpired: true })).toBe(true)
    expect(needsRealName({ certificationStatus: 1, isExpired: false })).toBe(false)
  })

  it('opens the option page with origin and remembers the target; after success resumes it, then forgets it', async () => {
    const { nav } = installTestPlatform()
    await openRealName('home', { route: 'pages/jump/transition/index', query: { dest: 'payment', empty: '' } })
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/auth/realNameAuthOption?origin=home')
    expect(realNameTarget()).toEqual({ route: 'pages/jump/transition/index', query: { dest: 'payment' } })
    await resumeAfterRealName('home')
    expect(nav.redirectTo).toHaveBeenCalledWith('/pages/jump/transition/index?dest=payment')
    expect(realNameTarget()).toBeNull()
  })

  it('a page that is itself gated (the jump page) is replaced by the option page, so Back does not reopen it', async () => {
    const { nav } = installTestPlatform()
    await openRealName('home', { route: 'pages/jump/transition/index', query: { dest: 'payment' } }, { replace: true })
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/auth/realNameAuthOption?origin=home')
    expect(nav.navigateTo).not.toHaveBeenCalled()
    expect(realNameTarget()).toEqual({ route: 'pages/jump/transition/index', query: { dest: 'payment' } })
  })

  it('a later verification without a target forgets an abandoned one; an unknown route is never remembered', async () => {
    installTestPlatform()
    await openRealName('home', { route: 'pages/jump/transition/index', query: { dest: 'payment' } })
    await openRealName('userCenter')
    expect(realNameTarget()).toBeNull()
    await openRealName('home', { route: 'pages/nowhere/index' as never })
    expect(realNameTarget()).toBeNull()
    sessionStorage.setItem('real-name-target', JSON.stringify({ route: 'pages/service/index' }))
    expect(realNameTarget()).toEqual({ route: 'pages/service/index' })
    sessionStorage.setItem('real-name-target', '{not json')
    expect(realNameTarget()).toBeNull()
  })

  it('a page that gated itself is returned to with Back past the verification pages, not stacked again', async () => {
    const { nav } = installTestPlatform()
    nav.currentRoute.mockReturnValue('pages/user-center/user-info/index')
    nav.stackDepth.mockReturnValue(2)
    await openRealName('pages/user-center/user-info/index')
    // option page, ID-number form replaced by the success page: two pages above personal info.
    nav.stackDepth.mockReturnValue(4)
    await resumeAfterRealName('pages/user-center/user-info/index')
    expect(nav.navigateBack).toHaveBeenCalledWith(2)
    expect(nav.redirectTo).not.toHaveBeenCalled()

    // Opened from elsewhere (a shared link straight to the option page): the named page replaces.
    nav.navigateBack.mockClear()
    nav.currentRoute.mockReturnValue('pages/user-center/detail')
    nav.stackDepth.mockReturnValue(1)
    await openRealName('pages/user-center/user-info/index')
    nav.stackDepth.mockReturnValue(3)
    await resumeAfterRealName('pages/user-center/user-info/index')
    expect(nav.navigateBack).not.toHaveBeenCalled()
    expect(nav.redirectTo).toHaveBeenCalledWith('/pages/user-center/user-info/index')

    // The mark is used once.
    nav.redirectTo.mockClear()
    await resumeAfterRealName('pages/user-center/user-info/index')
    expect(nav.navigateBack).not.toHaveBeenCalled()
    expect(nav.redirectTo).toHaveBeenCalledWith('/pages/user-center/user-info/index')
  })

  it('an origin encoded once more at every hop (option → form → success) reads as it was meant', () => {
    const route = 'pages/user-center/user-info/index'
    let raw = route
    for (let hop = 0; hop < 3; hop++) raw = encodeURIComponent(raw)
    expect(raw).toContain('%25252F')
    expect(realNameOrigin(raw)).toBe(route)
    expect(originRoute(raw)).toBe(route)
    expect(realNameOrigin('home')).toBe('home')
    expect(realNameOrigin(undefined)).toBe('')
    expect(realNameOrigin('%E0%A4%A')).toBe('%E0%A4%A')
    expect(originRoute('%E0%A4%A')).toBe('pages/home/index')
  })

  it('origin names: tabs by name, route paths with or without a slash or query, anything else home', () => {
    expect(originRoute('home')).toBe('pages/home/index')
    expect(originRoute('service')).toBe('pages/service/index')
    expect(originRoute('user-center')).toBe('pages/user-center/index')
    expect(originRoute('/pages/user-center/user-info/index?x=1')).toBe('pages/user-center/user-info/index')
    expect(originRoute('javascript:alert(1)')).toBe('pages/home/index')
  })

  it('without a target, returns to the page origin names (tabs as tabs), home when unknown', async () => {
    const { nav } = installTestPlatform()
    await openRealName('userCenter')
    await resumeAfterRealName('userCenter')
    expect(nav.switchTab).toHaveBeenLastCalledWith('/pages/user-center/index')
    await resumeAfterRealName('pages/user-center/user-info/index')
    expect(nav.redirectTo).toHaveBeenLastCalledWith('/pages/user-center/user-info/index')
    expect(originRoute('https://evil.example.com')).toBe('pages/home/index')
    expect(originRoute(undefined)).toBe('pages/home/index')
  })

  it('pages for logged-in users send a visitor to login, remembering the page and its query', () => {
    const { nav } = installTestPlatform()
    expect(requireLogin('packages/auth/realNameAuthOption', { origin: 'home' })).toBe(false)
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/login/login-type/index')
    expect(JSON.parse(sessionStorage.getItem('login-target')!)).toEqual({ route: 'packages/auth/realNameAuthOption', query: { origin: 'home' } })
    localStorage.setItem('token', 't')
    expect(requireLogin('packages/auth/realNameAuthOption')).toBe(true)
  })
})

describe('real-name forms (SPEC §5 messages)', () => {
  const first = (schema: typeof idNumberForm | typeof bankCardForm, value: object) => {
    const result = schema.safeParse(value)
    return result.success ? undefined : ruleMessage(result.error.issues[0].message as never, 'en-US')
  }
  it('names: Chinese characters or letters', () => {
    expect(first(idNumberForm, { name: 'Li3', idNo: '110101198803151237' })).toBe('Please enter name with Chinese characters or letters')
    expect(first(idNumberForm, { name: '李伟', idNo: '110101198803151237' })).toBeUndefined()
  })
  it('ID numbers: format and check digit', () => {
    expect(first(idNumberForm, { name: '李伟', idNo: '110101198803151238' })).toBe('Please enter correct ID number')
    expect(first(idNumberForm, { name: '李伟', idNo: '1101011988' })).toBe('Please enter correct ID number')
  })
  it('bank cards: required, then Luhn', () => {
    const base = { name: '李伟', idNo: '110101198803151237', bankPhone: '13800138001', code: '123456' }
    expect(first(bankCardForm, { ...base, cardNo: '' })).toBe('Please enter bank card number')
    expect(first(bankCardForm, { ...base, cardNo: '4111 1111 1111 1112' })).toBe('Please enter correct bank card number')
    expect(first(bankCardForm, { ...base, cardNo: '4111 1111 1111 1111' })).toBeUndefined()
  })
  it('groups card digits by four as the user types', () => {
    expect(groupCardDigits('6222a0202 00112233445')).toBe('6222 0202 0011 2233 445')
  })
})

describe('verification outcome', () => {
  it('success reloads the user, tells the native app, and opens the success page keeping origin', async () => {
    const { server, nav, platform } = installTestPlatform()
    const idVerifySuccess = vi.fn()
    platform.bridge = { idVerifySuccess } as never
    localStorage.setItem('token', 't')
    server.reply(ok(RECORD), ok(USER))
    const outcome = await verifyByIdNumber({ name: ' 李伟 ', idNo: '110101198803151237' })
    expect(outcome).toEqual({ ok: true, record: RECORD })
    expect(JSON.parse(server.requests[0].body!)).toEqual({ method: 'idNumber', name: '李伟', idNo: '110101198803151237' })
    await showOutcome(outcome, 'idNumber', 'home')
    expect(idVerifySuccess).toHaveBeenCalled()
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/users/identity/success?origin=home')
  })

  it('the SPEC failure opens the fail page without a toast; other refusals are toasted and stay', async () => {
    const { server, nav } = installTestPlatform()
    localStorage.setItem('token', 't')
    server.reply(fail(ERRORS.REAL_NAME_FAILED.code, { errorCode: 'REAL_NAME_FAILED', msg: 'x' }))
    const failed = await verifyByIdNumber({ name: '李伟', idNo: '110101198803151237' })
    expect(failed).toEqual({ ok: false, failed: true })
    expect(toastSpy).not.toHaveBeenCalled()
    await showOutcome(failed, 'bankCard', 'home')
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/users/identity/fail?origin=home&method=bankCard')

    server.reply(fail(ERRORS.REAL_NAME_TOO_MANY_ATTEMPTS.code, { errorCode: 'REAL_NAME_TOO_MANY_ATTEMPTS', msg: 'Too many failed real-name verifications today' }, 429))
    const stopped = await verifyByIdNumber({ name: '李伟', idNo: '110101198803151237' })
    expect(stopped).toEqual({ ok: false, failed: false })
    expect(toastSpy).toHaveBeenCalledWith(expect.objectContaining({ title: 'Too many failed real-name verifications today' }))
    nav.navigateTo.mockClear()
    await showOutcome(stopped, 'idNumber', 'home')
    expect(nav.navigateTo).not.toHaveBeenCalled()
  })
})
