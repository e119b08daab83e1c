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
