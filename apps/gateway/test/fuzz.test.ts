// Property-based fuzzing of every call of the contract (goal 1 of issue 19). For each call of
// `calls`, fast-check draws requests from the call's own zod schemas (its query and body fields):
// valid, boundary and hostile values, wrong types, missing and extra fields, huge and deeply nested
// bodies, non-object JSON, bad JSON, wrong content types, both languages, signed-in or not. Every
// answer must be the documented envelope in the caller's language, never a 5xx, never a stack
// trace, SQL or a file path; a refused call stores nothing (row counts of every table, before and
// after). Bounded: FUZZ_RUNS requests per call (default 32, ~1,600 in all; 15–40 s here).
import { ASSISTANT_AUTH_APP_ID, ASSISTANT_HEADERS, ASSISTANT_PATHS, ERRORS, SAMPLE_ASSISTANT_API_PATH, assistantSignature, type CallDef, ErrorEnvelopeSchema, type ErrorCode, type Locale, callUrl, calls, errorMessage } from '@ess/contract'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from './helpers/accounts'
import { type TestApp, buildTestApp } from './helpers/app'
import { type WechatFakeServer, startWechatFake } from '../src/modules/dev/wechat-fake'
import { signed } from './helpers/signed'
import { openRequest } from './helpers/notices'
import { SendNoticeBodySchema } from '@ess/contract'
import { noticeAppSecret } from '../src/modules/notices/open-routes'

const RUNS = Number(process.env.FUZZ_RUNS ?? 32)

/** The field names of a zod object (or of every option of a union of objects). */
function fieldsOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def
  if (!def) return []
  if (def.type === 'object') return Object.keys(def.shape as object)
  if (def.type === 'union') return [...new Set((def.options as unknown[]).flatMap(fieldsOf))]
  if (def.type === 'pipe') return fieldsOf(def.in)
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return fieldsOf(def.innerType)
  return []
}

const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deep(depth - 1) })

/** Plausible values (the shapes real fields take), boundaries, and hostile ones. */
const plausible = fc.constantFrom(
  '13800138001', '+8613800138001', 'user@example.com', '123456', '000000', 'homepage', 'phoneRegion', 'CN', 'zh-CN',
  'en-US', 'register', 'login', 'resetPassword', 'bind', 'phone', 'email', '1', '0', 'true', '110101198803151237',
  '李伟', 'AAAA', '00000000-0000-0000-0000-000000000000', '2026-01-01',
)
const hostile = fc.constantFrom(
  "' OR 1=1 --", "'; drop table app_user; --", '../../../../etc/passwd', '%00', '\u0000', '<script>alert(1)</script>',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', '\uD800', '🙂'.repeat(300), 'a'.repeat(70_000), ' ', '',
  '\r\nset-cookie: x=1', 'NaN', 'Infinity', '-0', '1e309', '9'.repeat(400),
)
const scalar = fc.oneof(
  plausible,
  hostile,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308, 0.5),
  fc.boolean(),
  fc.constant(null),
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(deep(200), deep(5), Array.from({ length: 5000 }, (_, i) => i), { __proto__: { admin: true } }) },
)

/** A record over the call's fields: each present or missing, plus sometimes an extra field. */
const record = (fields: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin', 'userId'), value), { nil: undefined }),
    )
    .map(([fields, extra]) => (extra ? { ...fields, [extra[0]]: extra[1] } : fields))

/** The raw body of a request: JSON of a record, or JSON that is not an object, or not JSON at all. */
const body = (fields: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: record(fields).map((r) => JSON.stringify(r)) },
    { weight: 1, arbitrary: fc.constantFrom('[]', '"text"', '42', 'null', 'true', JSON.stringify(deep(2000)), `{"a":"${'x'.repeat(1_100_000)}"}`) },
    { weight: 1, arbitrary: fc.constantFrom('{bad', '', '{"a":1,}', '\u0000', '{"__proto__":{"x":1}}', '{"a":1}{"b":2}') },
  )

