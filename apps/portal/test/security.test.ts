import { ERRORS, PUBLIC_KEY_CACHE_S } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { remainingSeconds } from '../src/core/auth/countdown'
import { ownCodeKey, sendOwnCode } from '../src/core/auth/codes'
import { userStore } from '../src/core/auth/user-store'
import { savePhone, saveEmail, contactMode, resetPendingRemoval } from '../src/core/security/contacts'
import { deviceDetails, deviceName, orderSessions } from '../src/core/security/devices'
import { formIssues } from '../src/core/forms/messages'
import { newPasswordForm } from '../src/core/security/forms'
import {
  continueAfterIdentity,
  encodeNext,
  nextOrHub,
  orderedMethods,
  parseNext,
  privileged,
  proveIdentity,
  requireIdentity,
  windowOpen,
} from '../src/core/security/identity'
import { changePassword, ownCodeChannel } from '../src/core/security/password'
import {
  TicketExpired,
  accountLabel,
  liveTicket,
  recoveryStore,
  resetByContact,
  resetRecovery,
  verifyResetCode,
} from '../src/core/security/recovery'
import { request } from '../src/core/http/request'
import { wire } from '@ess/contract/wire'
import { fail, flush, installTestPlatform, ok } from './helpers'

let toastSpy: MockInstance<typeof Taro.showToast>
beforeEach(() => {
  toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
  resetRecovery()
  resetPendingRemoval()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const lastToast = () => (toastSpy.mock.calls.at(-1)?.[0] as { title?: string } | undefined)?.title
const bodyOf = (req: { body?: string }) => JSON.parse(req.body ?? '{}') as Record<string, unknown>

const METHODS = (privileged: { method: string; expiresIn: number } | null = null) =>
  ok({
    methods: [
      { method: 'password', target: null },
      { method: 'sms', target: '138****8000' },
      { method: 'email', target: 'l***@x.com' },
    ],
    privileged,
    hasPhone: true,
    hasEmail: true,
    hasPassword: true,
  })

const USER = {
  userId: '1',
  phone: '13900139000',
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

const identityRequired = () =>
  fail(ERRORS.IDENTITY_CHECK_REQUIRED.code, { errorCode: 'IDENTITY_CHECK_REQUIRED', errorMsg: '为了您的账号安全，请先验证身份' }, 403)

const key = ok({ publicKey: 'PEM', keyId: '1111111111111111', algorithm: 'RSA-OAEP-256', cacheSeconds: PUBLIC_KEY_CACHE_S })

describe('the next page of an identity check', () => {
  it('round-trips a route with its query, however many times the web encoded it on the way', () => {
    const raw = encodeNext('packages/safety/bindPhoneNum', { mode: 'change', empty: '' })
    expect(raw).toBe('packages/safety/bindPhoneNum?mode=change')
    expect(parseNext(raw)).toEqual({ route: 'packages/safety/bindPhoneNum', query: { mode: 'change' } })
    const twice = encodeURIComponent(encodeURIComponent(raw))
    expect(parseNext(twice)).toEqual({ route: 'packages/safety/bindPhoneNum', query: { mode: 'change' } })
  })

  it('refuses anything but a route of the app, and never the check pages themselves; falls back to account security', () => {
    expect(parseNext('https://evil.example/x')).toBeNull()
    expect(parseNext('packages/safety/authList')).toBeNull()
    expect(parseNext('packages/safety/authentication?method=sms')).toBeNull()
    expect(parseNext(undefined)).toBeNull()
    expect(nextOrHub('nope')).toEqual({ route: 'packages/users/account/index', query: {} })
  })

  it('lists the methods in the SPEC order and knows when the window is open long enough', () => {
    const list = orderedMethods([
      { method: 'bankCard', target: null },
      { method: 'password', target: null },
      { method: 'sms', target: '1' },
    ])
    expect(list.map((m) => m.method)).toEqual(['sms', 'password', 'bankCard'])
    expect(windowOpen(null)).toBe(false)
    expect(windowOpen({ privileged: { method: 'sms', expiresIn: 600 } })).toBe(true)
    expect(windowOpen({ privileged: { method: 'sms', expiresIn: 20 } })).toBe(false)
  })
})

describe('requireIdentity', () => {
  it('goes straight to the page while the privileged window is open', async () => {
    const { server, nav } = installTestPlatform()
    server.reply(METHODS({ method: 'sms', expiresIn: 540 }))
    await requireIdentity('packages/safety/bindPhoneNum', { mode: 'change' })
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/safety/bindPhoneNum?mode=change')
  })

  it('opens the method list with the next page otherwise', async () => {
    const { server, nav } = installTestPlatform()
    server.reply(METHODS(null))
    await requireIdentity('packages/safety/bindPhoneNum', { mode: 'change' })
    expect(nav.navigateTo).toHaveBeenCalledWith(`/packages/safety/authList?next=${encodeURIComponent('packages/safety/bindPhoneNum?mode=change')}`)
  })

  it('after a pass, the check pages make way for the next page (Back does not return to them)', async () => {
    const { server, nav } = installTestPlatform()
    server.reply(METHODS(null))
    nav.stackDepth.mockReturnValue(2)
    await requireIdentity('packages/safety/bindPhoneNum', { mode: 'change' })
    // The method's form replaced the list: one check page on top, replaced by the next page.
    nav.stackRoutes.mockReturnValue(['packages/users/account/index', 'packages/safety/changePhone', 'packages/safety/authentication'])
    await continueAfterIdentity({ route: 'packages/safety/bindPhoneNum', query: { mode: 'change' } })
    expect(nav.navigateBack).not.toHaveBeenCalled()
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/safety/bindPhoneNum?mode=change')
  })

  it('passes a method: the code of the own phone goes as the passCode query', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ method: 'sms', expiresIn: 600 }))
    await expect(proveIdentity({ method: 'sms', passCode: '123456' })).resolves.toEqual({ method: 'sms', expiresIn: 600 })
    expect(server.requests[0].method).toBe('GET')
    expect(server.requests[0].url).toContain('/app/user/api/validOldPhoneCheckPassCode?passCode=123456')
  })

  it('passes the password method with the password sealed', async () => {
    const { server, platform } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(key, ok({ method: 'password', expiresIn: 600 }))
    await proveIdentity({ method: 'password', password: 'abc12345' })
    expect(bodyOf(server.requests[1])).toEqual({ password: 'c2VhbGVk', keyId: '1111111111111111' })
  })
})

