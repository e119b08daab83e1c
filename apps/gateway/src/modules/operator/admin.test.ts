// Operators' management (issue 34): list, invite, roles, disable/enable, reset of the second
// factor, an operator's sessions; step-up, the last-admin rule, the audit rows, refusals that
// change nothing. The role matrix over these routes is plugins/console-auth.test.ts.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, operator as operatorTable, operatorPasskey, operatorRecoveryCode, operatorRole } from '../../db/schema'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { type ConsoleClient, type TestOperator, consoleCall, createOperator, nextCode, passwordStep, signIn } from '../../../test/helpers/operators'
import { sealPassword } from '../../../test/helpers/password'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp
let admin: TestOperator
let adminClient: ConsoleClient
let serial = 0
const newOperator = (roles: TestOperator['roles'] = ['auditor']) => createOperator(t.app, `managed${++serial}@console.test`, roles)
const call = (client: ConsoleClient, method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
  consoleCall(t.app, client, method, url, { payload, headers })
const stepUp = async (client: ConsoleClient, op: TestOperator) =>
  payloadOf(await call(client, 'POST', '/app/console/auth/step-up', { code: await nextCode(clock, op.totpSecret) }))
const auditRows = async (resourceId: string) =>
  t.app.db.select({ action: auditLog.action, operatorId: auditLog.operatorId, before: auditLog.before, after: auditLog.after }).from(auditLog).where(eq(auditLog.resourceId, resourceId))
const statusOf = async (id: string) => (await t.app.db.select({ status: operatorTable.status }).from(operatorTable).where(eq(operatorTable.id, id)))[0]?.status
const rolesOf = async (id: string) => (await t.app.db.select({ role: operatorRole.role }).from(operatorRole).where(eq(operatorRole.operatorId, id))).map((r) => r.role).sort()

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  admin = await createOperator(t.app, 'chief@console.test', ['admin'])
  adminClient = await signIn(t.app, clock, admin)
})
afterAll(() => t.close())

describe('the list', () => {
  it('shows every operator with roles, state, last sign-in and live sessions', async () => {
    const other = await newOperator(['support_agent', 'auditor'])
    await signIn(t.app, clock, other)
    const { items } = payloadOf(await call(adminClient, 'GET', '/app/console/operators'))
    const row = items.find((item: { id: string }) => item.id === other.id)
    expect(row).toMatchObject({ email: other.email, roles: ['auditor', 'support_agent'], status: 'active', sessions: 1, enrollmentExpiresAt: null })
    expect(row.lastSignInAt).toBe(clock.now().toISOString())
    expect(items.find((item: { id: string }) => item.id === admin.id)).toMatchObject({ roles: ['admin'], status: 'active' })
  })
})

describe('invite', () => {
  it('answers a one-time enrollment link (24 h) that enrolls the operator with the roles given; audited with the admin as actor', async () => {
    const answer = payloadOf(await call(adminClient, 'POST', '/app/console/operators', { email: ' New.Agent@Console.test ', roles: ['support_agent'], displayName: 'New agent' }))
    expect(answer.enrollmentUrl).toMatch(/^http:\/\/localhost:\d+\/console\/#\/enroll\/[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(answer.expiresAt) - clock.now().getTime()).toBe(24 * 3600_000)
    const { items } = payloadOf(await call(adminClient, 'GET', '/app/console/operators'))
    expect(items.find((item: { id: string }) => item.id === answer.id)).toMatchObject({ email: 'new.agent@console.test', displayName: 'New agent', status: 'invited', roles: ['support_agent'], enrollmentExpiresAt: answer.expiresAt })
    const rows = await auditRows(answer.id)
    expect(rows).toEqual([expect.objectContaining({ action: 'operator.enrollment_issued', operatorId: admin.id })])
    // The link works on the enrollment page.
    const token = answer.enrollmentUrl.split('/').pop()
    const info = payloadOf(await t.app.inject({ method: 'GET', url: `/app/console/auth/enrollment/${token}` }))
    expect(info.email).toBe('new.agent@console.test')
  })

  it('renews the link of an operator not yet enrolled (the earlier link is void) and takes the new roles', async () => {
    const first = payloadOf(await call(adminClient, 'POST', '/app/console/operators', { email: 'renew@console.test', roles: ['auditor'] }))
    const second = payloadOf(await call(adminClient, 'POST', '/app/console/operators', { email: 'renew@console.test', roles: ['roster_manager', 'auditor'] }))
    expect(second.id).toBe(first.id)
    expect(await rolesOf(first.id)).toEqual(['auditor', 'roster_manager'])
    expectRefusal(await t.app.inject({ method: 'GET', url: `/app/console/auth/enrollment/${first.enrollmentUrl.split('/').pop()}` }), 'ENROLLMENT_INVALID', 404)
    payloadOf(await t.app.inject({ method: 'GET', url: `/app/console/auth/enrollment/${second.enrollmentUrl.split('/').pop()}` }))
  })

  it('refuses an enrolled operator, a bad email and no role, storing nothing', async () => {
    const other = await newOperator()
    expectRefusal(await call(adminClient, 'POST', '/app/console/operators', { email: other.email, roles: ['auditor'] }, { 'accept-language': 'en-US' }), 'OPERATOR_EXISTS', 409)
    const bad = expectRefusal(await call(adminClient, 'POST', '/app/console/operators', { email: 'nope', roles: [] }), 'VALIDATION_FAILED', 400)
    expect(bad.fields?.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'roles'])
    expectRefusal(await call(adminClient, 'POST', '/app/console/operators', { email: 'x@console.test', roles: ['owner'] }), 'VALIDATION_FAILED', 400)
    expect(await t.app.db.select().from(operatorTable).where(eq(operatorTable.email, 'x@console.test'))).toHaveLength(0)
  })
})

