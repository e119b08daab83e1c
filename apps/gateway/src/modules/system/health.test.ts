import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { testKv } from '../../../test/helpers/stores'
import type { Kv } from '../../infra/kv'

describe('GET /app/health', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('answers ok with the stores in use, without a signature', async () => {
    const response = await t.app.inject({ url: '/app/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      code: 200,
      msg: 'OK',
      data: {
        success: true,
        data: {
          status: 'ok',
          version: expect.stringMatching(/^\d+\.\d+\.\d+/),
          database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
          kv: process.env.REDIS_URL ? 'redis' : 'memory',
          uptimeS: expect.any(Number),
        },
      },
    })
  })
})

describe('GET /app/health with a store down', () => {
  let t: TestApp
  let kv: Kv
  beforeAll(async () => {
    kv = await testKv()
    t = await buildTestApp({ kv: { ...kv, ping: () => Promise.reject(new Error('connection refused')) } })
  })
  afterAll(async () => {
    await t.close()
    await kv.close()
  })

  it('answers 503 SERVICE_UNAVAILABLE in the envelope', async () => {
    const response = await t.app.inject({ url: '/app/health', headers: { 'accept-language': 'en-US' } })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ code: 503, errorCode: 'SERVICE_UNAVAILABLE', msg: 'Service Unavailable' })
    expect(response.body).not.toContain('connection refused')
  })

  it('answers 503 when the database does not answer', async () => {
    const failing = { ...t.database, ping: () => Promise.reject(new Error('database is down')) }
    const down = await buildTestApp({ database: failing })
    try {
      const response = await down.app.inject({ url: '/app/health' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', msg: '服务不可用' })
    } finally {
      await down.close()
    }
  })
})

describe('GET /app/health/live and /app/health/ready', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('answers live and ready, without a signature, in the envelope', async () => {
    const live = await t.app.inject({ url: '/app/health/live' })
    expect(live.statusCode).toBe(200)
    expect(live.json().data.data).toEqual({ status: 'ok', uptimeS: expect.any(Number) })
    const ready = await t.app.inject({ url: '/app/health/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json().data.data).toEqual({
      status: 'ready',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      kv: process.env.REDIS_URL ? 'redis' : 'memory',
    })
  })

  it('once draining: ready and every other request 503 at once (with connection: close), live still 200', async () => {
    const drained = await buildTestApp({ database: t.database, kv: t.kv })
    try {
      drained.app.startDraining()
      expect(drained.app.draining).toBe(true)
      for (const [url, locale, msg] of [
        ['/app/health/ready', 'en-US', 'Service Unavailable'],
        ['/app/health', 'zh-CN', '服务不可用'],
      ]) {
        const refused = await drained.app.inject({ url, headers: { 'accept-language': locale } })
        expect(refused.statusCode).toBe(503)
        expect(refused.json()).toMatchObject({ code: 503, errorCode: 'SERVICE_UNAVAILABLE', msg })
        expect(refused.headers.connection).toBe('close')
        expect(refused.headers['retry-after']).toBe('1')
      }
      // A write is refused before any of its work: nothing is stored, the proxy may send it elsewhere.
      const post = await drained.app.inject({ method: 'POST', url: '/app/user/api/verify/checkCaptcha', payload: {} })
      expect(post.statusCode).toBe(503)
      expect(post.json().errorCode).toBe('SERVICE_UNAVAILABLE')
      const live = await drained.app.inject({ url: '/app/health/live' })
      expect(live.statusCode).toBe(200)
      expect(live.headers.connection).toBe('close')
    } finally {
      await drained.close()
    }
    // The other app on the same stores is untouched.
    expect((await t.app.inject({ url: '/app/health/ready' })).statusCode).toBe(200)
  })
})

describe('GET /app/health/ready with a store down', () => {
  it('answers 503 SERVICE_UNAVAILABLE when the KV does not answer, live stays 200', async () => {
    const kv = await testKv()
    const t = await buildTestApp({ kv: { ...kv, ping: () => Promise.reject(new Error('connection refused')) } })
    try {
      const ready = await t.app.inject({ url: '/app/health/ready', headers: { 'accept-language': 'en-US' } })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toMatchObject({ code: 503, errorCode: 'SERVICE_UNAVAILABLE', msg: 'Service Unavailable' })
      expect(ready.body).not.toContain('connection refused')
      expect((await t.app.inject({ url: '/app/health/live' })).statusCode).toBe(200)
    } finally {
      await t.close()
      await kv.close()
    }
  })
})