describe('IDENTITY_CHECK_REQUIRED mid-form', () => {
  it('is shown once, opens the check over the form, and the pass goes back to the form as it was left', async () => {
    const { server, nav } = installTestPlatform()
    nav.currentRoute.mockReturnValue('packages/safety/bindPhoneNum')
    nav.stackDepth.mockReturnValue(3)
    server.reply(identityRequired())
    await expect(privileged((options) => request(wire.changePhone, { region: 'CN', phone: '13900139000', code: '123456' }, options))).rejects.toMatchObject({
      errorCode: 'IDENTITY_CHECK_REQUIRED',
    })
    expect(toastSpy).toHaveBeenCalledTimes(1)
    expect(lastToast()).toBe('为了您的账号安全，请先验证身份')
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/safety/authList?next=packages%2Fsafety%2FbindPhoneNum')

    nav.stackRoutes.mockReturnValue(['packages/users/account/index', 'packages/safety/changePhone', 'packages/safety/bindPhoneNum', 'packages/safety/authentication'])
    await continueAfterIdentity({ route: 'packages/safety/bindPhoneNum', query: {} })
    expect(nav.navigateBack).toHaveBeenCalledWith(1)
    expect(nav.redirectTo).not.toHaveBeenCalled()
  })

  it('reaches the password change too (sealed call): the change rejects and the check opens', async () => {
    const { server, platform, nav } = installTestPlatform()
    nav.currentRoute.mockReturnValue('packages/safety/updatePasswd')
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(key, identityRequired())
    await expect(changePassword({ password: 'Abcd1234x', confirmPassword: 'Abcd1234x' })).rejects.toMatchObject({ errorCode: 'IDENTITY_CHECK_REQUIRED' })
    expect(bodyOf(server.requests[1])).toEqual({ passCodeChannel: 'sms', password: 'c2VhbGVk', confirmPassword: 'c2VhbGVk', keyId: '1111111111111111' })
    expect(toastSpy).toHaveBeenCalledTimes(1)
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/safety/authList?next=packages%2Fsafety%2FupdatePasswd')
  })

  it('outside the window the change carries the sealed current password and the code with its channel', async () => {
    const { server, platform } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockImplementation(async (_pem, text) => btoa(text))
    server.reply(key, ok({ sessionsEnded: 1 }))
    await changePassword({ password: 'Abcd1234x', confirmPassword: 'Abcd1234x', withCode: { oldPassword: 'old12345', passCode: '654321', channel: 'email' } })
    expect(bodyOf(server.requests[1])).toEqual({
      oldPassword: btoa('old12345'),
      passCode: '654321',
      passCodeChannel: 'email',
      password: btoa('Abcd1234x'),
      confirmPassword: btoa('Abcd1234x'),
      keyId: '1111111111111111',
    })
  })

  it('codes to the own phone or email start the countdown of that channel', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ sentTo: '138****8000', resendAfter: 60, expiresIn: 300 }))
    await sendOwnCode('sms', 'updatePassword')
    expect(bodyOf(server.requests[0])).toEqual({ scene: 'updatePassword' })
    expect(remainingSeconds(ownCodeKey('sms'))).toBeGreaterThan(55)
    expect(remainingSeconds(ownCodeKey('email'))).toBe(0)
    expect(ownCodeChannel({ phone: null, email: 'a@b.cn' })).toBe('email')
    expect(ownCodeChannel({ phone: null, email: null })).toBeNull()
  })
})