describe('roles, step-up and the last admin', () => {
  it('changing roles needs a step-up; then replaces them and audits before and after', async () => {
    const other = await newOperator(['auditor'])
    const client = await signIn(t.app, clock, admin)
    expectRefusal(await call(client, 'PUT', `/app/console/operators/${other.id}/roles`, { roles: ['content_editor'] }), 'STEP_UP_REQUIRED', 403)
    expect(await rolesOf(other.id)).toEqual(['auditor'])
    await stepUp(client, admin)
    const item = payloadOf(await call(client, 'PUT', `/app/console/operators/${other.id}/roles`, { roles: ['content_editor', 'auditor', 'content_editor'] }))
    expect(item.roles).toEqual(['auditor', 'content_editor'])
    expect(await auditRows(other.id)).toEqual([expect.objectContaining({ action: 'operator.roles_changed', operatorId: admin.id, before: { roles: ['auditor'] }, after: { roles: ['auditor', 'content_editor'] } })])
    // The operator's next call has the new roles.
    const otherClient = await signIn(t.app, clock, other)
    const me = payloadOf(await call(otherClient, 'GET', '/app/console/auth/me'))
    expect(me.operator.roles).toEqual(['auditor', 'content_editor'])
  })

  it('the last active admin can neither lose the admin role nor be disabled or reset; a second admin makes it possible', async () => {
    const client = await signIn(t.app, clock, admin)
    await stepUp(client, admin)
    const refusal = expectRefusal(await call(client, 'PUT', `/app/console/operators/${admin.id}/roles`, { roles: ['auditor'] }, { 'accept-language': 'en-US' }), 'LAST_ADMIN', 409)
    expect(refusal.msg).toBe('At least one active admin must remain: the last one cannot be disabled, reset or lose the admin role')
    expect(expectRefusal(await call(client, 'PUT', `/app/console/operators/${admin.id}/roles`, { roles: ['auditor'] }), 'LAST_ADMIN').msg).toContain('管理员')
    expect(await rolesOf(admin.id)).toEqual(['admin'])
    // A disabled admin does not count.
    const second = await newOperator(['admin'])
    payloadOf(await call(client, 'POST', `/app/console/operators/${second.id}/status`, { status: 'disabled' }))
    expectRefusal(await call(client, 'PUT', `/app/console/operators/${admin.id}/roles`, { roles: ['auditor'] }), 'LAST_ADMIN')
    payloadOf(await call(client, 'POST', `/app/console/operators/${second.id}/status`, { status: 'active' }))
    // The second admin, active again, may demote the first; then the second is the last.
    const secondClient = await signIn(t.app, clock, second)
    await stepUp(secondClient, second)
    expect(payloadOf(await call(secondClient, 'PUT', `/app/console/operators/${admin.id}/roles`, { roles: ['admin', 'auditor'] })).roles).toEqual(['admin', 'auditor'])
    expectRefusal(await call(client, 'POST', `/app/console/operators/${admin.id}/status`, { status: 'disabled' }), 'OPERATOR_SELF', 409)
    payloadOf(await call(client, 'PUT', `/app/console/operators/${second.id}/roles`, { roles: ['auditor'] }))
    expectRefusal(await call(secondClient, 'POST', `/app/console/operators/${admin.id}/status`, { status: 'disabled' }), 'CONSOLE_ROLE_DENIED', 403)
    expect(await statusOf(admin.id)).toBe('active')
  })

  it('an unknown operator answers 404 OPERATOR_NOT_FOUND', async () => {
    const client = await signIn(t.app, clock, admin)
    await stepUp(client, admin)
    expectRefusal(await call(client, 'PUT', '/app/console/operators/0b8f1c3e-1111-4222-8333-944445555666/roles', { roles: ['auditor'] }), 'OPERATOR_NOT_FOUND', 404)
    expectRefusal(await call(client, 'POST', '/app/console/operators/not-a-uuid/status', { status: 'disabled' }), 'OPERATOR_NOT_FOUND', 404)
    expectRefusal(await call(client, 'GET', '/app/console/operators/not-a-uuid/sessions'), 'OPERATOR_NOT_FOUND', 404)
  })
})

