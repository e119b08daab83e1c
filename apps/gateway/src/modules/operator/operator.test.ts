import { calls, callUrl } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, operator as operatorTable } from '../../db/schema'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { seedAccount } from '../../../test/helpers/accounts'
import { expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, HOUR, testClock } from '../../../test/helpers/clock'
import { type ConsoleClient, type TestOperator, consoleCall, createOperator, nextCode, passwordStep, sessionCookieOf, signIn } from '../../../test/helpers/operators'
import { sealPassword } from '../../../test/helpers/password'
import { signed } from '../../../test/helpers/signed'
import { softPasskey } from '../../../test/helpers/webauthn'
import { runConsoleOperatorCommand } from './cli'
import { readDevOperators, seedDevOperators } from './dev-operators'
import { totpCode } from './totp'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp
let serial = 0
const newOperator = (roles: TestOperator['roles'] = ['auditor']) => createOperator(t.app, `op${++serial}@console.test`, roles)
const auditActions = async (operatorId: string) =>
  (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.resourceId, operatorId))).map((row) => row.action)

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

describe('sign-in: password step', () => {
  it('answers a challenge and the factors; an unknown email and a wrong password answer alike, in the caller language', async () => {
    const op = await newOperator()
    const answer = payloadOf(await passwordStep(t.app, op.email, op.password))
    expect(answer.factors).toEqual(['totp', 'recovery'])
    expect(answer.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const wrong = expectRefusal(await passwordStep(t.app, op.email, 'Wrong-Pass-2026x', { 'accept-language': 'en-US' }), 'WRONG_CREDENTIALS', 400)
    const unknown = expectRefusal(await passwordStep(t.app, 'nobody@console.test', op.password, { 'accept-language': 'en-US' }), 'WRONG_CREDENTIALS', 400)
    expect(unknown.msg).toBe(wrong.msg)
    expect(wrong.msg).toBe('The account or password is incorrect')
    expect(expectRefusal(await passwordStep(t.app, op.email, 'Wrong-Pass-2026x'), 'WRONG_CREDENTIALS').msg).toBe('账号或密码错误')
  })

  it('refuses bad input with the field named', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/app/console/auth/password', headers: { 'accept-language': 'en-US' }, payload: { email: 'not-an-email', password: '' } })
    const body = expectRefusal(response, 'VALIDATION_FAILED', 400)
    expect(body.fields?.map((f) => f.field).sort()).toEqual(['email', 'password'])
  })

  it('refuses an operator who has not enrolled yet, as a wrong password', async () => {
    const invited = await runConsoleOperatorCommand(['add', 'pending@console.test', '--role', 'auditor'], { ...t.app, origin: 'https://hr.example' })
    expect(invited.ok).toBe(true)
    expectRefusal(await passwordStep(t.app, 'pending@console.test', 'Anything-2026-x'), 'WRONG_CREDENTIALS')
  })

  it('locks the operator after 5 failures (even the right password), audits the failures and the lock, and lets them in after 15 minutes', async () => {
    const op = await newOperator()
    for (let i = 0; i < 4; i++) expectRefusal(await passwordStep(t.app, op.email, 'Wrong-Pass-2026x'), 'WRONG_CREDENTIALS')
    const locked = await passwordStep(t.app, op.email, 'Wrong-Pass-2026x')
    expectRefusal(locked, 'ACCOUNT_LOCKED', 423)
    expectRefusal(await passwordStep(t.app, op.email, op.password), 'ACCOUNT_LOCKED')
    const actions = await auditActions(op.id)
    expect(actions.filter((a) => a === 'operator.sign_in_failed')).toHaveLength(6)
    expect(actions).toContain('operator.locked')
    clock.advance(15 * MINUTE + 1000)
    payloadOf(await passwordStep(t.app, op.email, op.password))
  })

  it('locks an unknown email the same way', async () => {
    for (let i = 0; i < 5; i++) await passwordStep(t.app, 'ghost@console.test', 'Wrong-Pass-2026x')
    expectRefusal(await passwordStep(t.app, 'ghost@console.test', 'Wrong-Pass-2026x'), 'ACCOUNT_LOCKED')
  })
})

