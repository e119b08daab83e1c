import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, operator } from '../../db/schema'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { type ConsoleClient, type TestOperator, consoleCall, createOperator, signIn } from '../../../test/helpers/operators'
import { AppError } from '../../lib/app-error'
import { operatorOf } from '../../plugins/console-auth'
import { CSV_BOM, csvCell } from './csv'
import { insertAudit, maskSnapshot, recordAudit } from './record'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp
let auditor: TestOperator
let editor: TestOperator
let auditorClient: ConsoleClient
let editorClient: ConsoleClient

/** A console action of the tests: renames the operator and audits it in one transaction, failing on demand after both. */
function renameRoute(fastify: FastifyInstance) {
  fastify.post<{ Body: { name: string; fail?: 'after' | 'audit' } }>(
    '/app/console/test/rename',
    { config: { console: { resource: 'floors', action: 'edit', roles: ['content_editor', 'content_publisher'], stepUp: false } } },
    async (request) => {
      const me = operatorOf(request)
      await fastify.db.transaction(async (tx) => {
        const [before] = await tx.select({ displayName: operator.displayName }).from(operator).where(eq(operator.id, me.id))
        await tx.update(operator).set({ displayName: request.body.name }).where(eq(operator.id, me.id))
        await recordAudit(tx, request, {
          action: request.body.fail === 'audit' ? 'Not A Valid Action' : 'operator.rename',
          resourceType: 'operator',
          resourceId: me.id,
          before: { ...before, phone: '13812345678', password: 'hunter2-hunter2' },
          after: { displayName: request.body.name, phone: '13812345678', email: 'zhang.san@corp.example', nested: { idNumber: '110101199003070011' } },
          reason: 'tidy names',
        })
        if (request.body.fail === 'after') throw new AppError('SERVER_ERROR')
      })
      return { ok: true }
    },
  )
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, extend: renameRoute })
  auditor = await createOperator(t.app, 'auditor@console.test', ['auditor'])
  editor = await createOperator(t.app, 'editor@console.test', ['content_editor'])
  auditorClient = await signIn(t.app, clock, auditor)
  editorClient = await signIn(t.app, clock, editor)
})
afterAll(() => t.close())

const nameOf = async (id: string) => (await t.app.db.select({ displayName: operator.displayName }).from(operator).where(eq(operator.id, id)))[0].displayName
const rowsOf = (action: string) => t.app.db.select().from(auditLog).where(eq(auditLog.action, action))

describe('recordAudit', () => {
  it('writes the row with the change: actor, roles, origin, trace id, reason, masked before/after and what changed', async () => {
    const response = await consoleCall(t.app, editorClient, 'POST', '/app/console/test/rename', { payload: { name: 'Renamed' }, headers: { 'user-agent': 'AuditTest/1.0' } })
    expect(response.statusCode, response.body).toBe(200)
    expect(await nameOf(editor.id)).toBe('Renamed')
    const [row] = await rowsOf('operator.rename')
    expect(row).toMatchObject({
      operatorId: editor.id,
      operatorEmail: 'editor@console.test',
      roles: ['content_editor'],
      resourceType: 'operator',
      resourceId: editor.id,
      reason: 'tidy names',
      ip: '127.0.0.1',
      userAgent: 'AuditTest/1.0',
      traceId: response.headers['x-trace-id'],
      changed: ['displayName', 'email', 'nested', 'password'],
    })
    expect(row.before).toEqual({ displayName: 'editor', phone: '138****5678', password: '[redacted]' })
    expect(row.after).toEqual({ displayName: 'Renamed', phone: '138****5678', email: 'z********@corp.example', nested: { idNumber: '110***********0011' } })
  })

  it('a failure after the change leaves neither the change nor the row; a row that cannot be written undoes the change', async () => {
    const before = (await rowsOf('operator.rename')).length
    expectRefusal(await consoleCall(t.app, editorClient, 'POST', '/app/console/test/rename', { payload: { name: 'Never', fail: 'after' } }), 'SERVER_ERROR', 500)
    expect(await nameOf(editor.id)).toBe('Renamed')
    expect(await rowsOf('operator.rename')).toHaveLength(before)
    expectRefusal(await consoleCall(t.app, editorClient, 'POST', '/app/console/test/rename', { payload: { name: 'Never', fail: 'audit' } }), 'SERVER_ERROR', 500)
    expect(await nameOf(editor.id)).toBe('Renamed')
  })

  it('masks personal data and drops secrets at any depth', () => {
    expect(maskSnapshot({ items: [{ mobile: '13900001111' }], token: 'abc', title: 'Banner' })).toEqual({ items: [{ mobile: '139****1111' }], token: '[redacted]', title: 'Banner' })
    expect(maskSnapshot(null)).toBeNull()
  })
})