describe('disable and enable', () => {
  it('disabling (step-up) ends the sessions and refuses sign-in; enabling lets them in again; both audited', async () => {
    const other = await newOperator(['auditor'])
    const otherClient = await signIn(t.app, clock, other)
    const client = await signIn(t.app, clock, admin)
    expectRefusal(await call(client, 'POST', `/app/console/operators/${other.id}/status`, { status: 'disabled' }), 'STEP_UP_REQUIRED', 403)
    await stepUp(client, admin)
    expect(payloadOf(await call(client, 'POST', `/app/console/operators/${other.id}/status`, { status: 'disabled' }))).toMatchObject({ status: 'disabled', sessions: 0 })
    expectRefusal(await call(otherClient, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID', 401)
    expectRefusal(await passwordStep(t.app, other.email, other.password), 'WRONG_CREDENTIALS')
    payloadOf(await call(client, 'POST', `/app/console/operators/${other.id}/status`, { status: 'active' }))
    await signIn(t.app, clock, other)
    const rows = await auditRows(other.id)
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['operator.disabled', 'operator.enabled']))
    expect(rows.find((r) => r.action === 'operator.disabled')).toMatchObject({ operatorId: admin.id, before: { status: 'active' }, after: { status: 'disabled', sessionsEnded: 1 } })
  })

  it('an operator not yet enrolled cannot be enabled; a bad status is refused', async () => {
    const invited = payloadOf(await call(adminClient, 'POST', '/app/console/operators', { email: 'pending2@console.test', roles: ['auditor'] }))
    const client = await signIn(t.app, clock, admin)
    await stepUp(client, admin)
    expectRefusal(await call(client, 'POST', `/app/console/operators/${invited.id}/status`, { status: 'active' }), 'OPERATOR_NOT_ENROLLED', 409)
    expectRefusal(await call(client, 'POST', `/app/console/operators/${invited.id}/status`, { status: 'invited' }), 'VALIDATION_FAILED', 400)
    expect(await statusOf(invited.id)).toBe('invited')
  })
})

