import { beforeEach, describe, expect, it } from 'vitest'
import { LegacyError, legacyAfterLogin, legacyCall, legacyLogout, resetLegacyState } from '../src/core/legacy'
import { logout } from '../src/core/auth/session'
import { clientStorage } from '../src/core/storage'
import { installTestPlatform, ok } from './helpers'

/** The older user center answers plain JSON, in its own shapes (SPEC §8). */
const old = (data: Record<string, unknown>) => ({ status: 200, data })
const GRANT = ok({ code: 'grant-code-1', expiresIn: 120, legacyLoginUrl: '/sample-provider/loginByCodeAndRedirect', redirect: null, legacyApiUrl: '/sample-provider/api', deviceAlias: 'alias-of-this-device-for-ouc' })
const SIGNED_IN = (token: string) => old({ success: true, resultCode: '1', resultData: { token } })

beforeEach(() => resetLegacyState())

function signedIn() {
  const installed = installTestPlatform()
  localStorage.setItem('token', 'at-1')
  return installed
}

describe('the older user center client (SPEC §7, §8)', () => {
  it('after a login: opens the old session with a one-time code, then binds this device for push', async () => {
    const { server } = signedIn()
    server.reply(GRANT, SIGNED_IN('ouc-1'), old({ resultCode: '1', obj: { bound: false } }), old({ success: true, resultData: { bound: true } }))
    await legacyAfterLogin()
    const [grant, login, binding, bind] = server.requests
    expect(new URL(grant.url, 'http://x').searchParams.get('authAppId')).toBe('ouc')
    expect(login).toMatchObject({ method: 'POST', url: '/sample-provider/api/doCiamLogin', body: '{"code":"grant-code-1"}' })
    expect(binding).toMatchObject({ method: 'GET', headers: expect.objectContaining({ 'ouc-token': 'ouc-1' }) })
    // The push id is the gateway's pseudonym of this device for the older center, never the device id.
    expect(binding.url).toBe('/sample-provider/api/push/updateBinding?pushId=alias-of-this-device-for-ouc')
    expect(bind).toMatchObject({ method: 'POST', url: '/sample-provider/api/push/bindingUserByAjax', headers: expect.objectContaining({ 'ouc-token': 'ouc-1' }) })
    expect(JSON.parse(bind.body ?? '')).toEqual({ pushId: 'alias-of-this-device-for-ouc' })
    expect(server.requests.some((r) => `${r.url}${r.body ?? ''}`.includes(localStorage.getItem('uuid')!))).toBe(false)
    expect(clientStorage.get('oucToken')).toBe('ouc-1')
  })

  it('an ended old session (401 in msg or errorCode) is cleared, opened again and the call retried; the data is resultData or obj', async () => {
    const { server } = signedIn()
    clientStorage.set('oucToken', 'ouc-stale')
    server.reply(old({ success: false, msg: '401' }), GRANT, SIGNED_IN('ouc-2'), old({ errorCode: '401' }), GRANT, SIGNED_IN('ouc-3'), old({ resultCode: '1', obj: { bound: true } }))
    // The first sign-in learns where the API is: here it is known from an earlier grant.
    window.sessionStorage.setItem('ouc-api-url', '/sample-provider/api')
    expect(await legacyCall('GET', '/push/updateBinding?pushId=p')).toEqual({ bound: true })
    expect(server.requests.map((r) => r.headers['ouc-token'] ?? '-')).toEqual(['ouc-stale', '-', '-', 'ouc-2', '-', '-', 'ouc-3'])
    expect(clientStorage.get('oucToken')).toBe('ouc-3')
  })

  it('gives up after two retries, and rejects a refusal with its message', async () => {
    const { server } = signedIn()
    window.sessionStorage.setItem('ouc-api-url', '/sample-provider/api')
    clientStorage.set('oucToken', 'ouc-a')
    const ended = old({ success: false, msg: '401' })
    server.reply(ended, GRANT, SIGNED_IN('ouc-b'), ended, GRANT, SIGNED_IN('ouc-c'), ended)
    await expect(legacyCall('POST', '/push/bindingUserByAjax', { pushId: 'p' })).rejects.toBeInstanceOf(LegacyError)
    expect(server.requests).toHaveLength(7)
    expect(clientStorage.get('oucToken')).toBeNull()

    clientStorage.set('oucToken', 'ouc-d')
    server.reply(old({ success: false, resultCode: '0', msg: 'pushId is required' }))
    await expect(legacyCall('POST', '/push/bindingUserByAjax', {})).rejects.toThrow('pushId is required')
  })

  it('ends the old session on logout, and asks nothing when there is none', async () => {
    const { server } = signedIn()
    window.sessionStorage.setItem('ouc-api-url', '/sample-provider/api')
    await legacyLogout()
    expect(server.requests).toHaveLength(0)
    clientStorage.set('oucToken', 'ouc-e')
    server.reply(old({ success: true, resultCode: '1' }), ok(null))
    await logout()
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/sample-provider/api/logout', headers: expect.objectContaining({ 'ouc-token': 'ouc-e' }) })
    expect(new URL(server.requests[1].url, 'http://x').pathname).toBe('/app/user/api/logout')
    expect(clientStorage.get('oucToken')).toBeNull()
  })
})