describe('sign-in: second factor', () => {
  it('TOTP: sets an HttpOnly Secure SameSite=Strict __Host- cookie and answers the operator, the CSRF token and the session times', async () => {
    const op = await newOperator(['auditor', 'content_editor'])
    const { challenge } = payloadOf(await passwordStep(t.app, op.email, op.password))
    const response = await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: await nextCode(clock, op.totpSecret) } })
    const answer = payloadOf(response)
    expect(answer.operator).toMatchObject({ id: op.id, email: op.email, roles: ['auditor', 'content_editor'], locale: 'zh-CN' })
    expect(Date.parse(answer.session.idleExpiresAt) - clock.now().getTime()).toBe(30 * MINUTE)
    expect(Date.parse(answer.session.expiresAt) - clock.now().getTime()).toBe(12 * HOUR)
    const cookie = response.cookies[0]
    expect(cookie).toMatchObject({ name: '__Host-ess-console', httpOnly: true, secure: true, sameSite: 'Strict', path: '/' })
    expect(await auditActions(op.id)).toContain('operator.sign_in')
    // The challenge was used up with the sign-in.
    expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: await nextCode(clock, op.totpSecret) } }), 'CONSOLE_CHALLENGE_INVALID', 400)
  })

  it('refuses a wrong code, and a right code used again within its window', async () => {
    const op = await newOperator()
    const first = payloadOf(await passwordStep(t.app, op.email, op.password))
    expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge: first.challenge, code: '000000' === (await totpCode(op.totpSecret, clock.now())) ? '111111' : '000000' } }), 'WRONG_SECOND_FACTOR', 400)
    const code = await nextCode(clock, op.totpSecret)
    payloadOf(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge: first.challenge, code } }))
    const second = payloadOf(await passwordStep(t.app, op.email, op.password))
    clock.advance(10_000)
    expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge: second.challenge, code } }), 'TOTP_CODE_REUSED', 400)
  })

  it('five wrong codes lock the operator', async () => {
    const op = await newOperator()
    const { challenge } = payloadOf(await passwordStep(t.app, op.email, op.password))
    const wrong = (await totpCode(op.totpSecret, clock.now())) === '123456' ? '654321' : '123456'
    for (let i = 0; i < 4; i++) expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: wrong } }), 'WRONG_SECOND_FACTOR')
    expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: wrong } }), 'ACCOUNT_LOCKED')
    expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: await nextCode(clock, op.totpSecret) } }), 'ACCOUNT_LOCKED')
  })

  it('a challenge lasts 5 minutes', async () => {
    const op = await newOperator()
    const { challenge } = payloadOf(await passwordStep(t.app, op.email, op.password))
    clock.advance(5 * MINUTE + 1000)
    expectRefusal(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: await totpCode(op.totpSecret, clock.now()) } }), 'CONSOLE_CHALLENGE_INVALID')
  })
})

