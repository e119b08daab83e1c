import { HEADERS, SIGNATURE_WINDOW_MS, UNSIGNED_PAYLOAD, appKeyLookup } from '@ess/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { freshNonce, signed, signedHeaders } from '../../test/helpers/signed'
import { NONCE_CLOCK_SLACK_MS, NONCE_MAX_TTL_MS, signedCallCheck } from './signature'

const dict = { path: '/app/user/api/dict/list', query: { type: 'gender' } }
const echo = '/app/user/api/test/echo'
const upload = '/app/user/api/test/upload'

/** An outer app registered by configuration (README OUTER_APP_KEYS), and one that is not. */
const OUTER = { id: 'hr-partner-7', key: 'partner-public-key-0007-abcdef' }
const outerKeys = appKeyLookup({ [OUTER.id]: OUTER.key })
const strangerKeys = appKeyLookup({ 'not-registered': 'some-public-key-000000000' })

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    env: { OUTER_APP_KEYS: `${OUTER.id}:${OUTER.key}` },
    extend: (fastify: FastifyInstance) => {
      fastify
        .withTypeProvider<ZodTypeProvider>()
        .post(echo, { schema: { body: z.object({ amount: z.number() }) } }, async (request) => ({ echoed: request.body }))
      fastify.register(async (scope) => {
        scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
          payload.resume()
          payload.on('end', () => done(null, {}))
        })
        scope.post(upload, async () => ({ uploaded: true }))
      })
    },
  })
})
afterAll(() => t.close())

const MESSAGES = {
  SIGNATURE_MISSING: { 'zh-CN': '请求缺少签名信息', 'en-US': 'The request is not signed' },
  SIGNATURE_INVALID: { 'zh-CN': '请求签名无效', 'en-US': 'The request signature is invalid' },
  TIMESTAMP_STALE: {
    'zh-CN': '请求已过期，请检查设备时间后重试',
    'en-US': 'The request has expired; check the device clock and try again',
  },
  NONCE_REUSED: { 'zh-CN': '重复的请求已被拒绝', 'en-US': 'This request was already received and has been refused' },
} as const

function expectRefusal(
  response: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  errorCode: keyof typeof MESSAGES,
  locale: 'zh-CN' | 'en-US',
) {
  const expected = { SIGNATURE_MISSING: [401, 100401], SIGNATURE_INVALID: [401, 100402], TIMESTAMP_STALE: [401, 100403], NONCE_REUSED: [409, 100404] }[errorCode]
  expect(response.statusCode).toBe(expected[0])
  expect(response.json()).toEqual({
    code: expected[1],
    errorCode,
    msg: MESSAGES[errorCode][locale],
    errorMsg: MESSAGES[errorCode][locale],
    data: { success: false, data: null },
    traceId: response.headers['x-trace-id'],
  })
}