describe('the log is append-only', () => {
  it(`the database refuses UPDATE, DELETE and TRUNCATE (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const count = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n
    expect(count).toBeGreaterThan(0)
    for (const statement of [sql`update audit_log set action = 'tampered'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      const refused = await t.app.db.execute(statement).then(
        () => undefined,
        (error: Error) => error,
      )
      expect(String((refused?.cause as Error | undefined)?.message ?? refused?.message)).toMatch(/audit_log is append-only/)
    }
    expect((await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n).toBe(count)
    expect(await rowsOf('tampered')).toHaveLength(0)
  })
})

describe('GET /app/console/audit', () => {
  it('lists newest first with filters and paging, for auditors (and admins); others are refused', async () => {
    const base = clock.now()
    for (let i = 0; i < 5; i++) {
      await insertAudit(t.app.db, { ip: '10.0.0.1', userAgent: 'ua', traceId: `trace${i}` }, { action: 'cms.publish', resourceType: 'floor', resourceId: `home-${i}`, actor: { id: editor.id, email: editor.email, roles: ['content_editor'] } }, new Date(base.getTime() + i * MINUTE))
    }
    const page = payloadOf(await consoleCall(t.app, auditorClient, 'GET', '/app/console/audit?action=cms.publish&pageSize=2&page=2'))
    expect(page.total).toBe(5)
    expect(page.items.map((e: { resourceId: string }) => e.resourceId)).toEqual(['home-2', 'home-1'])
    const byOperator = payloadOf(await consoleCall(t.app, auditorClient, 'GET', `/app/console/audit?operator=${encodeURIComponent('EDITOR@console.test')}&resourceType=floor`))
    expect(byOperator.total).toBe(5)
    expect(payloadOf(await consoleCall(t.app, auditorClient, 'GET', `/app/console/audit?operator=${editor.id}&resourceType=floor`)).total).toBe(5)
    const from = new Date(base.getTime() + 3 * MINUTE).toISOString()
    const to = new Date(base.getTime() + 4 * MINUTE).toISOString()
    const window = payloadOf(await consoleCall(t.app, auditorClient, 'GET', `/app/console/audit?action=cms.publish&from=${from}&to=${to}`))
    expect(window.items.map((e: { resourceId: string }) => e.resourceId)).toEqual(['home-3'])
    expect(window.items[0]).toMatchObject({ at: from, operatorEmail: editor.email, roles: ['content_editor'], ip: '10.0.0.1', traceId: 'trace3' })
    // The operators' own sign-ins are there too.
    expect(payloadOf(await consoleCall(t.app, auditorClient, 'GET', `/app/console/audit?action=operator.sign_in&operator=${auditor.id}`)).total).toBe(1)

    const bad = expectRefusal(await consoleCall(t.app, auditorClient, 'GET', '/app/console/audit?pageSize=1000&from=yesterday', { headers: { 'accept-language': 'en-US' } }), 'VALIDATION_FAILED', 400)
    expect(bad.fields?.map((f) => f.field).sort()).toEqual(['from', 'pageSize'])
    expectRefusal(await consoleCall(t.app, editorClient, 'GET', '/app/console/audit'), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await consoleCall(t.app, editorClient, 'GET', '/app/console/audit/export'), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await consoleCall(t.app, undefined, 'GET', '/app/console/audit'), 'CONSOLE_SESSION_INVALID', 401)
  })

  it('exports CSV with formula cells neutralised, and audits the export', async () => {
    await insertAudit(t.app.db, { ip: '10.0.0.2', userAgent: '@SUM(1+1)', traceId: 'csv' }, { action: 'support.note', resourceType: 'employee', resourceId: "=cmd|' /C calc'!A0", reason: '+1 "quoted", and\nnewline', actor: null }, clock.now())
    const response = await consoleCall(t.app, auditorClient, 'GET', '/app/console/audit/export?action=support.note')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(response.body.startsWith(CSV_BOM)).toBe(true)
    const lines = response.body.slice(1).split('\r\n')
    expect(lines[0]).toBe('at,operatorEmail,operatorId,roles,action,resourceType,resourceId,changed,before,after,reason,ip,userAgent,traceId')
    expect(lines[1]).toContain(`,support.note,employee,'=cmd|' /C calc'!A0,`)
    expect(lines[1]).toContain(`,"'+1 ""quoted"", and\nnewline",10.0.0.2,'@SUM(1+1),csv`)
    const [exported] = await rowsOf('audit.export')
    expect(exported).toMatchObject({ operatorId: auditor.id, after: { filter: { action: 'support.note' } } })
  })

  it('neutralises every formula start', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', ' =']) expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell(null)).toBe('')
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"')
  })
})
