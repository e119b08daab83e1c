import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../test/helpers/calls'

describe('overload (@fastify/under-pressure)', () => {
  let t: TestApp
  beforeAll(async () => {
    // under-pressure samples the process once a second on a timer: the test moves that clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // 1 MiB: any Node process holds more, so the first sample finds the gateway "overloaded".
    t = await buildTestApp({ env: { OVERLOAD_RSS_MB: '1' } })
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t?.close()
  })

  it('answers 503 SERVICE_UNAVAILABLE in the envelope with Retry-After, in the caller’s language, never a hang', async () => {
    payloadOf(await callApi(t.app, calls.dictList, { type: 'phoneRegion' }))
    vi.advanceTimersByTime(1000)
    const refused = await callApi(t.app, calls.dictList, { type: 'phoneRegion' }, { locale: 'en-US' })
    expectRefusal(refused, 'SERVICE_UNAVAILABLE', 503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json().msg).toMatch(/^[\x20-\x7e]+$/)
    expect(refused.json().traceId).toBe(refused.headers['x-trace-id'])
    expect((await t.app.inject({ url: '/app/health' })).statusCode).toBe(503)
  })
})
