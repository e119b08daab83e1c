import { ERRORS } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { quickLoginFromJump } from '../src/core/auth/quick-login'
import { clientStorage } from '../src/core/storage'
import { fail, installTestPlatform, ok } from './helpers'

let toastSpy: MockInstance<typeof Taro.showToast>
beforeEach(() => {
  toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => vi.restoreAllMocks())

const STATE = { userId: '7', accessToken: 'at-q', refreshToken: '', expiresIn: 7200, refreshExpiresIn: 0 }
const USER = { userId: '7', phone: '13800138000', phoneRegion: 'CN', email: null, username: null, photo: null, gender: 'U', birthdate: null, certificationStatus: 0, isExpired: false, certification: null, hasPassword: false } as const
const JUMP = { action: 'quickLogin', source: 'hm', token: 'handback-token-0123456789' }

describe('quick login (SPEC §4, mini-program)', () => {
  it('logs in with the token through ssoLogin (query), keeps no refresh token, toasts success', async () => {
    const { server, platform } = installTestPlatform()
    platform.kind = 'weapp'
    server.reply(ok(STATE), ok(USER))
    expect(await quickLoginFromJump(JUMP)).toBe(true)
    const req = server.requests[0]
    expect(req.method).toBe('POST')
    const url = new URL(req.url, 'http://x')
    expect(url.pathname).toBe('/app/sso/ssoLogin')
    expect(url.searchParams.get('token')).toBe('handback-token-0123456789')
    expect(url.searchParams.get('source')).toBe('mini')
    expect(Number(url.searchParams.get('timestamp'))).toBeGreaterThan(0)
    expect(req.body).toBe('{}')
    expect(clientStorage.get('token')).toBe('at-q')
    expect(clientStorage.get('refreshToken')).toBeNull()
    expect(toastSpy).toHaveBeenLastCalledWith(expect.objectContaining({ title: '快捷登录成功' }))
  })

  it('one at a time; a failure toasts the failure', async () => {
    const { server, platform } = installTestPlatform()
    platform.kind = 'weapp'
    server.reply(fail(ERRORS.QUICK_LOGIN_FAILED.code, { errorCode: 'QUICK_LOGIN_FAILED' }, 401))
    const a = quickLoginFromJump(JUMP)
    expect(quickLoginFromJump(JUMP)).toBe(a)
    expect(await a).toBe(false)
    expect(server.requests).toHaveLength(1)
    expect(toastSpy).toHaveBeenLastCalledWith(expect.objectContaining({ title: '快捷登录失败，请使用账号登录' }))
  })

  it('does nothing on the web, for another source, or without a token', async () => {
    const { server, platform } = installTestPlatform()
    expect(await quickLoginFromJump(JUMP)).toBe(false)
    platform.kind = 'weapp'
    expect(await quickLoginFromJump({ ...JUMP, source: 'xx' })).toBe(false)
    expect(await quickLoginFromJump({ action: 'quickLogin', source: 'hm' })).toBe(false)
    expect(server.requests).toHaveLength(0)
  })
})