describe('reset of the second factor', () => {
  it('(step-up) removes authenticator, recovery codes and passkeys, ends sessions, and answers a new enrollment link that enrolls again', async () => {
    const other = await newOperator(['support_agent'])
    const otherClient = await signIn(t.app, clock, other)
    await stepUp(otherClient, other)
    payloadOf(await call(otherClient, 'POST', '/app/console/auth/recovery-codes'))
    await t.app.db.insert(operatorPasskey).values({ id: `pk-${other.id}`, operatorId: other.id, publicKey: 'x', counter: 0, transports: [], name: 'Laptop', createdAt: clock.now() })
    const client = await signIn(t.app, clock, admin)
    expectRefusal(await call(client, 'POST', `/app/console/operators/${other.id}/reset-factor`), 'STEP_UP_REQUIRED', 403)
    await stepUp(client, admin)
    const link = payloadOf(await call(client, 'POST', `/app/console/operators/${other.id}/reset-factor`))
    expect(link.id).toBe(other.id)
    expect(await statusOf(other.id)).toBe('invited')
    expect(await t.app.db.select().from(operatorPasskey).where(eq(operatorPasskey.operatorId, other.id))).toHaveLength(0)
    expect(await t.app.db.select().from(operatorRecoveryCode).where(and(eq(operatorRecoveryCode.operatorId, other.id)))).toHaveLength(0)
    expectRefusal(await call(otherClient, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID', 401)
    expectRefusal(await passwordStep(t.app, other.email, other.password), 'WRONG_CREDENTIALS')
    expect(await rolesOf(other.id)).toEqual(['support_agent'])
    const rows = await auditRows(other.id)
    expect(rows.find((r) => r.action === 'operator.factor_reset')).toMatchObject({ operatorId: admin.id, after: { status: 'invited', passkeysRemoved: 1, sessionsEnded: 1 } })
    // The new link enrolls again with a new password and authenticator.
    const token = link.enrollmentUrl.split('/').pop()
    const info = payloadOf(await t.app.inject({ method: 'GET', url: `/app/console/auth/enrollment/${token}` }))
    const { totpCode } = await import('./totp')
    const enrolled = await t.app.inject({
      method: 'POST',
      url: `/app/console/auth/enrollment/${token}`,
      payload: { password: await sealPassword(t.app.passwordKey.publicKeyPem, 'Fresh-Console-2027'), totpCode: await totpCode(info.totpSecret, clock.now()) },
    })
    expect(payloadOf(enrolled).recoveryCodes).toHaveLength(10)
    expect(await statusOf(other.id)).toBe('active')
  })

  it('refuses oneself', async () => {
    const client = await signIn(t.app, clock, admin)
    await stepUp(client, admin)
    expectRefusal(await call(client, 'POST', `/app/console/operators/${admin.id}/reset-factor`), 'OPERATOR_SELF', 409)
    expect(await statusOf(admin.id)).toBe('active')
  })
})

describe("an operator's sessions", () => {
  it('lists them and revokes one (step-up, audited); another operator\'s session id is not found', async () => {
    const other = await newOperator(['auditor'])
    const first = await signIn(t.app, clock, other)
    const second = await signIn(t.app, clock, other)
    const client = await signIn(t.app, clock, admin)
    const { items } = payloadOf(await call(client, 'GET', `/app/console/operators/${other.id}/sessions`))
    expect(items.map((s: { id: string }) => s.id).sort()).toEqual([first.sessionId, second.sessionId].sort())
    expect(items.every((s: { current: boolean }) => !s.current)).toBe(true)
    expectRefusal(await call(client, 'DELETE', `/app/console/operators/${other.id}/sessions/${first.sessionId}`), 'STEP_UP_REQUIRED', 403)
    await stepUp(client, admin)
    expectRefusal(await call(client, 'DELETE', `/app/console/operators/${other.id}/sessions/${client.sessionId}`), 'SESSION_NOT_FOUND', 404)
    payloadOf(await call(client, 'DELETE', `/app/console/operators/${other.id}/sessions/${first.sessionId}`))
    expectRefusal(await call(first, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID', 401)
    payloadOf(await call(second, 'GET', '/app/console/auth/me'))
    expect(await auditRows(first.sessionId)).toEqual([expect.objectContaining({ action: 'operator.session_revoked_by_admin', operatorId: admin.id, after: { operatorId: other.id } })])
  })
})

describe('roles other than admin', () => {
  it('are refused every operators call', async () => {
    const other = await newOperator(['auditor', 'support_agent', 'roster_manager', 'content_publisher'])
    const client = await signIn(t.app, clock, other)
    await stepUp(client, other)
    expectRefusal(await call(client, 'GET', '/app/console/operators'), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await call(client, 'POST', '/app/console/operators', { email: 'sneak@console.test', roles: ['admin'] }), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await call(client, 'PUT', `/app/console/operators/${other.id}/roles`, { roles: ['admin'] }), 'CONSOLE_ROLE_DENIED', 403)
    expect(await rolesOf(other.id)).not.toContain('admin')
  })
})
