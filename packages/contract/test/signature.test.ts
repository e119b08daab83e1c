import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { canonicalQuery, buildQuery, signHeaders, signRequest, verifySignature, HEADERS, UNSIGNED_PAYLOAD, SIGNATURE_WINDOW_MS, appKeyLookup, parseOuterAppKeys } from '../src'
import { utf8Bytes } from '../src/signature'

const now = 1_790_000_000_000
function signed(over: Partial<Record<string, string>> = {}, body = '{"a":1}') {
  const base = {
    method: 'POST',
    path: '/app/user/api/x',
    query: 'b=2&a=1',
    body,
    appId: '101',
    client: 'h5',
    nonce: 'abcdefghijklmnop1234',
    timestamp: String(now),
    token: 'tok',
    deviceId: 'dev-123456789012345678',
    ...over,
  }
  const s = signRequest(base)!
  const headers: Record<string, string> = {
    [HEADERS.signature]: s,
    [HEADERS.timestamp]: base.timestamp,
    [HEADERS.nonce]: base.nonce,
    [HEADERS.appId]: base.appId,
    [HEADERS.deviceId]: base.deviceId,
    [HEADERS.client]: base.client,
    [HEADERS.token]: base.token,
  }
  return { base, headers }
}

describe('canonical query', () => {
  it('sorts and re-encodes', () => {
    expect(canonicalQuery('?b=2&a=1&a=0')).toBe('a=0&a=1&b=2')
    expect(canonicalQuery('q=a+b&x=%E4%B8%AD')).toBe('q=a%20b&x=%E4%B8%AD')
    expect(canonicalQuery('')).toBe('')
    expect(canonicalQuery('flag')).toBe('flag=')
    expect(canonicalQuery('bad=%E4%')).toBe('bad=%25E4%25')
  })
  it('buildQuery output is already canonical (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 8 })), (obj) => {
        const q = buildQuery(obj)
        return canonicalQuery(q) === q
      }),
    )
  })
  it('takes one plain pair as it is, as the full sort and re-encoding would (property)', () => {
    const plain = fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/)
    const any = fc.oneof(plain, fc.string({ maxLength: 8 }), fc.constantFrom('a+b', '%41', '%E4%', 'x&y', '=', '*'))
    // A trailing "&" means the same query and always takes the full path.
    fc.assert(fc.property(any, any, (key, value) => canonicalQuery(`${key}=${value}`) === canonicalQuery(`${key}=${value}&`)))
    expect(canonicalQuery('?type=gender')).toBe('type=gender')
    expect(canonicalQuery('q=a+b')).toBe('q=a%20b')
    expect(canonicalQuery("q=it's")).toBe('q=it%27s')
  })
  it('buildQuery drops null and undefined', () => {
    expect(buildQuery({ b: 1, a: 'x y', c: undefined, d: null })).toBe('a=x%20y&b=1')
  })
})

