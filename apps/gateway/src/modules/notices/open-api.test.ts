// The notices API (issue 35): signed with each app's own secret, kinds per app, recipients through
// the roster and the real-name link, idempotency, per-app rate limit, and the fan-out into the
// inboxes, each refusal an envelope in the caller's language.
import { type NoticeDelivery, type NoticeList, type SentNotice, calls } from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { type SeededEmployee, openCall, seedEmployees } from '../../../test/helpers/notices'
import { notice } from '../../db/schema'
import { upsertPushSetting } from './queries'
import { noticeAppSecret } from './open-routes'

let t: TestApp
let payroll: string
let checkup: string
beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFIER_POLL_MS: '500' } })
  payroll = noticeAppSecret(t.config.keysDir, 'payroll')
  checkup = noticeAppSecret(t.config.keysDir, 'checkup')
})
afterAll(() => t?.close())

const salary = (recipients: Array<Pick<SeededEmployee, 'companyCode' | 'employeeNo'>>, extra: Record<string, unknown> = {}) => ({
  kind: 'salary',
  templateId: 'salaryPaid',
  params: { month: '2026-11' },
  target: { type: 'jump', dest: 'payment' },
  recipients: recipients.map(({ companyCode, employeeNo }) => ({ companyCode, employeeNo })),
  ...extra,
})

