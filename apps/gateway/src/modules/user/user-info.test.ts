import { callUrl, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { seedAccount } from '../../../test/helpers/accounts'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { injectSigned, signed } from '../../../test/helpers/signed'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('getUserInfo, one of the hottest calls', () => {
  it('answers uncompressed whatever the caller accepts, with the security headers and the trace id', async () => {
    const { accessToken } = await seedAccount(t)
    const request = signed({ path: callUrl(calls.getUserInfo), token: accessToken })
    const response = await t.app.inject({ ...request, headers: { ...request.headers, 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers.vary).toBeUndefined()
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    // Personal data: kept by no cache.
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/)
    expect(payloadOf(response)).toMatchObject({ certificationStatus: 0, hasPassword: expect.any(Boolean) })
  })

  it('is refused without a live session, or with a reused nonce', async () => {
    expectRefusal(await callApi(t.app, calls.getUserInfo), 'SESSION_INVALID', 401)
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: 'not-a-token' }), 'SESSION_INVALID', 401)
    const { accessToken } = await seedAccount(t)
    const once = { path: callUrl(calls.getUserInfo), token: accessToken, nonce: `nonce-user-info-${Date.now()}` }
    expect((await injectSigned(t.app, once)).statusCode).toBe(200)
    expectRefusal(await injectSigned(t.app, once), 'NONCE_REUSED')
  })

  it('sees at once, on a second gateway sharing the stores, an edit and a sign-out made on the first', async () => {
    // The user info is checked against the stamp the access check read for the same request.
    const second = await buildTestApp({ database: t.database, kv: t.kv, env: { DATA_DIR: t.config.dataDir } })
    try {
      const { accessToken } = await seedAccount(t)
      const token = { token: accessToken }
      expect(payloadOf(await callApi(second.app, calls.getUserInfo, undefined, token)).username).toBeNull()
      payloadOf(await callApi(t.app, calls.editUserPersonalInfo, { username: 'stamp_once_reader' }, token))
      expect(payloadOf(await callApi(second.app, calls.getUserInfo, undefined, token)).username).toBe('stamp_once_reader')
      expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, token)).username).toBe('stamp_once_reader')
      payloadOf(await callApi(t.app, calls.logout, undefined, token))
      expectRefusal(await callApi(second.app, calls.getUserInfo, undefined, token), 'SESSION_ENDED', 401)
    } finally {
      await second.app.close()
    }
  })
})