describe('phone and email', () => {
  it('binding and changing use their calls and replace the user in the store', async () => {
    const { server } = installTestPlatform()
    server.reply(ok(USER), ok({ ...USER, email: 'n@x.cn' }))
    await savePhone('change', { region: 'CN', phone: ' 13900139000 ', code: '123456' })
    expect(server.requests[0].url).toContain('/app/user/api/login/changePhone')
    expect(bodyOf(server.requests[0])).toEqual({ region: 'CN', phone: '13900139000', code: '123456' })
    expect(userStore.getState().user?.phone).toBe('13900139000')
    await saveEmail('bind', { email: 'n@x.cn', code: '123456' })
    expect(server.requests[1].url).toContain('/app/user/api/bindOrChangeEmail')
    expect(userStore.getState().user?.email).toBe('n@x.cn')
    expect(contactMode('change')).toBe('change')
    expect(contactMode('whatever')).toBe('bind')
  })

  it('a refusal (the phone is taken) is toasted in the language of the answer and rejects', async () => {
    const { server } = installTestPlatform()
    server.reply(fail(ERRORS.ALREADY_REGISTERED.code, { errorCode: 'ALREADY_REGISTERED', errorMsg: 'This phone or email is already registered' }, 409))
    await expect(savePhone('bind', { region: 'CN', phone: '13900139000', code: '123456' })).rejects.toMatchObject({ errorCode: 'ALREADY_REGISTERED' })
    expect(lastToast()).toBe('This phone or email is already registered')
  })
})