describe.each(['zh-CN', 'en-US'] as const)('signature refusals in %s', (locale) => {
  it('refuses a request without the signed headers: SIGNATURE_MISSING', async () => {
    const response = await t.app.inject({ url: '/app/user/api/dict/list?type=gender', headers: { 'accept-language': locale } })
    expectRefusal(response, 'SIGNATURE_MISSING', locale)
  })

  it('refuses a request missing one of the headers: SIGNATURE_MISSING', async () => {
    const request = signed({ ...dict, locale })
    delete (request.headers as Record<string, string>)[HEADERS.deviceId]
    expectRefusal(await t.app.inject(request), 'SIGNATURE_MISSING', locale)
  })

  it('refuses a wrong signature: SIGNATURE_INVALID', async () => {
    const request = signed({ ...dict, locale })
    const headers = request.headers as Record<string, string>
    headers[HEADERS.signature] = headers[HEADERS.signature].replace(/^./, (c) => (c === '0' ? '1' : '0'))
    expectRefusal(await t.app.inject(request), 'SIGNATURE_INVALID', locale)
  })

  it('refuses a malformed nonce or an unknown app id: SIGNATURE_INVALID', async () => {
    expectRefusal(await t.app.inject(signed({ ...dict, locale, nonce: 'short' })), 'SIGNATURE_INVALID', locale)
    const unknownApp = signed({ ...dict, locale, appId: '999' })
    const headers = { ...unknownApp.headers, [HEADERS.signature]: 'a'.repeat(64) }
    expectRefusal(await t.app.inject({ ...unknownApp, headers }), 'SIGNATURE_INVALID', locale)
  })

  it('refuses a timestamp outside the window, past or future: TIMESTAMP_STALE', async () => {
    const past = String(Date.now() - SIGNATURE_WINDOW_MS - 5_000)
    const future = String(Date.now() + SIGNATURE_WINDOW_MS + 5_000)
    expectRefusal(await t.app.inject(signed({ ...dict, locale, timestamp: past })), 'TIMESTAMP_STALE', locale)
    expectRefusal(await t.app.inject(signed({ ...dict, locale, timestamp: future })), 'TIMESTAMP_STALE', locale)
  })

  it('refuses a replayed request: NONCE_REUSED', async () => {
    const request = signed({ ...dict, locale })
    expect((await t.app.inject(request)).statusCode).toBe(200)
    expectRefusal(await t.app.inject(request), 'NONCE_REUSED', locale)
  })
})

describe('how long a nonce is kept', () => {
  it('until its timestamp has left the window, and the clock slack: about one window for a client whose clock agrees', async () => {
    const asked: number[] = []
    const check = signedCallCheck(appKeyLookup({}), { claim: async (_key, ttlMs) => (asked.push(ttlMs ?? Number.NaN), true) })
    const offsets = [-SIGNATURE_WINDOW_MS + 20_000, 0, SIGNATURE_WINDOW_MS - 20_000]
    for (const offset of offsets) {
      const request = signed({ ...dict, timestamp: String(Date.now() + offset) })
      await check.call(t.app, { method: 'GET', url: request.url, headers: request.headers } as unknown as FastifyRequest, {} as FastifyReply)
    }
    offsets.forEach((offset, i) => {
      const expected = offset + SIGNATURE_WINDOW_MS + NONCE_CLOCK_SLACK_MS
      expect(asked[i]).toBeLessThanOrEqual(expected)
      expect(asked[i]).toBeGreaterThan(expected - 1_000)
      expect(asked[i]).toBeLessThanOrEqual(NONCE_MAX_TTL_MS)
    })
  })

  it('a replay is refused while its timestamp is in the window, in the store the gateway uses', async () => {
    // The oldest timestamp the window takes: its nonce is kept only the slack more, and still refused.
    const request = signed({ ...dict, locale: 'en-US', timestamp: String(Date.now() - SIGNATURE_WINDOW_MS + 2_000) })
    expect((await t.app.inject(request)).statusCode).toBe(200)
    expectRefusal(await t.app.inject(request), 'NONCE_REUSED', 'en-US')
  })
})

