import { ERRORS, wire } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { onSessionChange } from '../src/core/auth/session'
import { userStore } from '../src/core/auth/user-store'
import { cancelAccount, loadCancellationInfo } from '../src/core/security/cancellation'
import { clientStorage } from '../src/core/storage'
import { fail, installTestPlatform, ok } from './helpers'

let toastSpy: MockInstance<typeof Taro.showToast>
beforeEach(() => {
  toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => vi.restoreAllMocks())

const lastToast = () => (toastSpy.mock.calls.at(-1)?.[0] as { title?: string } | undefined)?.title

/** A signed-in device that has cached what an account leaves behind. */
function signedInDevice() {
  const env = installTestPlatform()
  clientStorage.set('token', 'access')
  clientStorage.set('refreshToken', 'refresh')
  clientStorage.set('publicKey', { publicKey: 'PEM', keyId: '1111111111111111', cachedAt: Date.now() })
  clientStorage.set('openIds', { prod: 'o-abc' })
  clientStorage.set('grayScheme', 'b')
  clientStorage.set('autoJumpAt', Date.now())
  clientStorage.set('locale', 'en-US')
  clientStorage.set('deviceId', 'V1StGXR8_Z5jdHi6B-myT')
  userStore.setState({ user: { userId: 'u1' } as never })
  return env
}

describe('account cancellation (core)', () => {
  it('loads the checklist', async () => {
    const { server } = installTestPlatform()
    clientStorage.set('token', 'access')
    server.reply(ok({ losses: ['profile'], phone: '139****9000', email: null, username: null, realNameLinked: false, agreements: [], hotline: '400-820-6688', privileged: null }))
    expect(await loadCancellationInfo()).toMatchObject({ hotline: '400-820-6688' })
    expect(server.requests[0].url).toContain(wire.cancellationInfo.path)
  })

  it('on success forgets the account (tokens and its stored values, not the device id, language or consent), goes home as a visitor, toasts', async () => {
    const { server, nav } = signedInDevice()
    const events: string[] = []
    onSessionChange((event) => events.push(event))
    server.reply(ok({ cancelledAt: '2026-11-25T06:00:00.000Z' }))

    expect(await cancelAccount(['3'])).toBe(true)
    expect(JSON.parse(server.requests[0].body ?? '{}')).toEqual({ agreementIds: ['3'] })
    for (const name of ['token', 'refreshToken', 'publicKey', 'openIds', 'grayScheme', 'autoJumpAt'] as const) expect(clientStorage.get(name), name).toBeNull()
    expect(clientStorage.get('locale')).toBe('en-US')
    expect(clientStorage.get('userAgreedPrivacy')).toBe('1')
    expect(clientStorage.get('deviceId')).toBe('V1StGXR8_Z5jdHi6B-myT')
    expect(userStore.getState().user).toBeNull()
    expect(events).toEqual(['logout'])
    expect(nav.reLaunch).toHaveBeenCalledWith('/pages/home/index')
    expect(lastToast()).toBe('账号已注销')
  })

  it('a refusal keeps everything (toasted by the request client); outside the window the identity check opens', async () => {
    const { server, nav } = signedInDevice()
    server.reply(fail(ERRORS.AGREEMENT_OUTDATED.code, { errorCode: 'AGREEMENT_OUTDATED', errorMsg: 'The agreements have changed' }, 409))
    expect(await cancelAccount(['1'])).toBe(false)
    expect(clientStorage.get('token')).toBe('access')
    expect(lastToast()).toBe('The agreements have changed')

    nav.currentRoute.mockReturnValue('packages/safety/confirmCancel')
    server.reply(fail(ERRORS.IDENTITY_CHECK_REQUIRED.code, { errorCode: 'IDENTITY_CHECK_REQUIRED', errorMsg: 'verify first' }, 403))
    expect(await cancelAccount(['3'])).toBe(false)
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/safety/authList?next=packages%2Fsafety%2FconfirmCancel')
    expect(clientStorage.get('token')).toBe('access')
  })
})