describe('recovery tickets', () => {
  it('keeps the reset ticket (not in the URL) until it expires', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ resetTicket: 'T'.repeat(32), expiresIn: 600, account: { phone: '139****9000', email: null, username: null } }))
    const now = 1_000_000
    await verifyResetCode({ channel: 'sms', region: 'CN', phone: '13900139000', code: '123456' }, now)
    expect(liveTicket(now + 599_000)?.resetTicket).toBe('T'.repeat(32))
    expect(liveTicket(now + 601_000)).toBeNull()
    expect(accountLabel({ phone: '139****9000', email: 'l***@x.com', username: null })).toBe('139****9000 · l***@x.com')
  })

  it('a ticket refused by the gateway (RESET_TICKET_INVALID) sends the user back to the start with the message', async () => {
    const { server, platform, nav } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(
      ok({ resetTicket: 'T'.repeat(32), expiresIn: 600, account: { phone: '139****9000', email: null, username: null } }),
      key,
      fail(ERRORS.RESET_TICKET_INVALID.code, { errorCode: 'RESET_TICKET_INVALID', errorMsg: '操作已超时或已完成，请重新验证' }),
    )
    await verifyResetCode({ channel: 'sms', region: 'CN', phone: '13900139000', code: '123456' })
    nav.stackRoutes.mockReturnValue(['packages/login/login-type/index', 'packages/safety/findPasswd', 'packages/safety/getPasswdByPhone', 'packages/safety/accountInfo4FindPwd', 'packages/safety/receptPasswd'])
    await expect(resetByContact({ password: 'Abcd1234x', confirmPassword: 'Abcd1234x' })).rejects.toMatchObject({ errorCode: 'RESET_TICKET_INVALID' })
    await flush()
    expect(toastSpy).toHaveBeenCalledTimes(1)
    expect(lastToast()).toBe('操作已超时或已完成，请重新验证')
    expect(recoveryStore.getState().ticket).toBeNull()
    expect(nav.navigateBack).toHaveBeenCalledWith(3)
  })

  it('without a live ticket the reset is not even sent: back to the start', async () => {
    const { server, nav } = installTestPlatform()
    await expect(resetByContact({ password: 'Abcd1234x', confirmPassword: 'Abcd1234x' })).rejects.toBeInstanceOf(TicketExpired)
    await flush()
    expect(server.requests).toHaveLength(0)
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/safety/findPasswd')
  })

  it('a successful reset forgets the ticket and goes to the login page after the toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const { server, platform, nav } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(ok({ resetTicket: 'T'.repeat(32), expiresIn: 600, account: { phone: null, email: 'l***@x.com', username: null } }), key, ok({ sessionsEnded: 2 }))
    await verifyResetCode({ channel: 'email', email: ' l@x.com ', code: '123456' })
    expect(bodyOf(server.requests[0])).toEqual({ channel: 'email', email: 'l@x.com', code: '123456' })
    await resetByContact({ password: 'Abcd1234x', confirmPassword: 'Abcd1234x' })
    expect(bodyOf(server.requests[2])).toEqual({ resetTicket: 'T'.repeat(32), password: 'c2VhbGVk', confirmPassword: 'c2VhbGVk', keyId: '1111111111111111' })
    expect(recoveryStore.getState().ticket).toBeNull()
    await vi.advanceTimersByTimeAsync(1300)
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/login/login-type/index')
  })

  it('a reset started from the login page ends back on it (the recovery steps closed)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const { server, platform, nav } = installTestPlatform()
    vi.spyOn(platform.crypto, 'encryptOaepSha256').mockResolvedValue('c2VhbGVk')
    server.reply(ok({ resetTicket: 'T'.repeat(32), expiresIn: 600, account: { phone: '139****9000', email: null, username: null } }), key, ok({ sessionsEnded: 0 }))
    await verifyResetCode({ channel: 'sms', region: 'CN', phone: '13900139000', code: '123456' })
    nav.stackRoutes.mockReturnValue(['packages/login/login-type/index', 'packages/safety/findPasswd', 'packages/safety/getPasswdByPhone', 'packages/safety/accountInfo4FindPwd', 'packages/safety/receptPasswd'])
    await resetByContact({ password: 'Abcd1234x', confirmPassword: 'Abcd1234x' })
    await vi.advanceTimersByTimeAsync(1300)
    expect(nav.navigateBack).toHaveBeenCalledWith(4)
    expect(nav.redirectTo).not.toHaveBeenCalled()
  })
})

describe('devices and forms', () => {
  const session = (over: Record<string, unknown>) =>
    ({
      sessionId: 's',
      current: false,
      client: 'h5',
      deviceType: 'mobile',
      deviceName: null,
      browser: 'Chrome 131',
      ip: '203.0.113.*',
      place: null,
      signedInAt: '2026-11-20T01:00:00.000Z',
      lastActiveAt: '2026-11-20T01:00:00.000Z',
      ...over,
    }) as Parameters<typeof orderSessions>[0][number]

  it('this device first, others by last activity', () => {
    const { current, others } = orderSessions([
      session({ sessionId: 'a', lastActiveAt: '2026-11-20T01:00:00.000Z' }),
      session({ sessionId: 'me', current: true }),
      session({ sessionId: 'b', lastActiveAt: '2026-11-22T01:00:00.000Z' }),
    ])
    expect(current?.sessionId).toBe('me')
    expect(others.map((o) => o.sessionId)).toEqual(['b', 'a'])
  })

  it('names and details of a device', () => {
    const kinds = { mobile: '手机', tablet: '平板', desktop: '电脑', miniProgram: '微信小程序', app: '客户端', unknown: '未知设备' }
    expect(deviceName(session({}), kinds)).toBe('手机')
    expect(deviceName(session({ deviceName: 'iPhone' }), kinds)).toBe('iPhone')
    // The parts of the detail line (DetailLine joins them with " · ", each kept whole), unknown ones left out.
    expect(deviceDetails(session({ place: '上海' }))).toEqual(['Chrome 131', '上海', '203.0.113.*'])
    expect(deviceDetails(session({ place: undefined }))).toEqual(['Chrome 131', '203.0.113.*'])
  })

  it('the new password pair must match; field issues of a refusal land on the form fields', () => {
    const r = newPasswordForm.safeParse({ password: 'Abcd1234x', confirmPassword: 'Abcd1234y' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'password.mismatch' })
    const error = { fields: [{ field: 'password', messageKey: 'password.format', message: 'x' }, { field: 'other', message: 'y' }] }
    expect(formIssues(error, ['password', 'confirmPassword'])).toEqual([['password', 'password.format']])
    expect(formIssues(new Error('x'), ['password'])).toEqual([])
  })
})