describe('enrollment and recovery codes', () => {
  it('enrolls once through the link, signs in with a recovery code once', async () => {
    const result = await runConsoleOperatorCommand(['add', 'New.Editor@Console.test', '--role', 'content_editor', '--role', 'content_publisher'], { ...t.app, origin: 'https://hr.example/' })
    expect(result.ok).toBe(true)
    const link = result.lines[1]
    expect(link).toMatch(/^https:\/\/hr\.example\/console\/#\/enroll\/[A-Za-z0-9_-]{43}$/)
    const token = link.slice(link.lastIndexOf('/') + 1)
    const url = `/app/console/auth/enrollment/${token}`
    const info = payloadOf(await t.app.inject({ method: 'GET', url }))
    expect(info).toMatchObject({ email: 'new.editor@console.test', totpSecret: expect.any(String) })
    expect(info.totpUri).toMatch(/^otpauth:\/\/totp\/ESS%20Console:new\.editor%40console\.test\?/)

    const seal = (p: string) => sealPassword(t.app.passwordKey.publicKeyPem, p)
    // Too short for an operator (fine for an employee): the field is named, in the caller's language.
    const short = expectRefusal(
      await t.app.inject({ method: 'POST', url, headers: { 'accept-language': 'en-US' }, payload: { password: await seal('Short-2026x'), totpCode: await totpCode(info.totpSecret, clock.now()) } }),
      'VALIDATION_FAILED',
      400,
    )
    expect(short.fields).toEqual([{ field: 'password', messageKey: 'password.operatorTooShort', message: expect.stringContaining('12 characters') }])
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: { password: await seal('password1234'), totpCode: await totpCode(info.totpSecret, clock.now()) } }), 'PASSWORD_TOO_COMMON')
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: { password: await seal('Good-Pass-2026-x'), totpCode: '000000' === (await totpCode(info.totpSecret, clock.now())) ? '999999' : '000000' } }), 'WRONG_SECOND_FACTOR')

    const enrolled = payloadOf(await t.app.inject({ method: 'POST', url, payload: { password: await seal('Good-Pass-2026-x'), totpCode: await nextCode(clock, info.totpSecret) } }))
    expect(enrolled.recoveryCodes).toHaveLength(10)
    expect(new Set(enrolled.recoveryCodes).size).toBe(10)
    expectRefusal(await t.app.inject({ method: 'GET', url }), 'ENROLLMENT_INVALID', 404)
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: { password: await seal('Good-Pass-2026-x'), totpCode: await nextCode(clock, info.totpSecret) } }), 'ENROLLMENT_INVALID')

    const signInWith = async (code: string) => {
      const { challenge } = payloadOf(await passwordStep(t.app, 'new.editor@console.test', 'Good-Pass-2026-x'))
      return t.app.inject({ method: 'POST', url: '/app/console/auth/recovery', payload: { challenge, code } })
    }
    const [code] = enrolled.recoveryCodes as string[]
    const answer = payloadOf(await signInWith(` ${code.toUpperCase()} `))
    expect(answer.operator.roles).toEqual(['content_editor', 'content_publisher'])
    expectRefusal(await signInWith(code), 'WRONG_SECOND_FACTOR')
    const [row] = await t.app.db.select({ passwordHash: operatorTable.passwordHash, totpSecret: operatorTable.totpSecret }).from(operatorTable).where(eq(operatorTable.email, 'new.editor@console.test'))
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row.totpSecret).not.toContain(info.totpSecret)
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'operator.enrolled'))).toHaveLength(1)
  })

  it('a link lasts 24 hours; the command refuses unknown roles and enrolled operators', async () => {
    const deps = { ...t.app, origin: 'https://hr.example' }
    const result = await runConsoleOperatorCommand(['add', 'late@console.test', '--role', 'auditor'], deps)
    const token = result.lines[1].split('/').at(-1)
    clock.advance(24 * HOUR + 1000)
    expectRefusal(await t.app.inject({ method: 'GET', url: `/app/console/auth/enrollment/${token}` }), 'ENROLLMENT_INVALID')
    expectRefusal(await t.app.inject({ method: 'GET', url: '/app/console/auth/enrollment/short' }), 'VALIDATION_FAILED')
    expect(await runConsoleOperatorCommand(['add', 'x@console.test', '--role', 'boss'], deps)).toMatchObject({ ok: false, usage: true, lines: ['unknown role: boss'] })
    expect(await runConsoleOperatorCommand(['add', 'x@console.test'], deps)).toMatchObject({ ok: false, usage: true })
    expect(await runConsoleOperatorCommand(['add', 'not-an-email', '--role', 'admin'], deps)).toMatchObject({ ok: false })
    const op = await newOperator()
    expect(await runConsoleOperatorCommand(['add', op.email, '--role', 'admin'], deps)).toMatchObject({ ok: false, lines: [`${op.email} is already an enrolled operator`] })
  })
})