describe('signature', () => {
  it('verifies what it signed', () => {
    const { base, headers } = signed()
    expect(verifySignature({ method: 'POST', path: base.path, query: '?a=1&b=2', body: base.body, headers }, now)).toEqual({ ok: true })
  })
  it.each([
    ['method', { method: 'PUT' }],
    ['path', { path: '/app/user/api/y' }],
    ['query', { query: 'a=1&b=3' }],
    ['body', { body: '{"a":2}' }],
  ])('refuses a changed %s', (_, change) => {
    const { base, headers } = signed()
    const req = { method: 'POST', path: base.path, query: base.query, body: base.body, headers, ...change }
    expect(verifySignature(req, now)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' })
  })
  it.each(['_tk', '_ut', '_c', '_n', '_t'])('refuses a changed %s header', (name) => {
    const { base, headers } = signed()
    const changed = { ...headers, [name]: name === '_t' ? String(now + 1) : headers[name] + 'Z' }
    expect(verifySignature({ method: 'POST', path: base.path, query: base.query, body: base.body, headers: changed }, now).ok).toBe(false)
  })
  it.each(['_s', '_t', '_n', '_aid', '_ut'])('missing %s', (name) => {
    const { base, headers } = signed()
    const { [name]: _drop, ...rest } = headers
    expect(verifySignature({ method: 'POST', path: base.path, query: base.query, body: base.body, headers: rest }, now)).toEqual({
      ok: false,
      reason: 'SIGNATURE_MISSING',
    })
  })
  it('stale timestamps, either side of the window', () => {
    const { base, headers } = signed()
    const req = { method: 'POST', path: base.path, query: base.query, body: base.body, headers }
    expect(verifySignature(req, now + SIGNATURE_WINDOW_MS + 1)).toEqual({ ok: false, reason: 'TIMESTAMP_STALE' })
    expect(verifySignature(req, now - SIGNATURE_WINDOW_MS - 1)).toEqual({ ok: false, reason: 'TIMESTAMP_STALE' })
    expect(verifySignature(req, now + SIGNATURE_WINDOW_MS)).toEqual({ ok: true })
  })
  it('unknown app id and malformed values are invalid, not errors', () => {
    const { base, headers } = signed()
    const req = (h: Record<string, string>) => ({ method: 'POST', path: base.path, query: base.query, body: base.body, headers: h })
    expect(verifySignature(req({ ...headers, _aid: '999' }), now).ok).toBe(false)
    expect(verifySignature(req({ ...headers, _t: 'yesterday' }), now)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' })
    expect(verifySignature(req({ ...headers, _n: 'short' }), now)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' })
    expect(verifySignature(req({ ...headers, _s: 'zz' }), now)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' })
  })
  it('multipart uses the unsigned-payload marker', () => {
    const { base, headers } = signed({}, UNSIGNED_PAYLOAD)
    expect(verifySignature({ method: 'POST', path: base.path, query: base.query, body: UNSIGNED_PAYLOAD, headers }, now).ok).toBe(true)
    expect(verifySignature({ method: 'POST', path: base.path, query: base.query, body: '', headers }, now).ok).toBe(false)
  })
  it('signHeaders gives the headers verifySignature reads', () => {
    const { base } = signed()
    const headers = signHeaders(base)
    expect(verifySignature({ method: base.method, path: base.path, query: base.query, body: base.body, headers }, now)).toEqual({ ok: true })
    expect(headers).toEqual(signed().headers)
    expect(signHeaders({ ...base, token: undefined })[HEADERS.token]).toBe('')
    expect(signHeaders({ ...base, appId: 'nope' })).not.toHaveProperty(HEADERS.signature)
  })
  it('no app key → no signature', () => {
    expect(signRequest({ ...signed().base, appId: 'nope' })).toBeUndefined()
  })
  it("an outer app of the configuration signs with its own key, verified with the same lookup only", () => {
    const keys = appKeyLookup(parseOuterAppKeys('partner-7:partner-public-key-0007'))
    const base = { ...signed().base, appId: 'partner-7', client: 'partner-ios' }
    const headers = signHeaders(base, keys)
    const req = { method: base.method, path: base.path, query: base.query, body: base.body, headers }
    expect(verifySignature(req, now, SIGNATURE_WINDOW_MS, undefined, keys)).toEqual({ ok: true })
    expect(verifySignature(req, now)).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' })
    // The portal's own requests sign and verify as before with the combined lookup.
    expect(signHeaders(signed().base, keys)).toEqual(signed().headers)
  })
})

describe('parseOuterAppKeys (OUTER_APP_KEYS)', () => {
  it('reads appId:key pairs separated by commas or white space', () => {
    expect(parseOuterAppKeys(undefined)).toEqual({})
    expect(parseOuterAppKeys(' a:0123456789abcdef,\n b-2:key_with:colon:123456 ')).toEqual({ a: '0123456789abcdef', 'b-2': 'key_with:colon:123456' })
  })
  it('refuses what a deployment could mistype, naming the pair', () => {
    expect(() => parseOuterAppKeys('a')).toThrow('the key of app a must be 16-128 printable ASCII characters')
    expect(() => parseOuterAppKeys('a:short')).toThrow('the key of app a')
    expect(() => parseOuterAppKeys(`a:${'k'.repeat(129)}`)).toThrow('the key of app a')
    expect(() => parseOuterAppKeys('a:clé-non-ascii-0123456')).toThrow('the key of app a')
    expect(() => parseOuterAppKeys(':0123456789abcdef')).toThrow('"" is not an app id')
    expect(() => parseOuterAppKeys(`${'x'.repeat(33)}:0123456789abcdef`)).toThrow('is not an app id')
    expect(() => parseOuterAppKeys('101:0123456789abcdef')).toThrow("app 101 is the portal's own")
    expect(() => parseOuterAppKeys('a:0123456789abcdef a:0123456789abcdeg')).toThrow('app a is given twice')
  })
  it('never lets an inherited name through as an app id', () => {
    const keys = appKeyLookup(parseOuterAppKeys('a:0123456789abcdef'))
    expect(keys('constructor')).toBeUndefined()
    expect(keys('toString')).toBeUndefined()
    expect(keys('b')).toBeUndefined()
  })
})

describe('utf8Bytes (the signature without TextEncoder, which the mini-program lacks)', () => {
  it('encodes as TextEncoder does, lone surrogates included', () => {
    for (const text of ['', 'abc', 'é', '员工服务', '😀 a🎉b', 'x\ud800y', '\udc00', 'end\ud83d']) {
      expect([...utf8Bytes(text)], JSON.stringify(text)).toEqual([...new TextEncoder().encode(text)])
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect([...utf8Bytes(text)]).toEqual([...new TextEncoder().encode(text)])
      }),
    )
  })
})