const contentType = fc.constantFrom(
  'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', undefined,
)
const locale = fc.constantFrom<Locale>('zh-CN', 'en-US')
/** How the request is signed: properly, not at all, or with a tampered signature. */
const signing = fc.constantFrom('signed', 'signed', 'signed', 'signed', 'unsigned', 'tampered')

/** Text that must never reach a client: stack frames, file paths, SQL and driver messages. */
const LEAKS = [
  /\bat .+:\d+:\d+/, /node_modules/, /\/work\//, /\/src\/.+\.ts/, /\.(?:ts|js):\d+/, /\bselect\b.+\bfrom\b/i, /\binsert into\b/i,
  /\bupdate\b.+\bset\b/i, /\brelation "/i, /\bsyntax error\b/i, /\bviolates\b/i, /\bduplicate key\b/i, /TypeError|ReferenceError|RangeError/,
  /ECONNREFUSED|ENOENT/,
]

/** The message of a catalogue entry with its `{placeholders}` as wildcards. */
const messagePattern = (errorCode: ErrorCode, lang: Locale) =>
  new RegExp(`^${errorMessage(errorCode, lang).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.*')}$`, 's')

function checkAnswer(response: LightMyRequestResponse, lang: Locale, label: string) {
  const where = `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, where).toBeLessThan(500)
  for (const leak of LEAKS) expect(response.body, `${where}: leaks ${leak}`).not.toMatch(leak)
  expect(response.headers['content-type'], where).toMatch(/^application\/json/)
  const envelope = response.json()
  if (response.statusCode === 200 && envelope.code === 200) {
    expect(envelope, where).toMatchObject({ code: 200, msg: 'OK', data: { success: true } })
    return
  }
  const parsed = ErrorEnvelopeSchema.safeParse(envelope)
  expect(parsed.success, `${where}: not the error envelope`).toBe(true)
  expect(envelope.errorCode in ERRORS, where).toBe(true)
  const errorCode = envelope.errorCode as ErrorCode
  expect(response.statusCode, where).toBe(ERRORS[errorCode].status)
  expect(envelope.msg, `${where}: not in ${lang}`).toMatch(messagePattern(errorCode, lang))
  expect(envelope.traceId, where).toBe(response.headers['x-trace-id'])
  // Field messages in English carry no Chinese (the zh-CN ones may quote ASCII rules, so only one way).
  if (lang === 'en-US') for (const field of envelope.fields ?? []) expect(field.message, where).not.toMatch(/[\u4e00-\u9fff]/)
}

describe('fuzzing every call of the contract', () => {
  let t: TestApp
  let wechat: WechatFakeServer
  let token: string
  let countRows: () => Promise<Map<string, number>>
  beforeAll(async () => {
    // A generous puzzle budget: this file draws many puzzles from one client (the limit has its own tests).
    // The mini-program's calls reach WeChat: here its local fake, which refuses every fuzzed code as WeChat would.
    wechat = await startWechatFake([{ appId: 'wxfuzz0000000000', secret: 'fuzz-secret' }])
    t = await buildTestApp({
      env: { CAPTCHAS_PER_CLIENT_PER_MINUTE: '100000', NOTICE_API_CALLS_PER_APP_PER_MINUTE: '100000', WECHAT_MINI_APPID: 'wxfuzz0000000000', WECHAT_MINI_SECRET: 'fuzz-secret', WECHAT_API_URL: wechat.url },
    })
    token = (await seedAccount(t)).accessToken
    const tables = (
      (await t.database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )) as unknown as { rows: Array<{ name: string }> }
    ).rows.map((row) => row.name)
    const query = sql.raw(tables.map((name) => `select '${name}' as name, count(*)::int as rows from "${name}"`).join(' union all '))
    countRows = async () => {
      const { rows } = (await t.database.db.execute(query)) as unknown as { rows: Array<{ name: string; rows: number }> }
      return new Map(rows.map((row) => [row.name, Number(row.rows)]))
    }
  })
  afterAll(async () => {
    await t?.close()
    await wechat?.close()
  })

  /** Makes the call; its answer is checked, and a refused call must have stored no row in any table. */
  async function checkCall(send: () => Promise<LightMyRequestResponse>, lang: Locale, label: string) {
    const before = await countRows()
    const response = await send()
    checkAnswer(response, lang, label)
    if (response.json().code === 200) return
    const after = await countRows()
    const changed = [...after].filter(([table, rows]) => before.get(table) !== rows)
    expect(changed, `${label}: a refused call stored rows`).toEqual([])
  }

  const entries = Object.entries(calls) as Array<[string, CallDef]>

  it.each(entries)('%s: the envelope in the caller’s language, no 5xx, no leak, nothing stored when refused', async (name, call) => {
    const path = callUrl(call)
    const queryFields = fieldsOf(call.query)
    const bodyFields = fieldsOf(call.body)
    const hasBody = call.method === 'POST' || call.method === 'PUT'
    await fc.assert(
      fc.asyncProperty(
        record(queryFields),
        hasBody ? body(bodyFields) : fc.constant(undefined),
        contentType,
        locale,
        signing,
        fc.boolean(),
        fc.constantFrom('', '', '', '', '&%ED%A0%80=1', '&a=%E0%A4%A', '&type=a&type=b&pageCode=a&pageCode=b', `&${'x=1&'.repeat(400)}y`),
        async (query, rawBody, type, lang, how, signedIn, tail) => {
          // A client cannot URL-encode a lone surrogate; raw hostile bytes come through `tail` instead.
          const wellFormed = (text: string) => (text as string & { toWellFormed(): string }).toWellFormed()
          const queryValues = Object.fromEntries(
            Object.entries(query).map(([key, v]) => [wellFormed(key), typeof v === 'string' ? wellFormed(v) : typeof v === 'object' && v !== null ? wellFormed(JSON.stringify(v)) : v]),
          )
          const request = signed({
            method: call.method,
            path,
            query: queryValues,
            rawBody,
            body: rawBody === undefined ? undefined : rawBody,
            locale: lang,
            token: signedIn ? token : undefined,
          })
          const headers: Record<string, string> = { ...(request.headers as Record<string, string>), 'accept-language': lang }
          if (type) headers['content-type'] = type
          else delete headers['content-type']
          if (how === 'unsigned') for (const key of ['_s', '_n', '_t', '_aid', '_ut']) delete headers[key]
          if (how === 'tampered') headers._s = headers._s?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
          const url = String(request.url)
          const label = `${name} ${how} ${tail.slice(0, 40)} ${signedIn ? 'signed-in' : 'anonymous'} ${type ?? '(no type)'} ${url.slice(0, 200)} ${String(rawBody).slice(0, 200)}`
          await checkCall(() => t.app.inject({ method: call.method, url: `${url}${tail && !url.includes('?') ? `?${tail.slice(1)}` : tail}`, headers, payload: rawBody }), lang, label)
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    )
  }, 120_000)

  // The sample micro-assistant's calls (issue 17; README "The micro-assistant"), documented in the
  // OpenAPI beside the contract's: signed with the session's key instead of the contract's headers.
  const assistantCalls: Array<[string, 'GET' | 'POST', string, string[]]> = [
    ['assistant login', 'POST', ASSISTANT_PATHS.login, ['sessionId', 'source', 'code']],
    ['assistant suggestions', 'GET', ASSISTANT_PATHS.suggestions, []],
    ['assistant chat', 'POST', ASSISTANT_PATHS.chat, ['question']],
  ]
  it.each(assistantCalls)('%s: the envelope in the caller’s language, no 5xx, no leak, nothing stored when refused', async (name, method, path, fields) => {
    // An account of its own: the fuzzing above may have ended the shared login (logout, signOut).
    const own = (await seedAccount(t)).accessToken
    const grant = await t.app.inject(signed({ method: 'GET', path: callUrl(calls.grantCode), query: { authAppId: ASSISTANT_AUTH_APP_ID }, token: own }))
    const login = await t.app.inject({
      method: 'POST',
      url: `${SAMPLE_ASSISTANT_API_PATH}${ASSISTANT_PATHS.login}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sessionId: 'fuzz-session-0001', source: 'h5', code: grant.json().data.data.code }),
    })
    const session = login.json().data.data as { token: string; key: string }
    let clock = Date.now()
    await fc.assert(
      fc.asyncProperty(method === 'POST' ? body(fields) : fc.constant(''), contentType, locale, fc.constantFrom('signed', 'signed', 'unsigned', 'tampered', 'stale'), async (rawBody, type, lang, how) => {
        const at = String(how === 'stale' ? clock - 3_600_000 : ++clock)
        const headers: Record<string, string> = { 'accept-language': lang }
        if (type && method === 'POST') headers['content-type'] = type
        if (how !== 'unsigned' && path !== ASSISTANT_PATHS.login) {
          const signature = assistantSignature(session.key, at, rawBody)
          Object.assign(headers, {
            [ASSISTANT_HEADERS.token]: session.token,
            [ASSISTANT_HEADERS.timestamp]: at,
            [ASSISTANT_HEADERS.signature]: how === 'tampered' ? signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) : signature,
          })
        }
        const label = `${name} ${how} ${type ?? '(no type)'} ${String(rawBody).slice(0, 200)}`
        await checkCall(() => t.app.inject({ method, url: `${SAMPLE_ASSISTANT_API_PATH}${path}`, headers, payload: method === 'POST' ? rawBody : undefined }), lang, label)
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    )
  }, 120_000)

  // The notices API of the provider's systems (issue 35; README "The notices API"): signed with the
  // app's own secret; fuzzed bodies, ids, signatures (none, tampered, stale, another app's).
  const noticeCalls: Array<[string, 'GET' | 'POST']> = [
    ['notices API send', 'POST'],
    ['notices API delivery', 'GET'],
  ]
  it.each(noticeCalls)('%s: the envelope in the caller’s language, no 5xx, no leak, nothing stored when refused', async (name, method) => {
    const secret = noticeAppSecret(t.config.keysDir, 'payroll')
    // A client cannot URL-encode a lone surrogate.
    const encoded = (text: string) => encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed())
    const id = fc.oneof(fc.constant('00000000-0000-4000-8000-000000000000'), fc.uuid(), fc.string({ maxLength: 60 }).map(encoded), hostile.map(encoded))
    await fc.assert(
      fc.asyncProperty(
        method === 'POST' ? body(fieldsOf(SendNoticeBodySchema)) : fc.constant(undefined),
        id,
        contentType,
        locale,
        fc.constantFrom('signed', 'signed', 'signed', 'unsigned', 'tampered', 'stale', 'otherApp'),
        fc.option(fc.oneof(plausible, hostile), { nil: undefined }),
        async (rawBody, noticeId, type, lang, how, idempotencyKey) => {
          const path = method === 'POST' ? '/notices' : `/notices/${noticeId}`
          const request = openRequest(method, path, undefined, {
            secret: how === 'otherApp' ? noticeAppSecret(t.config.keysDir, 'checkup') : secret,
            signedBody: rawBody,
            locale: lang,
            timestamp: how === 'stale' ? Date.now() - 3_600_000 : undefined,
          })
          const headers: Record<string, string> = { ...request.headers }
          if (type && method === 'POST') headers['content-type'] = type
          if (how === 'unsigned') for (const key of ['_s', '_n', '_t', '_aid']) delete headers[key]
          if (how === 'tampered') headers._s = headers._s.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
          // Header values must be bytes a client can send.
          if (idempotencyKey !== undefined && /^[\x20-\x7e]*$/.test(idempotencyKey)) headers['idempotency-key'] = idempotencyKey
          const label = `${name} ${how} ${type ?? '(no type)'} ${path.slice(0, 100)} ${String(rawBody).slice(0, 200)}`
          await checkCall(() => t.app.inject({ method, url: request.url, headers, payload: rawBody }), lang, label)
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    )
  }, 120_000)
})
