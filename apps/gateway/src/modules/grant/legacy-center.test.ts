// The sample older user center's API (SPEC §7 "Old user center", §8 its answer shapes): a session
// opened with a one-time code of the portal, push binding, logout, and the ended session's 401.
import { ASSISTANT_AUTH_APP_ID, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, payloadOf } from '../../../test/helpers/calls'
import { SAMPLE_PROVIDER_API_PATH } from '../../config'
import { LEGACY_TOKEN_HEADER } from './legacy-center'
import { loadDevicePseudonyms } from '../../infra/crypto/device-pseudonym'
import { LEGACY_APP_ID } from './service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const api = async (method: 'GET' | 'POST', path: string, { token, body }: { token?: string; body?: object } = {}) => {
  const response = await t.app.inject({
    method,
    url: `${SAMPLE_PROVIDER_API_PATH}${path}`,
    headers: { ...(token ? { [LEGACY_TOKEN_HEADER]: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  })
  expect(response.statusCode).toBe(200)
  return response.json() as Record<string, unknown> & { resultData?: Record<string, unknown>; obj?: Record<string, unknown> }
}

describe('the sample older user center', () => {
  it('opens a session with a one-time code of the portal, binds the push id, and ends the session on logout', async () => {
    const user = await seedAccount(t)
    const grant = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID }, { token: user.accessToken }))
    expect(grant.legacyApiUrl).toBe(SAMPLE_PROVIDER_API_PATH)
    const login = await api('POST', '/doCiamLogin', { body: { code: grant.code } })
    expect(login).toMatchObject({ success: true, resultCode: '1', resultData: { userId: user.userId, token: expect.any(String) } })
    const token = String(login.resultData?.token)

    expect(await api('GET', '/push/updateBinding?pushId=device-1', { token })).toEqual({ resultCode: '1', obj: { pushId: 'device-1', bound: false } })
    expect(await api('POST', '/push/bindingUserByAjax', { token, body: { pushId: 'device-1' } })).toEqual({ success: true, resultData: { pushId: 'device-1', bound: true } })
    expect(await api('GET', '/push/updateBinding?pushId=device-1', { token })).toMatchObject({ obj: { bound: true } })

    expect(await api('POST', '/logout', { token })).toMatchObject({ success: true })
    expect(await api('GET', '/push/updateBinding?pushId=device-1', { token })).toMatchObject({ success: false, msg: '401' })
    expect(await api('POST', '/push/bindingUserByAjax', { token, body: { pushId: 'device-1' } })).toEqual({ success: false, errorCode: '401' })
    expect(await api('POST', '/logout', { token })).toMatchObject({ msg: '401' })
  })

  it('refuses a missing, used or unknown code, and a push binding without a push id', async () => {
    const user = await seedAccount(t)
    const { code } = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID }, { token: user.accessToken }))
    expect(await api('POST', '/doCiamLogin', { body: {} })).toMatchObject({ success: false, resultCode: '0' })
    const token = String((await api('POST', '/doCiamLogin', { body: { code } })).resultData?.token)
    expect(await api('POST', '/doCiamLogin', { body: { code } })).toMatchObject({ success: false, resultCode: '0' })
    expect(await api('POST', '/doCiamLogin', { body: { code: 'no-such-code-0000' } })).toMatchObject({ success: false })
    expect(await api('POST', '/push/bindingUserByAjax', { token, body: {} })).toMatchObject({ success: false, msg: 'pushId is required' })
  })

  it('is told a pseudonym of the device, never its id: stable for one device and one system, another for another system or device', async () => {
    const user = await seedAccount(t)
    const grant = (authAppId: string, deviceId: string) => callApi(t.app, calls.grantCode, { authAppId }, { token: user.accessToken, deviceId }).then((r) => payloadOf(r).deviceAlias as string)
    const device = 'device-pseudonym-test-01'
    const legacy = await grant(LEGACY_APP_ID, device)
    expect(legacy).toMatch(/^[\w-]{43}$/)
    expect(legacy).not.toContain(device)
    expect(await grant(LEGACY_APP_ID, device)).toBe(legacy)
    expect(await grant(ASSISTANT_AUTH_APP_ID, device)).not.toBe(legacy)
    expect(await grant(LEGACY_APP_ID, 'device-pseudonym-test-02')).not.toBe(legacy)
    // The older center keeps its push binding by the pseudonym, as it would any push id.
    const { code } = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID }, { token: user.accessToken, deviceId: device }))
    const token = String((await api('POST', '/doCiamLogin', { body: { code } })).resultData?.token)
    expect(await api('POST', '/push/bindingUserByAjax', { token, body: { pushId: legacy } })).toEqual({ success: true, resultData: { pushId: legacy, bound: true } })
    // Made with a key of ours under KEYS_DIR, which another gateway sharing the folder reads alike.
    expect(loadDevicePseudonyms(t.config.keysDir).of(LEGACY_APP_ID, device)).toBe(legacy)
  })
})
