import { brotliDecompressSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../test/helpers/app'

const echo = '/app/test/echo'
const large = '/app/test/large'
const LARGE = { items: Array.from({ length: 200 }, (_, i) => ({ value: `item-${i}`, label: `Item number ${i}` })) }

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    extend: (fastify: FastifyInstance) => {
      fastify.post(echo, async (request) => ({ echoed: request.body }))
      fastify.get(large, async () => LARGE)
    },
  })
})
afterAll(() => t.close())

describe('compression (@fastify/compress)', () => {
  it('decompresses a request body sent gzip-encoded, and refuses an encoding it does not know', async () => {
    const body = JSON.stringify({ amount: 10 })
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' }
    const response = await t.app.inject({ method: 'POST', url: echo, headers, payload: gzipSync(body) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ echoed: { amount: 10 } })

    const unknown = await t.app.inject({ method: 'POST', url: echo, headers: { ...headers, 'content-encoding': 'compress' }, payload: body })
    expect(unknown.statusCode).toBe(415)
    expect(unknown.json()).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('reads no body of a GET, whatever its content-encoding says', async () => {
    const response = await t.app.inject({ method: 'GET', url: large, headers: { 'content-encoding': 'compress' } })
    expect(response.statusCode).toBe(200)
  })

  it('compresses a large answer for a caller that accepts it', async () => {
    const response = await t.app.inject({ method: 'GET', url: large, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(LARGE)
  })
})
