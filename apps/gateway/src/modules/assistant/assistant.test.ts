// The sample micro-assistant (SPEC §1 AI customer service, §4/§7 its login with a code of app 101,
// §8 100400): login redeems a one-time code of the portal through the server-to-server exchange;
// signed calls answer suggested questions and chat from the help center. Every refusal is an
// envelope in the caller's language, and a refused call stores nothing.
import {
  ASSISTANT_AUTH_APP_ID,
  ASSISTANT_HEADERS,
  ASSISTANT_SESSION_TTL_S,
  ERRORS,
  ErrorEnvelopeSchema,
  GRANT_CODE_TTL_S,
  SAMPLE_ASSISTANT_API_PATH,
  assistantSignature,
  calls,
  type ErrorCode,
} from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, payloadOf } from '../../../test/helpers/calls'
import { SECOND, testClock } from '../../../test/helpers/clock'
import { appUser, assistantSession } from '../../db/schema'
import { recordFailure } from '../../lib/throttle'
import { LEGACY_APP_ID } from '../grant/service'
import { LOGIN_LOCKOUT, userLockout } from '../login/service'

const clock = testClock()
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const base = SAMPLE_ASSISTANT_API_PATH
const SESSION_ID = 'device-0123456789abc'

const countSessions = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(assistantSession))[0].n

async function codeFor(accessToken: string, authAppId = ASSISTANT_AUTH_APP_ID) {
  return payloadOf(await callApi(t.app, calls.grantCode, { authAppId }, { token: accessToken })) as { code: string; assistantApiUrl: string }
}

const login = (body: object, locale = 'zh-CN') =>
  t.app.inject({ method: 'POST', url: `${base}/login`, headers: { 'content-type': 'application/json', 'accept-language': locale }, payload: JSON.stringify(body) })

interface Session {
  token: string
  key: string
}

function signedCall(
  session: Session,
  method: 'GET' | 'POST',
  path: string,
  { body, locale = 'zh-CN', at = clock.now().getTime(), signature }: { body?: string; locale?: string; at?: number; signature?: string } = {},
) {
  const timestamp = String(at)
  return t.app.inject({
    method,
    url: `${base}${path}`,
    headers: {
      'accept-language': locale,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      [ASSISTANT_HEADERS.token]: session.token,
      [ASSISTANT_HEADERS.timestamp]: timestamp,
      [ASSISTANT_HEADERS.signature]: signature ?? assistantSignature(session.key, timestamp, body ?? ''),
    },
    payload: body,
  })
}
const ask = (session: Session, question: string, locale = 'zh-CN') => signedCall(session, 'POST', '/chat', { body: JSON.stringify({ question }), locale })

/** A refusal: the catalogue's code, status and message in the caller's language. */
function expectRefused(response: { statusCode: number; json(): unknown }, errorCode: ErrorCode, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const body = ErrorEnvelopeSchema.parse(response.json())
  expect(body.errorCode).toBe(errorCode)
  expect(body.code).toBe(ERRORS[errorCode].code)
  expect(response.statusCode).toBe(ERRORS[errorCode].status)
  expect(body.msg).toBe(ERRORS[errorCode].message[locale])
}

async function signedIn(source = 'h5') {
  const user = await seedAccount(t)
  const { code } = await codeFor(user.accessToken)
  const response = await login({ sessionId: SESSION_ID, source, code })
  expect(response.statusCode, response.body).toBe(200)
  return { user, session: payloadOf(response) as Session & { expiresIn: number } }
}

