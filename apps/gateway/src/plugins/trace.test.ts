import { Writable } from 'node:stream'
import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers/app'
import { callApi } from '../../test/helpers/calls'
import { signed } from '../../test/helpers/signed'
import { newTraceId } from './trace'

/** Every log line the app writes, parsed. */
const lines: Array<Record<string, unknown>> = []
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})

describe('one trace id per request: the x-trace-id header, the body and the log lines', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream })
  })
  afterAll(() => t.close())

  const logged = (id: string) => lines.filter((line) => line.traceId === id)

  it.each([
    ['a refusal of the app (no session)', () => callApi(t.app, calls.getUserInfo)],
    ['a route that does not exist', () => t.app.inject({ url: '/app/nope' })],
    ['a malformed URL (a framework error before routing)', () => t.app.inject({ url: '/app/%E0%A4%A' })],
    ['bad JSON', () => t.app.inject({ method: 'POST', url: '/app/user/api/login/loginByAccount', headers: { 'content-type': 'application/json' }, payload: '{bad' })],
    ['a wrong content type', () => t.app.inject({ method: 'POST', url: '/app/user/api/login/loginByAccount', headers: { 'content-type': 'text/xml' }, payload: '<a/>' })],
  ])('%s', async (_name, send) => {
    const response = await send()
    const header = response.headers['x-trace-id'] as string
    expect(header).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(response.json().traceId).toBe(header)
    expect(logged(header).length).toBeGreaterThan(0)
  })

  it("keeps the caller's well-formed _tid, and replaces a malformed one in all three places", async () => {
    const request = signed({ path: '/app/user/api/dict/list', query: { type: 'phoneRegion' } })
    const kept = await t.app.inject({ ...request, headers: { ...request.headers, _tid: 'client-trace-0001' } })
    expect(kept.statusCode).toBe(200)
    expect(kept.headers['x-trace-id']).toBe('client-trace-0001')
    expect(logged('client-trace-0001').map((line) => line.msg)).toContain('request completed')

    const replaced = await t.app.inject({ url: '/app/nope', headers: { _tid: 'bad id!' } })
    const id = replaced.headers['x-trace-id'] as string
    expect(id).not.toBe('bad id!')
    expect(replaced.json().traceId).toBe(id)
    expect(logged(id).length).toBeGreaterThan(0)
  })
})

describe('new trace ids', () => {
  it('are 32 hex characters, all different, across many draws of random bytes', () => {
    const ids = Array.from({ length: 5000 }, newTraceId)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
