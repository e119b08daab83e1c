import { ERRORS } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loginByWechatPhone } from '../src/core/auth/login'
import { clientStorage, getOpenId } from '../src/core/storage'
import { ensureOpenId, openIdEnvironment } from '../src/core/wechat'
import { fail, installTestPlatform, ok } from './helpers'

beforeEach(() => {
  vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => vi.restoreAllMocks())

/** The mini-program: wx.login answers these codes in turn. */
function miniProgram(codes: Array<string | null>, consent = true) {
  const installed = installTestPlatform({}, { consent })
  installed.platform.kind = 'weapp'
  const wechatLoginCode = vi.fn(async () => codes.shift() ?? null)
  installed.platform.system = { ...installed.platform.system, wechatLoginCode }
  return { ...installed, wechatLoginCode }
}

const STATE = { userId: '9', accessToken: 'at-wx', refreshToken: 'rt-wx', expiresIn: 7200, refreshExpiresIn: 2592000, created: true }
const USER = { userId: '9', phone: '13800138000', phoneRegion: 'CN', email: null, username: null, photo: null, gender: 'U', birthdate: null, certificationStatus: 0, isExpired: false, certification: null, hasPassword: false } as const

describe('the open id of the mini-program (SPEC §3)', () => {
  it('is fetched once with a wx.login code and cached for this environment', async () => {
    const { server, wechatLoginCode } = miniProgram(['login-code-0123456789'])
    server.reply(ok({ openId: 'o-abc' }))
    expect(await ensureOpenId()).toBe('o-abc')
    const url = new URL(server.requests[0].url, 'http://x')
    expect(url.pathname).toBe('/app/user/api/wechat/getOpenId')
    expect(url.searchParams.get('code')).toBe('login-code-0123456789')
    expect(getOpenId(openIdEnvironment())).toBe('o-abc')
    expect(await ensureOpenId()).toBe('o-abc')
    expect(server.requests).toHaveLength(1)
    expect(wechatLoginCode).toHaveBeenCalledTimes(1)
  })

  it('is not asked for before the privacy consent, on the web, or when wx.login fails; a refusal is quiet', async () => {
    const before = miniProgram(['code-never-used-000'], false)
    expect(await ensureOpenId()).toBeNull()
    expect(before.wechatLoginCode).not.toHaveBeenCalled()

    const web = installTestPlatform()
    expect(await ensureOpenId()).toBeNull()
    expect(web.server.requests).toHaveLength(0)

    const failing = miniProgram([null])
    expect(await ensureOpenId()).toBeNull()
    expect(failing.server.requests).toHaveLength(0)

    const refused = miniProgram(['login-code-0123456789'])
    refused.server.reply(fail(ERRORS.WECHAT_CODE_INVALID.code, { errorCode: 'WECHAT_CODE_INVALID' }))
    expect(await ensureOpenId()).toBeNull()
    expect(Taro.showToast).not.toHaveBeenCalled()
  })
})

describe('WeChat phone-number quick sign-in', () => {
  it('sends the phone code, a fresh login code and the agreements, and completes the login', async () => {
    const { server } = miniProgram(['login-code-for-binding'])
    server.reply(ok(STATE), ok(USER))
    await loginByWechatPhone({ phoneCode: 'phone-code-0123456789', agreementIds: ['1', '2'] })
    const req = server.requests[0]
    expect(new URL(req.url, 'http://x').pathname).toBe('/app/user/api/login/weChatMiniQuickLogin')
    expect(JSON.parse(req.body ?? '{}')).toEqual({ phoneCode: 'phone-code-0123456789', loginCode: 'login-code-for-binding', agreementIds: ['1', '2'] })
    expect(clientStorage.get('token')).toBe('at-wx')
    expect(clientStorage.get('refreshToken')).toBe('rt-wx')
  })

  it('rejects with the refusal, toasted in the user language, and stores no token', async () => {
    const { server } = miniProgram([null])
    server.reply(fail(ERRORS.WECHAT_CODE_INVALID.code, { errorCode: 'WECHAT_CODE_INVALID', msg: ERRORS.WECHAT_CODE_INVALID.message['zh-CN'] }))
    await expect(loginByWechatPhone({ phoneCode: 'phone-code-0123456789', agreementIds: [] })).rejects.toMatchObject({ errorCode: 'WECHAT_CODE_INVALID' })
    expect(JSON.parse(server.requests[0].body ?? '{}')).toEqual({ phoneCode: 'phone-code-0123456789', agreementIds: [] })
    expect(clientStorage.get('token')).toBeNull()
    expect(Taro.showToast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '微信授权已失效，请重试' }))
  })
})