describe('what the signature binds', () => {
  it('accepts a signed request, whatever the order of its query parameters', async () => {
    const request = signed({ path: '/app/user/api/agreement/getAppAgreements', query: { type: '2', x: 'a b' } })
    const response = await t.app.inject({ ...request, url: '/app/user/api/agreement/getAppAgreements?x=a%20b&type=2' })
    expect(response.statusCode).toBe(200)
  })

  it('refuses a query changed after signing', async () => {
    const request = signed(dict)
    const response = await t.app.inject({ ...request, url: '/app/user/api/dict/list?type=idType' })
    expect(response.json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })
  })

  it('refuses a path changed after signing', async () => {
    const request = signed({ path: '/app/user/api/agreement/getAppAgreements' })
    const response = await t.app.inject({ ...request, url: '/app/user/api/login/getPasswordPubKey' })
    expect(response.json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })
  })

  it('accepts a signed JSON body and refuses it changed or re-serialised after signing', async () => {
    const ok = await t.app.inject(signed({ method: 'POST', path: echo, body: { amount: 10 } }))
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ echoed: { amount: 10 } })

    const changed = signed({ method: 'POST', path: echo, body: { amount: 10 } })
    expect((await t.app.inject({ ...changed, payload: '{"amount":1000}' })).json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })

    const reformatted = signed({ method: 'POST', path: echo, body: { amount: 10 } })
    expect((await t.app.inject({ ...reformatted, payload: '{ "amount": 10 }' })).json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })
  })

  it('verifies uploads without their payload (UNSIGNED-PAYLOAD), but with everything else', async () => {
    const multipart = (headers: Record<string, string>) => ({
      method: 'POST' as const,
      url: upload,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n--x--\r\n',
    })
    const ok = await t.app.inject(multipart(signedHeaders({ method: 'POST', path: upload, rawBody: UNSIGNED_PAYLOAD })))
    expect(ok.json()).toEqual({ uploaded: true })
    const asJson = await t.app.inject(multipart(signedHeaders({ method: 'POST', path: upload, body: {} })))
    expect(asJson.json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })
  })

  it('refuses a token swapped after signing', async () => {
    const request = signed({ ...dict, token: 'token-of-alice' })
    const response = await t.app.inject({ ...request, headers: { ...request.headers, [HEADERS.token]: 'token-of-mallory' } })
    expect(response.json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })
  })

  it('does not spend the nonce of a refused request', async () => {
    const nonce = freshNonce()
    const forged = signed({ ...dict, nonce })
    const forgedHeaders = { ...forged.headers, [HEADERS.signature]: '0'.repeat(64) }
    expect((await t.app.inject({ ...forged, headers: forgedHeaders })).json()).toMatchObject({ errorCode: 'SIGNATURE_INVALID' })
    expect((await t.app.inject(signed({ ...dict, nonce }))).statusCode).toBe(200)
  })

  it("accepts an outer app of the configuration signing with its own key, and nothing else in its name", async () => {
    const locale = 'en-US'
    const asOuter = signed({ ...dict, appId: OUTER.id, client: 'partner-ios', keys: outerKeys, locale })
    expect((await t.app.inject(asOuter)).statusCode).toBe(200)
    // The outer app's id signed with the portal's key, or the portal's id with the outer key: refused.
    expectRefusal(await t.app.inject(signed({ ...dict, appId: OUTER.id, locale })), 'SIGNATURE_MISSING', locale)
    const portalKeyed = signedHeaders({ ...dict, appId: OUTER.id, keys: () => 'ess-portal-public-app-key-101-v1', locale })
    expectRefusal(await t.app.inject({ url: '/app/user/api/dict/list?type=gender', headers: portalKeyed }), 'SIGNATURE_INVALID', locale)
    expectRefusal(await t.app.inject(signed({ ...dict, keys: () => OUTER.key, locale })), 'SIGNATURE_INVALID', locale)
    // An app the configuration does not name cannot sign, whatever key it uses.
    expectRefusal(await t.app.inject(signed({ ...dict, appId: 'not-registered', keys: strangerKeys, locale })), 'SIGNATURE_INVALID', locale)
  })

  it('keys nonces per app id: each app may use a nonce once', async () => {
    const nonce = freshNonce()
    const asOuter = { ...dict, nonce, appId: OUTER.id, client: 'partner-ios', keys: outerKeys }
    expect((await t.app.inject(signed({ ...dict, nonce }))).statusCode).toBe(200)
    expect((await t.app.inject(signed(asOuter))).statusCode).toBe(200)
    expectRefusal(await t.app.inject(signed({ ...dict, nonce, locale: 'en-US' })), 'NONCE_REUSED', 'en-US')
    expectRefusal(await t.app.inject(signed({ ...asOuter, locale: 'en-US' })), 'NONCE_REUSED', 'en-US')
  })

  it('leaves unsigned routes open: health, docs, agreement pages, dev tools', async () => {
    for (const url of ['/app/health', '/app/docs/json', '/app/agreements/user/1.0', '/dev/outbox.json']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200)
    }
  })
})