describe('the micro-assistant login', () => {
  it('redeems a one-time code of app 101 for a session token and signing key, kept as a digest only', async () => {
    const user = await seedAccount(t)
    const grant = await codeFor(user.accessToken)
    expect(grant.assistantApiUrl).toBe(SAMPLE_ASSISTANT_API_PATH)
    const before = await countSessions()
    const session = payloadOf(await login({ sessionId: SESSION_ID, source: 'mp', code: grant.code })) as Session & { expiresIn: number }
    expect(session).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/), key: expect.stringMatching(/^[\w-]{43}$/), expiresIn: ASSISTANT_SESSION_TTL_S })
    expect(session.key).not.toBe(session.token)
    expect(await countSessions()).toBe(before + 1)
    const rows = await t.database.db
      .select({ tokenHash: assistantSession.tokenHash, userId: assistantSession.userId, sessionId: assistantSession.sessionId, source: assistantSession.source })
      .from(assistantSession)
      .where(eq(assistantSession.userId, user.userId))
    expect(rows).toEqual([{ tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/), userId: user.userId, sessionId: SESSION_ID, source: 'mp' }])
    expect(JSON.stringify(rows)).not.toContain(session.token)
    expect(JSON.stringify(rows)).not.toContain(session.key)
  })

  it('refuses a missing, unknown, used, expired or foreign code and a wrong source, in both languages, storing nothing', async () => {
    const user = await seedAccount(t)
    const before = await countSessions()
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5' }), 'ASSISTANT_CODE_REQUIRED')
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code: '  ' }, 'en-US'), 'ASSISTANT_CODE_REQUIRED', 'en-US')
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code: 'no-such-code-000000' }), 'ASSISTANT_CODE_INVALID')
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code: 'no-such-code-000000' }, 'en-US'), 'ASSISTANT_CODE_INVALID', 'en-US')

    // A wrong source is refused before the code is spent: the same code then works.
    const { code } = await codeFor(user.accessToken)
    expectRefused(await login({ sessionId: SESSION_ID, source: 'app', code }), 'ASSISTANT_SOURCE_INVALID')
    expectRefused(await login({ sessionId: SESSION_ID, source: 'app', code }, 'en-US'), 'ASSISTANT_SOURCE_INVALID', 'en-US')
    expect(await countSessions()).toBe(before)
    expect((await login({ sessionId: SESSION_ID, source: 'h5', code })).statusCode).toBe(200)
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code }), 'ASSISTANT_CODE_INVALID')

    // A code of another app (the older user center's) is not the assistant's.
    const foreign = await codeFor(user.accessToken, LEGACY_APP_ID)
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code: foreign.code }), 'ASSISTANT_CODE_INVALID')

    // Expired: the code lives GRANT_CODE_TTL_S.
    const late = await codeFor(user.accessToken)
    clock.advance(GRANT_CODE_TTL_S * SECOND + 1)
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code: late.code }), 'ASSISTANT_CODE_INVALID')
    expect(await countSessions()).toBe(before + 1)
  })

  it('refuses a bad session id by the schema (VALIDATION_FAILED), storing nothing', async () => {
    const before = await countSessions()
    const response = await login({ sessionId: 'x', source: 'h5', code: 'abc' }, 'en-US')
    expect(ErrorEnvelopeSchema.parse(response.json()).errorCode).toBe('VALIDATION_FAILED')
    expect(response.statusCode).toBe(400)
    expect(await countSessions()).toBe(before)
  })

  it('answers 100400 for an account locked by failed sign-ins, without spending the code', async () => {
    const user = await seedAccount(t)
    const { code } = await codeFor(user.accessToken)
    for (let i = 0; i < LOGIN_LOCKOUT.maxFailures; i++) await recordFailure(t.kv, userLockout(user.userId), clock.now())
    const before = await countSessions()
    const refused = await login({ sessionId: SESSION_ID, source: 'h5', code })
    expectRefused(refused, 'ACCOUNT_ABNORMAL')
    expect(ErrorEnvelopeSchema.parse(refused.json()).code).toBe(100400)
    expectRefused(await login({ sessionId: SESSION_ID, source: 'h5', code }, 'en-US'), 'ACCOUNT_ABNORMAL', 'en-US')
    expect(await countSessions()).toBe(before)
    // Once the lock is over, the same code still opens the session.
    clock.advance(LOGIN_LOCKOUT.lockMs + SECOND)
    const later = await codeFor(user.accessToken)
    expect((await login({ sessionId: SESSION_ID, source: 'h5', code: later.code })).statusCode).toBe(200)
  })
})

