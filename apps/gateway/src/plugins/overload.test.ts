import v8 from 'node:v8'
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

/**
 * A process whose heap limit were 8 MiB: 90% of it is less than any gateway's heap in use (tens of
 * MiB; a test worker on PostgreSQL held less than 58 MiB, so a 64 MiB limit was not enough).
 */
const FAKE_HEAP_LIMIT = 8 * 1024 * 1024

/** A gateway built while V8 says its heap limit is FAKE_HEAP_LIMIT (the overload check reads it once, at start). */
async function appUnderFakeHeapLimit(env: Record<string, string>): Promise<TestApp> {
  const real = v8.getHeapStatistics()
  const spy = vi.spyOn(v8, 'getHeapStatistics').mockReturnValue({ ...real, heap_size_limit: FAKE_HEAP_LIMIT })
  try {
    return await buildTestApp({ env })
  } finally {
    spy.mockRestore()
  }
}

/** under-pressure runs on this gateway, takes a sample, and a call is still answered. */
async function expectAnsweringAfterASample(app: TestApp) {
  try {
    expect(app.app.hasDecorator('memoryUsage')).toBe(true)
    vi.advanceTimersByTime(2000)
    payloadOf(await callApi(app.app, calls.dictList, { type: 'phoneRegion' }))
  } finally {
    await app.close()
  }
}

describe('overload by the heap (OVERLOAD_HEAP_PERCENT of the V8 heap limit)', () => {
  let t: TestApp
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    t = await appUnderFakeHeapLimit({ OVERLOAD_HEAP_PERCENT: '90' })
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t?.close()
  })

  it('refuses new requests with 503 in the envelope before the process runs out of memory', async () => {
    expect(process.memoryUsage().heapUsed).toBeGreaterThan(0.9 * FAKE_HEAP_LIMIT)
    payloadOf(await callApi(t.app, calls.dictList, { type: 'phoneRegion' }))
    vi.advanceTimersByTime(1000)
    const refused = await callApi(t.app, calls.dictList, { type: 'phoneRegion' }, { locale: 'en-US' })
    expectRefusal(refused, 'SERVICE_UNAVAILABLE', 503)
    expect(refused.headers['retry-after']).toBe('5')
  })

  it('is off at 0, while under-pressure still watches the resident memory', async () => {
    // The same 8 MiB limit, but the heap not checked: under-pressure runs (for a resident-memory
    // bound no process reaches) and lets calls through. (Not the event loop: its histogram gets no
    // sample under fake timers, which under-pressure reads as an infinite delay.)
    await expectAnsweringAfterASample(await appUnderFakeHeapLimit({ OVERLOAD_HEAP_PERCENT: '0', OVERLOAD_RSS_MB: '1000000' }))
  })

  it('leaves a process alone under 90% of its real limit (the default)', async () => {
    await expectAnsweringAfterASample(await buildTestApp({ env: { OVERLOAD_HEAP_PERCENT: '90' } }))
  })
})
