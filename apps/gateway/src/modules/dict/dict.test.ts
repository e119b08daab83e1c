import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { DICT_TYPES, type DictList, type SuccessEnvelope } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { injectSigned, signed } from '../../../test/helpers/signed'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const list = async (type: string, locale?: string) => {
  const response = await injectSigned(t.app, { path: '/app/user/api/dict/list', query: { type }, locale })
  return { response, body: response.json() }
}

describe('GET /app/user/api/dict/list', () => {
  it.each(DICT_TYPES)('answers the %s dictionary in the success envelope', async (type) => {
    const { response, body } = await list(type)
    expect(response.statusCode).toBe(200)
    expect(body).toMatchObject({ code: 200, msg: 'OK', data: { success: true, data: { type } } })
    const items = (body as SuccessEnvelope<DictList>).data.data.items
    expect(items.length).toBeGreaterThan(2)
    expect(new Set(items.map((i) => i.value)).size).toBe(items.length)
  })

  it('gives genders F, M and U with labels in the caller language', async () => {
    const zh = (await list('gender', 'zh-CN')).body.data.data.items
    const en = (await list('gender', 'en-US,en;q=0.9')).body.data.data.items
    expect(zh).toEqual([
      { value: 'F', label: '女' },
      { value: 'M', label: '男' },
      { value: 'U', label: '未知' },
    ])
    expect(en.map((i: { label: string }) => i.label)).toEqual(['Female', 'Male', 'Unknown'])
  })

  it('answers Chinese labels without accept-language', async () => {
    const items = (await list('idType')).body.data.data.items
    expect(items[0]).toEqual({ value: 'ID_CARD', label: '居民身份证' })
    expect(items.map((i: { value: string }) => i.value)).toContain('PASSPORT')
  })

  it('puts China mainland +86 first, then Hong Kong, Macao and Taiwan', async () => {
    const items = (await list('phoneRegion', 'en-US')).body.data.data.items
    expect(items.slice(0, 4)).toEqual([
      { value: 'CN', label: 'Chinese mainland', dialCode: '+86' },
      { value: 'HK', label: 'Hong Kong, China', dialCode: '+852' },
      { value: 'MO', label: 'Macao, China', dialCode: '+853' },
      { value: 'TW', label: 'Taiwan, China', dialCode: '+886' },
    ])
    for (const item of items) expect(item.dialCode).toMatch(/^\+\d{1,4}$/)
  })

  it('lists China first and more than 60 nationalities, without dial codes', async () => {
    const items = (await list('nationality', 'zh-CN')).body.data.data.items
    expect(items[0]).toEqual({ value: 'CN', label: '中国' })
    expect(items.length).toBeGreaterThan(60)
    expect(items.every((i: object) => !('dialCode' in i))).toBe(true)
  })

  it.each([
    ['zh-CN', '格式不正确'],
    ['en-US', 'The value is not valid'],
  ])('refuses an unknown type with VALIDATION_FAILED and a translated field issue (%s)', async (locale, message) => {
    const { response, body } = await list('planets', locale)
    expect(response.statusCode).toBe(400)
    expect(body).toMatchObject({
      code: 100410,
      errorCode: 'VALIDATION_FAILED',
      data: { success: false, data: null },
      fields: [{ field: 'type', messageKey: 'field.invalid', message }],
    })
  })

  it('refuses a missing type', async () => {
    const response = await injectSigned(t.app, { path: '/app/user/api/dict/list' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: [{ field: 'type' }] })
  })

  it('answers in the encoding the caller accepts, compressed once (the same bytes each time), and plain to one that accepts none', async () => {
    const call = (headers: Record<string, string>) => {
      const request = signed({ path: '/app/user/api/dict/list', query: { type: 'nationality' }, locale: 'zh-CN' })
      return t.app.inject({ ...request, headers: { ...request.headers, ...headers } })
    }
    const plain = await call({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length)
    const json = plain.json()
    expect(json.data.data.items[0]).toEqual({ value: 'CN', label: '中国' })

    const br = await call({ 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding', 'content-type': 'application/json; charset=utf-8' })
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json)
    expect((await call({ 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true)

    const gzip = await call({ 'accept-encoding': 'gzip;q=1, br;q=0.5' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(json)

    const refusals: Array<Record<string, string>> = [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'compress' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }]
    for (const headers of refusals) {
      const response = await call(headers)
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined()
      expect(response.json()).toEqual(json)
    }
  })
})
