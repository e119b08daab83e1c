import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, SECOND, testClock } from '../../../test/helpers/clock'
import { LEGACY_APP_ID, loadAppSecret, loadLegacySecret } from '../grant/service'
import { HANDBACK_PATH } from './routes'
import { HEALTH_MINI_APP_ID } from './service'

const clock = testClock()
let t: TestApp
let userId: string
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  userId = (await seedAccount(t)).userId
})
afterAll(() => t.close())

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const hm = () => basic(HEALTH_MINI_APP_ID, loadAppSecret(t.config.keysDir, 'health-mini.secret'))
const handback = (body: object, authorization = hm()) =>
  t.app.inject({ method: 'POST', url: HANDBACK_PATH, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
const sso = (token: string, timestamp = clock.now().getTime(), locale = 'en-US') =>
  callApi(t.app, calls.ssoLogin, { token, source: 'mini', timestamp } as never, { locale })

describe('quick login (SPEC §4): hand-back token → ssoLogin', () => {
  it('logs the user in once, without a refresh token', async () => {
    const { token } = payloadOf(await handback({ userId }))
    const state = payloadOf(await sso(token))
    expect(state).toMatchObject({ userId, refreshToken: '', refreshExpiresIn: 0 })
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken })).userId).toBe(userId)
    const again = expectRefusal(await sso(token), 'QUICK_LOGIN_FAILED', 401)
    expect(again.msg).toBe('Quick login failed; please log in with your account')
  })

  it('refuses an expired token, a stale timestamp and a wrong source', async () => {
    const { token } = payloadOf(await handback({ userId }))
    expectRefusal(await sso(token, clock.now().getTime() - 6 * MINUTE), 'QUICK_LOGIN_FAILED', 401)
    expectRefusal(await callApi(t.app, calls.ssoLogin, { token, source: 'h5', timestamp: clock.now().getTime() } as never), 'VALIDATION_FAILED', 400)
    clock.advance(121 * SECOND)
    expectRefusal(await sso(token), 'QUICK_LOGIN_FAILED', 401)
  })

  it('hands back only to the health mini-program with its credentials, for a known user', async () => {
    expectRefusal(await handback({ userId }, basic(HEALTH_MINI_APP_ID, 'wrong')), 'APP_CREDENTIALS_INVALID', 401)
    expectRefusal(await handback({ userId }, basic(LEGACY_APP_ID, loadLegacySecret(t.config.keysDir))), 'FORBIDDEN', 403)
    expectRefusal(await handback({ userId: '00000000-0000-4000-8000-000000000000' }), 'QUICK_LOGIN_FAILED', 401)
    expect((await handback({ userId: 'not-a-uuid' })).statusCode).toBe(400)
  })
})