describe('the micro-assistant chat', () => {
  it('answers from the help center in the caller language, with the article and related questions', async () => {
    const { session } = await signedIn()
    const zh = payloadOf(await ask(session, '忘记密码怎么办'))
    expect(zh).toMatchObject({ matched: true, article: { id: 'help-forgot-password', title: '忘记密码怎么办？' }, hotline: t.config.servicePhone })
    expect(zh.answer[0]).toContain('忘记密码')
    expect(zh.related.length).toBeGreaterThan(0)
    const en = payloadOf(await ask(session, 'How do I change my phone number?', 'en-US'))
    expect(en).toMatchObject({ matched: true, article: { id: 'help-change-phone', title: 'How do I change my bound phone number?' } })
    expect(en.answer.join(' ')).toMatch(/Account and security/)
  })

  it('says so when nothing matches, offering the configured hotline', async () => {
    const { session } = await signedIn()
    expect(payloadOf(await ask(session, '今天天气怎么样'))).toEqual({ matched: false, answer: [], article: null, related: [], hotline: t.config.servicePhone })
    expect(payloadOf(await ask(session, 'what is the weather tomorrow', 'en-US'))).toMatchObject({ matched: false, hotline: t.config.servicePhone })
  })

  it('suggests questions in the caller language', async () => {
    const { session } = await signedIn()
    const zh = payloadOf(await signedCall(session, 'GET', '/suggestions'))
    expect(zh.hotline).toBe(t.config.servicePhone)
    expect(zh.questions[0]).toEqual({ id: 'help-forgot-password', title: '忘记密码怎么办？' })
    // A signed call is accepted once: the next one is made a moment later.
    clock.advance(1)
    const en = payloadOf(await signedCall(session, 'GET', '/suggestions', { locale: 'en-US' }))
    expect(en.questions[0].title).toBe('I forgot my password. What can I do?')
  })

  it('refuses a missing, unknown or expired token, a bad or replayed signature and a stale timestamp', async () => {
    const { session } = await signedIn()
    const body = JSON.stringify({ question: '忘记密码' })
    expectRefused(await signedCall({ token: '', key: session.key }, 'POST', '/chat', { body }), 'ASSISTANT_TOKEN_INVALID')
    expectRefused(await signedCall({ token: 'unknown-token', key: session.key }, 'POST', '/chat', { body, locale: 'en-US' }), 'ASSISTANT_TOKEN_INVALID', 'en-US')
    // Signed with another key, or a body other than the one signed.
    expectRefused(await signedCall({ token: session.token, key: 'not-the-key' }, 'POST', '/chat', { body }), 'ASSISTANT_SIGNATURE_INVALID')
    const at = clock.now().getTime()
    const other = assistantSignature(session.key, String(at), JSON.stringify({ question: 'something else' }))
    expectRefused(await signedCall(session, 'POST', '/chat', { body, at, signature: other, locale: 'en-US' }), 'ASSISTANT_SIGNATURE_INVALID', 'en-US')
    expectRefused(await signedCall(session, 'GET', '/suggestions', { signature: 'zz' }), 'ASSISTANT_SIGNATURE_INVALID')
    // Outside the window, and the same signed call twice.
    expectRefused(await signedCall(session, 'POST', '/chat', { body, at: at - 6 * 60 * SECOND }), 'ASSISTANT_REQUEST_STALE')
    expectRefused(await signedCall(session, 'POST', '/chat', { body, at: at + 6 * 60 * SECOND }), 'ASSISTANT_REQUEST_STALE')
    expect((await signedCall(session, 'POST', '/chat', { body, at })).statusCode).toBe(200)
    expectRefused(await signedCall(session, 'POST', '/chat', { body, at }), 'ASSISTANT_REQUEST_STALE')
    // An empty question, once signed, is invalid input.
    const empty = await signedCall(session, 'POST', '/chat', { body: JSON.stringify({ question: '  ' }) })
    expect(ErrorEnvelopeSchema.parse(empty.json()).errorCode).toBe('VALIDATION_FAILED')
    // The session ends after its time.
    clock.advance(ASSISTANT_SESSION_TTL_S * SECOND + 1)
    expectRefused(await ask(session, '忘记密码'), 'ASSISTANT_TOKEN_INVALID')
  })

  it('ends the sessions of an account that is gone', async () => {
    const { user, session } = await signedIn()
    expect((await ask(session, '忘记密码')).statusCode).toBe(200)
    await t.database.db.delete(appUser).where(eq(appUser.id, user.userId))
    expectRefused(await ask(session, '忘记密码'), 'ASSISTANT_TOKEN_INVALID')
  })

  it('answers any body with an envelope, never a 5xx, and stores nothing on a refusal (fuzz)', async () => {
    const { session } = await signedIn()
    const value = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.constantFrom("' OR 1=1 --", '\u0000', '__proto__', 'a'.repeat(5000)))
    const record = fc.record({ sessionId: value, source: value, code: value, question: value }, { requiredKeys: [] })
    const raw = fc.oneof(record.map((r) => JSON.stringify(r)), fc.constantFrom('{bad', '[]', 'null', '"x"', ''))
    await fc.assert(
      fc.asyncProperty(raw, fc.constantFrom('/login', '/chat'), fc.boolean(), async (body, path, signIt) => {
        const before = await countSessions()
        const at = String(clock.now().getTime())
        const response = await t.app.inject({
          method: 'POST',
          url: `${base}${path}`,
          headers: {
            'content-type': 'application/json',
            ...(signIt ? { [ASSISTANT_HEADERS.token]: session.token, [ASSISTANT_HEADERS.timestamp]: at, [ASSISTANT_HEADERS.signature]: assistantSignature(session.key, at, body) } : {}),
          },
          payload: body,
        })
        expect(response.statusCode).toBeLessThan(500)
        const answer = response.json() as { code: number }
        if (answer.code !== 200) {
          ErrorEnvelopeSchema.parse(answer)
          expect(await countSessions()).toBe(before)
        }
      }),
      { numRuns: 60 },
    )
  })
})