/** Resolves once the notice's fan-out is over (its delivery complete). */
async function delivered(id: string, secret = payroll, appId = 'payroll'): Promise<NoticeDelivery> {
  const end = Date.now() + 10_000
  for (;;) {
    const state = payloadOf<NoticeDelivery>(await openCall(t.app, 'GET', `/notices/${id}`, undefined, { secret, appId }))
    if (state.complete) return state
    if (Date.now() > end) throw new Error('the fan-out did not end')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const batches = async () => ((await t.database.db.execute(sql`select count(*)::int as n from notice_batch`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n

const inbox = async (userId: string, locale?: string) => payloadOf<NoticeList>(await callApi(t.app, calls.noticeList, undefined, { token: (await signInAs(t, userId)).accessToken, locale }))

describe('POST /open/api/v1/notices', () => {
  it('queues linked employees, skips the others without telling an unknown number from an unlinked one, and writes each inbox once, in both languages, with its link', async () => {
    const [linked, off, unlinked] = await seedEmployees(t.database.db, 2, 1)
    await upsertPushSetting(t.database.db, off.userId as string, 'salary', false, new Date())
    const unknown = { companyCode: linked.companyCode, employeeNo: 'E99999' }
    const sent = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', salary([linked, off, unlinked, unknown, linked]), { secret: payroll }))
    expect(sent).toMatchObject({ queued: 1, skipped: 4 })
    expect(sent.recipients.map((r) => [r.employeeNo, r.status, r.reason])).toEqual([
      [linked.employeeNo, 'queued', undefined],
      [off.employeeNo, 'skipped', 'switchedOff'],
      [unlinked.employeeNo, 'skipped', 'noAccount'],
      ['E99999', 'skipped', 'noAccount'],
      [linked.employeeNo, 'skipped', 'duplicate'],
    ])

    const state = await delivered(sent.id)
    expect(state.recipients.map((r) => r.inbox)).toEqual(['delivered', 'skipped', 'skipped', 'skipped', 'skipped'])
    expect(state.recipients.every((r) => r.wechat === 'none')).toBe(true)

    const zh = await inbox(linked.userId as string)
    expect(zh.notices[0]).toMatchObject({ kind: 'salary', title: '2026-11工资已发放', read: false, target: { type: 'jump', dest: 'payment' } })
    const en = await inbox(linked.userId as string, 'en-US')
    expect(en.notices[0]).toMatchObject({ title: 'Your salary for 2026-11 has been paid' })
    expect((await inbox(off.userId as string)).notices.some((n) => n.title.startsWith('2026-11'))).toBe(false)
    const rows = await t.database.db.select().from(notice).where(eq(notice.batchId, sent.id))
    expect(rows.map((row) => row.userId)).toEqual([linked.userId])
  })

  it('takes 1,000 recipients in one call and writes all their inboxes', async () => {
    const people = await seedEmployees(t.database.db, 1000)
    const sent = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', salary(people), { secret: payroll }))
    expect(sent).toMatchObject({ queued: 1000, skipped: 0 })
    expect((await delivered(sent.id)).recipients.every((r) => r.inbox === 'delivered')).toBe(true)
    const rows = await t.database.db.execute(sql`select count(distinct user_id)::int as n from notice where batch_id = ${sent.id}`)
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1000)
  })

  it('takes its own words in both languages and a portal route as the link', async () => {
    const [one] = await seedEmployees(t.database.db, 1)
    const body = {
      kind: 'examReport',
      title: { 'zh-CN': '体检报告已出', 'en-US': 'Report ready' },
      body: { 'zh-CN': '请查看', 'en-US': 'Please see it' },
      target: { type: 'route', path: 'packages/users/notices/index' },
      recipients: [{ companyCode: one.companyCode, employeeNo: one.employeeNo }],
    }
    const sent = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', body, { secret: checkup, appId: 'checkup' }))
    await delivered(sent.id, checkup, 'checkup')
    expect((await inbox(one.userId as string, 'en-US')).notices[0]).toMatchObject({ kind: 'examReport', title: 'Report ready', body: 'Please see it', target: body.target })
  })

  it('answers a retried call with the same Idempotency-Key with the first answer, and delivers once; another body with that key is refused', async () => {
    const [one] = await seedEmployees(t.database.db, 1)
    const key = `payroll-2026-11-${one.companyCode}`
    const first = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', salary([one]), { secret: payroll, idempotencyKey: key }))
    const again = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', salary([one]), { secret: payroll, idempotencyKey: key }))
    expect(again).toEqual(first)
    await delivered(first.id)
    expect((await inbox(one.userId as string)).notices.filter((n) => n.title === '2026-11工资已发放')).toHaveLength(1)
    const other = salary([one], { params: { month: '2026-12' } })
    const zh = expectRefusal(await openCall(t.app, 'POST', '/notices', other, { secret: payroll, idempotencyKey: key }), 'IDEMPOTENCY_KEY_CONFLICT', 409)
    expect(zh.msg).toBe('该幂等键已用于另一个不同的请求')
    // Keys are per app: the check-up system's same key is its own.
    const count = await t.database.db.execute(sql`select count(*)::int as n from notice_batch where idempotency_key = ${key}`)
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1)
  })

  it('refuses a kind the app is not allowed, in the caller’s language', async () => {
    const body = { ...salary([{ companyCode: 'X', employeeNo: '1' }]), kind: 'examReport', templateId: 'examReportReady', params: { hospital: 'A' } }
    const zh = expectRefusal(await openCall(t.app, 'POST', '/notices', body, { secret: payroll }), 'NOTICE_KIND_NOT_ALLOWED', 403)
    expect(zh.msg).toBe('该应用无权发送此类通知')
    const en = expectRefusal(await openCall(t.app, 'POST', '/notices', body, { secret: payroll, locale: 'en-US' }), 'NOTICE_KIND_NOT_ALLOWED', 403)
    expect(en.msg).toBe('This application may not send notices of this kind')
  })

  it.each([
    ['more than 1,000 recipients', salary(Array.from({ length: 1001 }, (_, i) => ({ companyCode: 'C', employeeNo: String(i) })))],
    ['no recipient', salary([])],
    ['neither words nor template', { kind: 'salary', recipients: [{ companyCode: 'C', employeeNo: '1' }] }],
    ['words in one language only', { kind: 'salary', title: { 'zh-CN': '标题' }, body: { 'zh-CN': '正文' }, recipients: [{ companyCode: 'C', employeeNo: '1' }] }],
    ['a template parameter missing', salary([{ companyCode: 'C', employeeNo: '1' }], { params: {} })],
    ['a template parameter too many', salary([{ companyCode: 'C', employeeNo: '1' }], { params: { month: '11', amount: '1' } })],
    ['a template of another kind', salary([{ companyCode: 'C', employeeNo: '1' }], { templateId: 'examReportReady', params: { hospital: 'A' } })],
    ['a route that is not the portal’s', salary([{ companyCode: 'C', employeeNo: '1' }], { target: { type: 'route', path: '../etc/passwd' } })],
    ['an unknown inner jump', salary([{ companyCode: 'C', employeeNo: '1' }], { target: { type: 'jump', dest: 'bank' } })],
  ])('refuses %s (VALIDATION_FAILED, nothing stored)', async (_name, body) => {
    const before = await batches()
    expectRefusal(await openCall(t.app, 'POST', '/notices', body, { secret: payroll }), 'VALIDATION_FAILED')
    expect(await batches()).toBe(before)
  })

  it('refuses an Idempotency-Key that is not 1-128 printable characters', async () => {
    const response = await openCall(t.app, 'POST', '/notices', salary([{ companyCode: 'C', employeeNo: '1' }]), { secret: payroll, idempotencyKey: 'x'.repeat(129) })
    expect(expectRefusal(response, 'VALIDATION_FAILED').fields).toEqual([{ field: 'Idempotency-Key', message: '须为1-128个可打印ASCII字符' }])
  })
})

describe('the signature of the notices API', () => {
  const body = salary([{ companyCode: 'C', employeeNo: '1' }])
  const refused = (response: LightMyRequestResponse, errorCode: string, status: number) => expectRefusal(response, errorCode, status)

  it('refuses a call without the signed headers, and one with an employee token instead', async () => {
    refused(await t.app.inject({ method: 'POST', url: '/open/api/v1/notices', payload: body }), 'SIGNATURE_MISSING', 401)
    const en = refused(await t.app.inject({ method: 'GET', url: '/open/api/v1/notices/00000000-0000-4000-8000-000000000000', headers: { 'accept-language': 'en-US' } }), 'SIGNATURE_MISSING', 401)
    expect(en.msg).toBe('The request is not signed')
  })

  it('refuses another app’s secret, an unknown app, and a body other than the one signed, alike', async () => {
    refused(await openCall(t.app, 'POST', '/notices', body, { secret: checkup }), 'SIGNATURE_INVALID', 401)
    refused(await openCall(t.app, 'POST', '/notices', body, { secret: payroll, appId: 'nobody' }), 'SIGNATURE_INVALID', 401)
    refused(await openCall(t.app, 'POST', '/notices', body, { secret: payroll, signedBody: JSON.stringify({ ...body, kind: 'examReport' }) }), 'SIGNATURE_INVALID', 401)
  })

  it('refuses a timestamp outside the window and a nonce seen before', async () => {
    const zh = refused(await openCall(t.app, 'POST', '/notices', body, { secret: payroll, timestamp: Date.now() - 6 * 60_000 }), 'TIMESTAMP_STALE', 401)
    expect(zh.msg).toBe('请求已过期，请检查设备时间后重试')
    const nonce = 'replayed-nonce-0123456789'
    const [one] = await seedEmployees(t.database.db, 1)
    payloadOf(await openCall(t.app, 'POST', '/notices', salary([one]), { secret: payroll, nonce }))
    refused(await openCall(t.app, 'POST', '/notices', salary([one]), { secret: payroll, nonce }), 'NONCE_REUSED', 409)
  })
})

describe('GET /open/api/v1/notices/{id}', () => {
  it('shows an app only its own notices', async () => {
    const [one] = await seedEmployees(t.database.db, 1)
    const sent = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', salary([one]), { secret: payroll }))
    expectRefusal(await openCall(t.app, 'GET', `/notices/${sent.id}`, undefined, { secret: checkup, appId: 'checkup' }), 'NOT_FOUND', 404)
    expectRefusal(await openCall(t.app, 'GET', '/notices/00000000-0000-4000-8000-000000000000', undefined, { secret: payroll }), 'NOT_FOUND', 404)
    expectRefusal(await openCall(t.app, 'GET', '/notices/not-an-id', undefined, { secret: payroll }), 'VALIDATION_FAILED')
    expect((await delivered(sent.id)).recipients).toEqual([{ companyCode: one.companyCode, employeeNo: one.employeeNo, status: 'queued', inbox: 'delivered', wechat: 'none' }])
  })
})

describe('the per-app rate limit', () => {
  it('answers 429 with Retry-After past NOTICE_API_CALLS_PER_APP_PER_MINUTE calls of one app, and counts the apps apart', async () => {
    const limited = await buildTestApp({ database: t.database, env: { DATA_DIR: t.config.dataDir, NOTICE_API_CALLS_PER_APP_PER_MINUTE: '2' } })
    try {
      const get = (secret: string, appId: string) => openCall(limited.app, 'GET', '/notices/00000000-0000-4000-8000-000000000000', undefined, { secret, appId })
      expect((await get(payroll, 'payroll')).statusCode).toBe(404)
      expect((await get(payroll, 'payroll')).statusCode).toBe(404)
      const over = await get(payroll, 'payroll')
      expectRefusal(over, 'TOO_MANY_REQUESTS', 429)
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      expect((await get(checkup, 'checkup')).statusCode).toBe(404)
    } finally {
      await limited.close()
    }
  })
})