describe('the session', () => {
  it('ends after 30 minutes without a call, and each call keeps it alive', async () => {
    const op = await newOperator()
    const client = await signIn(t.app, clock, op)
    clock.advance(29 * MINUTE)
    payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'))
    clock.advance(29 * MINUTE)
    payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'))
    clock.advance(30 * MINUTE + 1)
    expectRefusal(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID', 401)
  })

  it('ends 12 hours after the sign-in however busy', async () => {
    const op = await newOperator()
    const client = await signIn(t.app, clock, op)
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE)
      payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'))
    }
    clock.advance(20 * MINUTE)
    expectRefusal(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID', 401)
  })

  it('refuses a forged or missing cookie', async () => {
    const op = await newOperator()
    const client = await signIn(t.app, clock, op)
    const [name, value] = client.cookie.split('=')
    const [id] = value.split('.')
    expectRefusal(await consoleCall(t.app, { ...client, cookie: `${name}=${id}.forged` }, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID')
    expectRefusal(await consoleCall(t.app, { ...client, cookie: `${name}=garbage` }, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID')
    expectRefusal(await consoleCall(t.app, { ...client, cookie: `ess-console=${value}` }, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID')
  })

  it('CSRF: a state-changing call needs the session token in x-csrf-token', async () => {
    const op = await newOperator()
    const client = await signIn(t.app, clock, op)
    const other = await signIn(t.app, clock, await newOperator())
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/sign-out', { csrf: false }), 'CONSOLE_CSRF_INVALID', 403)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/sign-out', { csrf: 'x'.repeat(43) }), 'CONSOLE_CSRF_INVALID', 403)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/sign-out', { csrf: other.csrf }), 'CONSOLE_CSRF_INVALID', 403)
    // GET needs none; the token is the one `me` answers.
    expect(payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me', { csrf: false })).csrfToken).toBe(client.csrf)
    payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/sign-out'))
  })

  it('signs out (the cookie cleared, the session ended, audited), lists and revokes own sessions', async () => {
    const op = await newOperator()
    const a = await signIn(t.app, clock, op)
    const b = await signIn(t.app, clock, op)
    const listed = payloadOf(await consoleCall(t.app, a, 'GET', '/app/console/auth/sessions')).items
    expect(listed.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [a.sessionId, true],
      [b.sessionId, false],
    ])
    expectRefusal(await consoleCall(t.app, a, 'DELETE', '/app/console/auth/sessions/unknownsession'), 'SESSION_NOT_FOUND', 404)
    const foreign = await signIn(t.app, clock, await newOperator())
    expectRefusal(await consoleCall(t.app, a, 'DELETE', `/app/console/auth/sessions/${foreign.sessionId}`), 'SESSION_NOT_FOUND', 404)
    payloadOf(await consoleCall(t.app, a, 'DELETE', `/app/console/auth/sessions/${b.sessionId}`))
    expectRefusal(await consoleCall(t.app, b, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID')
    const out = await consoleCall(t.app, a, 'POST', '/app/console/auth/sign-out')
    payloadOf(out)
    expect(out.cookies[0]).toMatchObject({ name: '__Host-ess-console', value: '' })
    expectRefusal(await consoleCall(t.app, a, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID')
    const actions = (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.operatorId, op.id))).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['operator.session_revoked', 'operator.sign_out']))
  })

  it('employee tokens do not open the console, and the console cookie does not open the employee API', async () => {
    const employee = await seedAccount(t)
    const withToken = await t.app.inject(signed({ method: 'GET', path: '/app/console/auth/me', token: employee.accessToken }))
    expectRefusal(withToken, 'CONSOLE_SESSION_INVALID', 401)
    const client = await signIn(t.app, clock, await newOperator(['admin']))
    const userInfo = signed({ method: 'GET', path: callUrl(calls.getUserInfo) })
    const response = await t.app.inject({ ...userInfo, headers: { ...(userInfo.headers as Record<string, string>), cookie: client.cookie } })
    expectRefusal(response, 'SESSION_INVALID', 401)
    // The portal's signature is not asked of the console (a cookie + CSRF client).
    payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'))
  })
})

describe('step-up and own security', () => {
  it('recovery codes need a step-up within 5 minutes', async () => {
    const op = await newOperator()
    const client = await signIn(t.app, clock, op)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/recovery-codes'), 'STEP_UP_REQUIRED', 403)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up', { payload: { code: 'abc' } }), 'VALIDATION_FAILED')
    const code = await nextCode(clock, op.totpSecret)
    const { stepUpUntil } = payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up', { payload: { code } }))
    expect(Date.parse(stepUpUntil) - clock.now().getTime()).toBe(5 * MINUTE)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up', { payload: { code } }), 'TOTP_CODE_REUSED')
    expect(payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me')).stepUpUntil).toBe(stepUpUntil)
    const { recoveryCodes } = payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/recovery-codes'))
    expect(recoveryCodes).toHaveLength(10)
    clock.advance(5 * MINUTE + 1)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/recovery-codes'), 'STEP_UP_REQUIRED', 403)
    expect(payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me')).stepUpUntil).toBeNull()
    expect(await auditActions(op.id)).toEqual(expect.arrayContaining(['operator.step_up', 'operator.recovery_codes_regenerated']))
  })

  it('changes the password: the current one checked, the rules, the other sessions ended', async () => {
    const op = await newOperator()
    const a = await signIn(t.app, clock, op)
    const b = await signIn(t.app, clock, op)
    const seal = (p: string) => sealPassword(t.app.passwordKey.publicKeyPem, p)
    const change = async (current: string, next: string) =>
      consoleCall(t.app, a, 'POST', '/app/console/auth/password-change', { payload: { currentPassword: await seal(current), newPassword: await seal(next) } })
    expectRefusal(await change('Wrong-Pass-2026x', 'Another-Pass-2027'), 'WRONG_OLD_PASSWORD')
    expectRefusal(await change(op.password, 'Short-2026x'), 'VALIDATION_FAILED')
    expectRefusal(await change(op.password, op.password), 'PASSWORD_SAME_AS_CURRENT')
    expect(payloadOf(await change(op.password, 'Another-Pass-2027'))).toEqual({ changed: true, otherSessionsEnded: 1 })
    expectRefusal(await consoleCall(t.app, b, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID')
    payloadOf(await consoleCall(t.app, a, 'GET', '/app/console/auth/me'))
    expectRefusal(await passwordStep(t.app, op.email, op.password), 'WRONG_CREDENTIALS')
    payloadOf(await passwordStep(t.app, op.email, 'Another-Pass-2027'))
  })

  it('registers a passkey (step-up), then signs in and steps up with it', async () => {
    const op = await newOperator()
    const client = await signIn(t.app, clock, op)
    const { origin, rpId } = t.app.config.console
    const key = softPasskey(origin, rpId)
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/passkeys/registration-options'), 'STEP_UP_REQUIRED')
    payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up', { payload: { code: await nextCode(clock, op.totpSecret) } }))
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up/options'), 'PASSKEY_UNAVAILABLE')
    const options = payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/passkeys/registration-options'))
    expect(options.rp).toEqual({ name: 'ESS Console', id: rpId })
    // An answer made for another site is refused, and the ceremony is spent.
    expectRefusal(await consoleCall(t.app, client, 'POST', '/app/console/auth/passkeys', { payload: { response: key.register(options, { origin: 'https://evil.example' }) } }), 'PASSKEY_FAILED')
    const again = payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/passkeys/registration-options'))
    const registered = payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/passkeys', { payload: { response: key.register(again), name: 'Laptop' } }))
    expect(registered).toMatchObject({ id: key.id, name: 'Laptop', lastUsedAt: null })
    expect(payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/passkeys')).items).toHaveLength(1)

    const { challenge, factors } = payloadOf(await passwordStep(t.app, op.email, op.password))
    expect(factors).toEqual(['totp', 'recovery', 'passkey'])
    const authOptions = payloadOf(await t.app.inject({ method: 'POST', url: '/app/console/auth/passkey/options', payload: { challenge } }))
    expect(authOptions.allowCredentials).toEqual([expect.objectContaining({ id: key.id })])
    const response = await t.app.inject({ method: 'POST', url: '/app/console/auth/passkey', payload: { challenge, response: key.authenticate(authOptions) } })
    const signedIn = payloadOf(response)
    expect(signedIn.operator.id).toBe(op.id)
    const second = { cookie: sessionCookieOf(t.app, response), csrf: signedIn.csrfToken, sessionId: signedIn.session.id } satisfies ConsoleClient
    const stepOptions = payloadOf(await consoleCall(t.app, second, 'POST', '/app/console/auth/step-up/options'))
    // A replayed assertion (the old challenge) is refused; a fresh one steps up.
    expectRefusal(await consoleCall(t.app, second, 'POST', '/app/console/auth/step-up', { payload: { passkey: key.authenticate(authOptions) } }), 'PASSKEY_FAILED')
    const stepOptions2 = payloadOf(await consoleCall(t.app, second, 'POST', '/app/console/auth/step-up/options'))
    expect(stepOptions2.challenge).not.toBe(stepOptions.challenge)
    payloadOf(await consoleCall(t.app, second, 'POST', '/app/console/auth/step-up', { payload: { passkey: key.authenticate(stepOptions2) } }))
  })
})

describe('development', () => {
  it('seeds one operator per role once, with secrets in the data dir, shown on /dev/operators with a code that signs in', async () => {
    expect(await seedDevOperators(t.app, t.config.dataDir)).toBe(7)
    expect(await seedDevOperators(t.app, t.config.dataDir)).toBe(0)
    const listed = payloadOf(await t.app.inject({ method: 'GET', url: '/dev/operators.json' }))
    expect(listed.map((o: { email: string }) => o.email)).toContain('content-editor@console.example')
    expect(readDevOperators(t.config.dataDir)).toHaveLength(7)
    const editor = listed.find((o: { role: string }) => o.role === 'content_editor')
    const { challenge } = payloadOf(await passwordStep(t.app, editor.email, editor.password))
    payloadOf(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: editor.code } }))
    const { challenge: again } = payloadOf(await passwordStep(t.app, editor.email, editor.password))
    payloadOf(await t.app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge: again, code: editor.nextCode } }))
    const page = await t.app.inject({ method: 'GET', url: '/dev/operators' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('admin@console.example')
  })
})
