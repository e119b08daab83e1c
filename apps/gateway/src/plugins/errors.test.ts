import { defineCall, rules } from '@ess/contract'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { AppError } from '../lib/app-error'
import { registerCall } from '../lib/call-route'

const brokenCall = defineCall({
  method: 'GET',
  path: '/test/broken-payload',
  summary: 'answers a payload that does not match its schema',
  tags: ['test'],
  access: 'public',
  response: z.object({ count: z.number() }),
})

function testRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/app/test/boom', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:42')
  })
  app.get('/app/test/locked', async () => {
    throw new AppError('ACCOUNT_LOCKED')
  })
  app.post('/app/test/contact', { schema: { body: z.object({ mobile: rules.mobile, name: rules.personName }) } }, async (request) => request.body)
  registerCall(fastify, brokenCall, async () => ({ count: 'many' }) as unknown as { count: number })
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ extend: testRoutes })
})
afterAll(() => t.close())

const ERROR_SHAPE = {
  code: expect.any(Number),
  errorCode: expect.any(String),
  msg: expect.any(String),
  errorMsg: expect.any(String),
  data: { success: false, data: null },
  traceId: expect.any(String),
}

async function expectError(request: InjectOptions, status: number, errorCode: string) {
  const response = await t.app.inject(request)
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const body = response.json()
  expect(body).toMatchObject({ ...ERROR_SHAPE, errorCode })
  expect(body.traceId).toBe(response.headers['x-trace-id'])
  expect(body.msg).toBe(body.errorMsg)
  return { response, body }
}

const json = (payload: string) => ({
  method: 'POST' as const,
  url: '/app/test/contact',
  headers: { 'content-type': 'application/json' },
  payload,
})

describe('the error envelope', () => {
  it('answers an unexpected error with SERVER_ERROR and nothing of its message or stack', async () => {
    const { response, body } = await expectError({ url: '/app/test/boom' }, 500, 'SERVER_ERROR')
    expect(body).toMatchObject({ code: 500, msg: '服务器内部错误' })
    expect(response.body).not.toMatch(/secret_table|db\.ts|stack|Error:/)
  })

  it('answers a payload that breaks its own schema with SERVER_ERROR', async () => {
    const { response } = await expectError({ url: '/app/test/broken-payload' }, 500, 'SERVER_ERROR')
    expect(response.body).not.toMatch(/count|many/)
  })

  it('answers a thrown AppError with its catalogue status and code, in the caller language', async () => {
    const { body } = await expectError({ url: '/app/test/locked', headers: { 'accept-language': 'en-US' } }, 423, 'ACCOUNT_LOCKED')
    expect(body).toMatchObject({ code: 100506, msg: 'The account is locked, please try again later' })
  })

  it('answers invalid input with VALIDATION_FAILED and the rule messages per field', async () => {
    const { body } = await expectError(json('{"mobile":"123","name":"<b>"}'), 400, 'VALIDATION_FAILED')
    expect(body.fields).toEqual([
      { field: 'mobile', messageKey: 'mobile.length', message: '请输入11位手机号' },
      { field: 'name', messageKey: 'name.invalid', message: '请输入中文或字母组成的姓名' },
    ])
    const english = await expectError({ ...json('{"name":"Li Lei"}'), headers: { 'content-type': 'application/json', 'accept-language': 'en' } }, 400, 'VALIDATION_FAILED')
    expect(english.body.fields).toEqual([{ field: 'mobile', messageKey: 'field.required', message: 'This field is required' }])
  })

  it('accepts valid input', async () => {
    const response = await t.app.inject(json('{"mobile":"13812345678","name":"李雷"}'))
    expect(response.statusCode).toBe(200)
  })

  it('answers malformed JSON with BAD_REQUEST', async () => {
    await expectError(json('{"mobile":'), 400, 'BAD_REQUEST')
  })

  it('answers a prototype-poisoning body with BAD_REQUEST', async () => {
    await expectError(json('{"mobile":"13812345678","name":"Li","__proto__":{"admin":true}}'), 400, 'BAD_REQUEST')
  })

  it('treats an empty JSON body as no body', async () => {
    const { body } = await expectError(json(''), 400, 'VALIDATION_FAILED')
    expect(body.fields).toEqual([{ field: '', messageKey: 'field.invalid', message: '格式不正确' }])
  })

  it('answers another content type with UNSUPPORTED_MEDIA_TYPE', async () => {
    const request = { method: 'POST' as const, url: '/app/test/contact', headers: { 'content-type': 'text/plain' }, payload: 'hello' }
    await expectError(request, 415, 'UNSUPPORTED_MEDIA_TYPE')
    await expectError({ ...request, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' }, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('answers a body over the limit with PAYLOAD_TOO_LARGE', async () => {
    await expectError(json(JSON.stringify({ mobile: 'x'.repeat(1024 * 1024) })), 413, 'PAYLOAD_TOO_LARGE')
  })

  it('answers an unknown path under /app and /dev with NOT_FOUND', async () => {
    const { body } = await expectError({ url: '/app/nowhere', headers: { 'accept-language': 'en-US' } }, 404, 'NOT_FOUND')
    expect(body).toMatchObject({ code: 404, msg: 'Not Found' })
    await expectError({ url: '/app/user/api/nowhere?x=1' }, 404, 'NOT_FOUND')
    await expectError({ method: 'DELETE', url: '/dev/nowhere' }, 404, 'NOT_FOUND')
    await expectError({ url: '/app/docs/nowhere.js' }, 404, 'NOT_FOUND')
  })

  it('answers a known path with the wrong method with METHOD_NOT_ALLOWED and allow', async () => {
    const { response } = await expectError({ method: 'POST', url: '/app/health' }, 405, 'METHOD_NOT_ALLOWED')
    expect(response.headers.allow).toBe('GET')
    const page = await expectError({ method: 'PUT', url: '/app/agreements/user/1.0' }, 405, 'METHOD_NOT_ALLOWED')
    expect(page.response.headers.allow).toBe('GET')
  })

  it('answers a malformed URL with BAD_REQUEST', async () => {
    await expectError({ url: '/app/user/api/dict/%E0%A4%A' }, 400, 'BAD_REQUEST')
  })

  it('takes a well-formed _tid as the trace id and makes one otherwise', async () => {
    const given = await t.app.inject({ url: '/app/nowhere', headers: { _tid: 'trace_0123456789' } })
    expect(given.headers['x-trace-id']).toBe('trace_0123456789')
    expect(given.json().traceId).toBe('trace_0123456789')
    const refused = await t.app.inject({ url: '/app/nowhere', headers: { _tid: 'bad id with spaces' } })
    expect(refused.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/)
    const success = await t.app.inject({ url: '/app/health', headers: { _tid: 'trace_abcdefghij' } })
    expect(success.headers['x-trace-id']).toBe('trace_abcdefghij')
  })
})
