import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../test/helpers/calls'
import { MINUTE, testClock } from '../../test/helpers/clock'
import { testKv } from '../../test/helpers/stores'

describe('per-client limit on the unauthenticated calls (PUBLIC_CALLS_PER_CLIENT_PER_MINUTE)', () => {
  // Two gateways on one KV (and one database): a client's calls count on both.
  const clock = testClock(new Date('2026-11-25T08:00:00.000Z'))
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    const kv = await testKv()
    first = await buildTestApp({ kv, now: clock.now, env: { PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '5' } })
    second = await buildTestApp({ kv, database: first.database, now: clock.now, env: { PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '5' } })
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
  })

  it('answers 429 in the envelope with Retry-After once a client has made its calls of the minute, on every gateway', async () => {
    clock.set(new Date('2026-11-25T08:00:10.000Z'))
    for (let i = 0; i < 3; i++) payloadOf(await callApi(first.app, calls.dictList, { type: 'phoneRegion' }))
    for (let i = 0; i < 2; i++) payloadOf(await callApi(second.app, calls.getAppAgreements, { type: '1' }))

    const refused = await callApi(first.app, calls.dictList, { type: 'phoneRegion' }, { locale: 'en-US' })
    expectRefusal(refused, 'TOO_MANY_REQUESTS', 429)
    expect(refused.headers['retry-after']).toBe('50')
    expect(refused.json().msg).toMatch(/[A-Za-z]/)
    expectRefusal(await callApi(second.app, calls.cmsPage, { pageCode: 'homepage' }), 'TOO_MANY_REQUESTS', 429)

    // Health probes and signed-in calls are not counted here (sessions have their own limits).
    expect((await first.app.inject({ url: '/app/health' })).statusCode).toBe(200)
    const { accessToken } = await seedAccount(first)
    payloadOf(await callApi(second.app, calls.getUserInfo, undefined, { token: accessToken }))

    // Another address has its own count.
    const other = await first.app.inject({ url: '/app/user/api/dict/list?type=phoneRegion', remoteAddress: '10.0.0.9' })
    expect(other.statusCode).not.toBe(429)

    // The next minute starts afresh.
    clock.advance(MINUTE)
    payloadOf(await callApi(first.app, calls.dictList, { type: 'phoneRegion' }))
  })
})
