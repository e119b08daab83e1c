import { ERRORS } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getToken } from '../src/core/session'
import { forgetOAuthReturn, loginWithTicket, readOAuthReturn, startProviderLogin, unbindProvider } from '../src/core/third-party'
import { fail, installTestPlatform, ok } from './helpers'

beforeEach(() => {
  vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => {
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

const bodyOf = (req: { body?: string }) => JSON.parse(req.body ?? '{}') as Record<string, unknown>
const LOGIN = { userId: 'u1', accessToken: 'a'.repeat(43), refreshToken: 'r'.repeat(43), expiresIn: 7200, refreshExpiresIn: 2592000 }

describe('back from a provider', () => {
  it('reads the ticket with its provider, and an error code in the user’s language (unknown codes as a failure)', () => {
    expect(readOAuthReturn({ oauthTicket: 'T'.repeat(43), oauthProvider: 'qq' }, 'zh-CN')).toEqual({ kind: 'ticket', ticket: 'T'.repeat(43), provider: 'qq' })
    expect(readOAuthReturn({ oauthError: 'OAUTH_CANCELLED', oauthProvider: 'wechat' }, 'en-US')).toEqual({
      kind: 'error',
      message: ERRORS.OAUTH_CANCELLED.message['en-US'],
      provider: 'wechat',
    })
    expect(readOAuthReturn({ oauthError: '<script>', oauthProvider: 'github' }, 'zh-CN')).toEqual({ kind: 'error', message: ERRORS.OAUTH_FAILED.message['zh-CN'], provider: null })
    // A ticket without a provider we know is not a return.
    expect(readOAuthReturn({ oauthTicket: 'x', oauthProvider: 'github' }, 'zh-CN')).toBeNull()
    expect(readOAuthReturn({ type: 'code' }, 'zh-CN')).toBeNull()
  })

  it('takes the ticket out of the address and keeps the rest', () => {
    window.history.replaceState(null, '', '/index.html#/packages/login/login-type/index?type=code&oauthTicket=abc&oauthProvider=qq')
    forgetOAuthReturn()
    expect(window.location.pathname + window.location.hash).toBe('/index.html#/packages/login/login-type/index?type=code')
    window.history.replaceState(null, '', '/#/packages/safety/thirdParty?oauthError=OAUTH_FAILED&oauthProvider=qq')
    forgetOAuthReturn()
    expect(window.location.hash).toBe('#/packages/safety/thirdParty')
  })
})

describe('the calls', () => {
  it('starts a sign-in with this page as the return address and leaves for the provider', async () => {
    const leaveTo = vi.fn(() => true)
    const { platform, server } = installTestPlatform()
    platform.system.leaveTo = leaveTo
    server.reply(ok({ authorizeUrl: 'https://graph.qq.com/oauth2.0/authorize?state=s', expiresIn: 600 }))
    await startProviderLogin('qq')
    expect(server.requests[0].url).toContain('/app/user/api/login/thirdPartyAuthorize')
    expect(bodyOf(server.requests[0])).toEqual({ provider: 'qq', returnUrl: `${window.location.origin}/` })
    expect(leaveTo).toHaveBeenCalledWith('https://graph.qq.com/oauth2.0/authorize?state=s')
  })

  it('a bound account is signed in; an unbound one answers what to bind and stores no login', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ status: 'bindRequired', bindLoginToken: 'b'.repeat(43), expiresIn: 600, account: { provider: 'wechat', nickname: '李*', externalId: 'e1' } }))
    const pending = await loginWithTicket('t'.repeat(43))
    expect(pending).toMatchObject({ status: 'bindRequired', account: { nickname: '李*' } })
    expect(getToken()).toBeFalsy()

    server.reply(ok({ status: 'signedIn', login: LOGIN }), ok({ userId: 'u1' }), ok({ userId: 'u1' }))
    await loginWithTicket('t'.repeat(43))
    expect(getToken()).toBe(LOGIN.accessToken)
  })

  it('an unbind refused for want of the identity check opens the check and rejects', async () => {
    const { server, nav } = installTestPlatform()
    localStorage.setItem('token', 'a'.repeat(43))
    nav.currentRoute.mockReturnValue('packages/safety/thirdParty')
    server.reply(fail(ERRORS.IDENTITY_CHECK_REQUIRED.code, { errorCode: 'IDENTITY_CHECK_REQUIRED', msg: '请先验证身份' }, 403))
    await expect(unbindProvider('qq')).rejects.toMatchObject({ errorCode: 'IDENTITY_CHECK_REQUIRED' })
    expect(bodyOf(server.requests[0])).toEqual({ provider: 'qq' })
    await vi.waitFor(() => expect(nav.navigateTo).toHaveBeenCalled())
    expect(String(nav.navigateTo.mock.calls[0][0])).toContain('packages/safety/authList')
  })
})
