// The console's notices (issue 34): audience resolution (everyone, a company, a list), preview
// counts, the same fan-out as the notices API (inbox rows once, in the employee's language, with the
// link), preference skipping, planned notices (run once, cancel), refusals that store nothing, audit.
import { type NoticeList, calls } from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { type SeededEmployee, seedEmployees } from '../../../test/helpers/notices'
import { type ConsoleClient, type TestOperator, consoleCall, createOperator, signIn } from '../../../test/helpers/operators'
import { auditLog, noticeBatch } from '../../db/schema'
import { upsertPushSetting } from './queries'

const clock = testClock(new Date())
let t: TestApp
let admin: TestOperator
let client: ConsoleClient
let companyA: SeededEmployee[]
let companyB: SeededEmployee[]

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, env: { NOTIFIER_POLL_MS: '500' } })
  admin = await createOperator(t.app, 'notices-admin@console.test', ['admin'])
  client = await signIn(t.app, clock, admin)
  companyA = await seedEmployees(t.app.db, 3, 2)
  companyB = await seedEmployees(t.app.db, 2)
})
afterAll(() => t?.close())

const salary = (audience: unknown, extra: Record<string, unknown> = {}) => ({
  kind: 'salary',
  title: { 'zh-CN': '11月工资已发放', 'en-US': 'November salary paid' },
  body: { 'zh-CN': '请查看工资条', 'en-US': 'See your payslip' },
  target: { type: 'jump', dest: 'payment' },
  audience,
  ...extra,
})
const call = (method: string, url: string, payload?: unknown, headers?: Record<string, string>) => consoleCall(t.app, client, method, url, { payload, headers })
const inbox = async (userId: string, locale?: string) => payloadOf<NoticeList>(await callApi(t.app, calls.noticeList, undefined, { token: (await signInAs(t, userId)).accessToken, locale }))
const batchCount = async () => ((await t.database.db.execute(sql`select count(*)::int as n from notice_batch`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n

/** The console's item of a notice once its fan-out is over. */
async function sent(id: string) {
  const end = Date.now() + 10_000
  for (;;) {
    const { items } = payloadOf(await call('GET', '/app/console/notices'))
    const item = items.find((i: { id: string }) => i.id === id)
    if (item?.state === 'sent') return item
    if (Date.now() > end) throw new Error(`the fan-out did not end: ${JSON.stringify(item)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('preview', () => {
  it('counts a company audience: its employees with an account, less those who switched the kind off; stores nothing', async () => {
    await upsertPushSetting(t.app.db, companyA[2].userId!, 'salary', false, clock.now())
    const before = await batchCount()
    const reach = payloadOf(await call('POST', '/app/console/notices/preview', salary({ type: 'company', companyCode: companyA[0].companyCode })))
    expect(reach).toEqual({ targeted: 3, reachable: 2, skippedNoAccount: 0, skippedSwitchedOff: 1, skippedDuplicate: 0 })
    // A list: an unlinked employee, a repeat and an unknown one are skipped.
    const list = [companyA[0], companyA[0], companyA[3], { companyCode: 'NOPE', employeeNo: 'X1' }, companyB[0]].map(({ companyCode, employeeNo }) => ({ companyCode, employeeNo }))
    expect(payloadOf(await call('POST', '/app/console/notices/preview', salary({ type: 'list', recipients: list })))).toEqual({
      targeted: 5,
      reachable: 2,
      skippedNoAccount: 2,
      skippedSwitchedOff: 0,
      skippedDuplicate: 1,
    })
    // A system notice cannot be switched off.
    expect(payloadOf(await call('POST', '/app/console/notices/preview', salary({ type: 'company', companyCode: companyA[0].companyCode }, { kind: 'system' }))).reachable).toBe(3)
    expect(await batchCount()).toBe(before)
  })

  it('refuses an unknown company, a link that is no portal route, a missing language, in the caller language', async () => {
    expect(expectRefusal(await call('POST', '/app/console/notices/preview', salary({ type: 'company', companyCode: 'NO-SUCH' }), { 'accept-language': 'en-US' }), 'NOTICE_COMPANY_UNKNOWN', 400).msg).toBe('No client company has this code')
    const bad = expectRefusal(await call('POST', '/app/console/notices/preview', salary({ type: 'all' }, { target: { type: 'route', path: '/pages/evil/index' }, title: { 'zh-CN': '标题' } })), 'VALIDATION_FAILED', 400)
    expect(bad.fields?.map((f: { field: string }) => f.field).sort()).toEqual(['target.path', 'title.en-US'])
    expectRefusal(await call('POST', '/app/console/notices/preview', salary({ type: 'list', recipients: [] })), 'VALIDATION_FAILED', 400)
    expectRefusal(await call('POST', '/app/console/notices/preview', salary({ type: 'all' }, { kind: 'security' })), 'VALIDATION_FAILED', 400)
  })
})

describe('send now', () => {
  it("delivers a company's notice through the fan-out once, in each employee's language with the link, skipping who switched it off; audited; the list counts", async () => {
    const item = payloadOf(await call('POST', '/app/console/notices', salary({ type: 'company', companyCode: companyA[0].companyCode })))
    expect(item).toMatchObject({ kind: 'salary', audience: 'company', companyCode: companyA[0].companyCode, createdBy: admin.id, scheduleId: null })
    const done = await sent(item.id)
    expect(done).toMatchObject({ targeted: 3, delivered: 2, skippedSwitchedOff: 1, skippedOther: 0 })
    const zh = await inbox(companyA[0].userId!)
    expect(zh.notices.find((n) => n.title === '11月工资已发放')).toMatchObject({ kind: 'salary', body: '请查看工资条', target: { type: 'jump', dest: 'payment' } })
    const en = await inbox(companyA[1].userId!, 'en-US')
    expect(en.notices.filter((n) => n.title === 'November salary paid')).toHaveLength(1)
    expect((await inbox(companyA[2].userId!)).notices.some((n) => n.title === '11月工资已发放')).toBe(false)
    expect((await inbox(companyB[0].userId!)).notices.some((n) => n.title === '11月工资已发放')).toBe(false)
    const [row] = await t.app.db.select().from(auditLog).where(eq(auditLog.resourceId, item.id))
    expect(row).toMatchObject({ action: 'notice.send', operatorId: admin.id })
    expect(row.after).toMatchObject({ kind: 'salary', audience: { type: 'company' }, targeted: 3, reachable: 2, skippedSwitchedOff: 1 })
    // The batch is the notices API's own kind of row (one delivery path), from the console's source.
    const [batch] = await t.app.db.select({ source: noticeBatch.source, fannedOutAt: noticeBatch.fannedOutAt }).from(noticeBatch).where(eq(noticeBatch.id, item.id))
    expect(batch.source).toBe('console')
    expect(batch.fannedOutAt).not.toBeNull()
  })

  it('everyone: every employee with an account; a system notice reaches even who switched salary off', async () => {
    const item = payloadOf(await call('POST', '/app/console/notices', salary({ type: 'all' }, { kind: 'system', title: { 'zh-CN': '系统维护', 'en-US': 'Maintenance' }, target: { type: 'route', path: 'pages/service/index' } })))
    const done = await sent(item.id)
    expect(done.targeted).toBe(5)
    expect(done.delivered).toBe(5)
    expect((await inbox(companyA[2].userId!, 'en-US')).notices.find((n) => n.title === 'Maintenance')).toMatchObject({ kind: 'system', target: { type: 'route', path: 'pages/service/index' } })
  })

  it('a list audience with nobody on it is refused and stores nothing', async () => {
    const before = await batchCount()
    expectRefusal(await call('POST', '/app/console/notices', salary({ type: 'company', companyCode: 'NO-SUCH' })), 'NOTICE_COMPANY_UNKNOWN', 400)
    expect(await batchCount()).toBe(before)
  })
})

describe('planned notices', () => {
  it('plans one (audited), runs it once when due through the same fan-out, and cancels another', async () => {
    expectRefusal(await call('POST', '/app/console/notices/scheduled', { ...salary({ type: 'all' }), sendAt: new Date(clock.now().getTime() - 1000).toISOString() }), 'NOTICE_SEND_AT_PAST', 400)
    const sendAt = new Date(clock.now().getTime() + 10 * 60_000).toISOString()
    const planned = payloadOf(await call('POST', '/app/console/notices/scheduled', { ...salary({ type: 'list', recipients: [companyB[0], companyB[1]].map(({ companyCode, employeeNo }) => ({ companyCode, employeeNo })) }, { title: { 'zh-CN': '体检预约', 'en-US': 'Check-up booked' }, kind: 'examReservation' }), sendAt }))
    expect(planned).toMatchObject({ state: 'scheduled', sendAt, audience: 'list', targeted: 0 })
    expect(await t.app.contentScheduler.run(planned.scheduleId)).toBe('skipped')
    clock.advance(10 * 60_000)
    const outcomes = await Promise.all([t.app.contentScheduler.run(planned.scheduleId), t.app.contentScheduler.run(planned.scheduleId)])
    expect(outcomes.sort()).toEqual(['done', 'skipped'])
    const done = await sent(planned.id)
    expect(done).toMatchObject({ targeted: 2, delivered: 2, scheduleId: planned.scheduleId })
    expect((await inbox(companyB[1].userId!)).notices.filter((n) => n.title === '体检预约')).toHaveLength(1)
    const actions = (await t.app.db.select({ action: auditLog.action, operatorId: auditLog.operatorId }).from(auditLog).where(eq(auditLog.resourceId, planned.id))).map((r) => `${r.action}:${r.operatorId}`)
    expect(actions.sort()).toEqual([`notice.schedule:${admin.id}`, `notice.send_scheduled:${admin.id}`])

    const other = payloadOf(await call('POST', '/app/console/notices/scheduled', { ...salary({ type: 'all' }), sendAt: new Date(clock.now().getTime() + 60_000).toISOString() }))
    expect(payloadOf(await call('DELETE', `/app/console/notices/scheduled/${other.scheduleId}`)).state).toBe('cancelled')
    expectRefusal(await call('DELETE', `/app/console/notices/scheduled/${other.scheduleId}`), 'SCHEDULE_NOT_PENDING', 409)
    expectRefusal(await call('DELETE', '/app/console/notices/scheduled/999999'), 'NOTICE_NOT_FOUND', 404)
    clock.advance(120_000)
    expect(await t.app.contentScheduler.run(other.scheduleId)).toBe('skipped')
  })
})

describe('roles', () => {
  it('only an admin may compose, send, plan or list notices', async () => {
    const agent = await createOperator(t.app, 'notices-agent@console.test', ['support_agent', 'content_publisher', 'roster_manager'])
    const agentClient = await signIn(t.app, clock, agent)
    const before = await batchCount()
    expectRefusal(await consoleCall(t.app, agentClient, 'POST', '/app/console/notices', { payload: salary({ type: 'all' }) }), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await consoleCall(t.app, agentClient, 'GET', '/app/console/notices'), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await consoleCall(t.app, agentClient, 'POST', '/app/console/notices/preview', { payload: salary({ type: 'all' }) }), 'CONSOLE_ROLE_DENIED', 403)
    expect(await batchCount()).toBe(before)
  })
})
