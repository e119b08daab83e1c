// WeChat subscribe messages of the notices (issue 35): the templates the mini-program asks for,
// each 'accept' recorded as one allowed message, the fan-out using one up per notice and queueing
// the message through the send queue to the fake WeChat (subscribe/send over HTTP), WeChat's error
// codes (permanent, transient, the access token refreshed once), and nothing sent twice.
import { type NoticeDelivery, type SentNotice, type SubscribeTemplates, calls } from '@ess/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { type SeededEmployee, openCall, seedEmployees } from '../../../test/helpers/notices'
import { noticeRecipient, outboxMessage, wechatSubscribeAccept } from '../../db/schema'
import { type WechatFakeServer, startWechatFake } from '../dev/wechat-fake'
import { SUBSCRIBE_KEYWORDS } from '../wechat/wiring'
import { noticeAppSecret } from './open-routes'
import { THING_MAX, subscribeData, thing, wechatTime } from './wechat'

const SALARY = 'tmpl-salary-0001'
const REPORT = 'tmpl-exam-report-0002'
const APP = {
  appId: 'wxsubscribe000001',
  secret: 'subscribe-secret-0123456789abcdef',
  templates: { [SALARY]: SUBSCRIBE_KEYWORDS, [REPORT]: SUBSCRIBE_KEYWORDS },
}
let fake: WechatFakeServer
let t: TestApp
let payroll: string
let checkup: string
beforeAll(async () => {
  fake = await startWechatFake([APP])
  t = await buildTestApp({
    env: {
      WECHAT_MINI_APPID: APP.appId,
      WECHAT_MINI_SECRET: APP.secret,
      WECHAT_API_URL: fake.url,
      WECHAT_SUBSCRIBE_TEMPLATE_SALARY: SALARY,
      WECHAT_SUBSCRIBE_TEMPLATE_EXAM_REPORT: REPORT,
      WECHAT_MINIPROGRAM_STATE: 'trial',
      NOTIFIER_POLL_MS: '500',
      NOTIFIER_RETRY_BASE_MS: '1000',
      NOTIFIER_MAX_ATTEMPTS: '3',
      NOTICE_API_CALLS_PER_APP_PER_MINUTE: '100000',
    },
  })
  payroll = noticeAppSecret(t.config.keysDir, 'payroll')
  checkup = noticeAppSecret(t.config.keysDir, 'checkup')
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

let identities = 0
/** An employee with an account who opened the mini-program as a WeChat user of their own. */
async function subscriber(): Promise<{ person: SeededEmployee; userId: string; token: string; identity: string; openId: string }> {
  const [person] = await seedEmployees(t.database.db, 1)
  const identity = `sub-${process.pid}-${++identities}`
  const { accessToken } = await signInAs(t, person.userId as string)
  return { person, userId: person.userId as string, token: accessToken, identity, openId: fake.state.openIdOf(APP.appId, identity) }
}

/** What the mini-program sends after wx.requestSubscribeMessage answered 'accept' for these templates. */
const accept = (who: { token: string; identity: string }, templateIds: string[], locale?: 'en-US') =>
  callApi(t.app, calls.wechatSubscribeAccept, { templateIds, loginCode: fake.state.mintLoginCode(who.identity) }, { token: who.token, locale })

const salaryNotice = (people: SeededEmployee[], extra: Record<string, unknown> = {}) => ({
  kind: 'salary',
  title: { 'zh-CN': '11月工资条已发布，请查收工资明细与个税信息', 'en-US': 'November payslip out' },
  body: { 'zh-CN': '您11月的工资已发放至工资卡。', 'en-US': 'Your November salary has been paid into your salary account.' },
  target: { type: 'route', path: 'packages/users/notices/index' },
  recipients: people.map(({ companyCode, employeeNo }) => ({ companyCode, employeeNo })),
  ...extra,
})

const send = async (body: unknown, secret = payroll, appId = 'payroll') => payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', body, { secret, appId }))

/** The notice's delivery once its fan-out is over and no subscribe message is still queued. */
async function settled(id: string, secret = payroll, appId = 'payroll', timeoutMs = 15_000): Promise<NoticeDelivery> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const state = payloadOf<NoticeDelivery>(await openCall(t.app, 'GET', `/notices/${id}`, undefined, { secret, appId }))
    if (state.complete && state.recipients.every((r) => r.wechat !== 'pending')) return state
    if (Date.now() > end) throw new Error(`the notice did not settle: ${JSON.stringify(state.recipients)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const arrivedFor = (openId: string) => fake.state.subscribeMessages.filter((m) => m.touser === openId)
const unusedAccepts = async (userId: string) =>
  (await t.database.db.select().from(wechatSubscribeAccept).where(eq(wechatSubscribeAccept.userId, userId))).filter((row) => !row.usedAt).length

describe('GET wechat/subscribeTemplates and POST wechat/subscribeAccept', () => {
  it('answers the template of each configured kind, and records each accept as one allowed message for the user and open id', async () => {
    const who = await subscriber()
    const before = payloadOf<SubscribeTemplates>(await callApi(t.app, calls.wechatSubscribeTemplates, undefined, { token: who.token }))
    expect(before).toEqual([
      { kind: 'salary', templateId: SALARY, remaining: 0 },
      { kind: 'examReport', templateId: REPORT, remaining: 0 },
    ])
    payloadOf(await accept(who, [SALARY]))
    const after = payloadOf<SubscribeTemplates>(await accept(who, [SALARY, REPORT], 'en-US'))
    expect(after).toEqual([
      { kind: 'salary', templateId: SALARY, remaining: 2 },
      { kind: 'examReport', templateId: REPORT, remaining: 1 },
    ])
    const rows = await t.database.db.select().from(wechatSubscribeAccept).where(eq(wechatSubscribeAccept.userId, who.userId))
    expect(rows).toHaveLength(3)
    expect(new Set(rows.map((row) => row.openId))).toEqual(new Set([who.openId]))
    expect(rows.map((row) => row.locale).sort()).toEqual(['en-US', 'en-US', 'zh-CN'])
  })

  it("takes the device's open id that wechat/getOpenId remembered when no login code comes with it", async () => {
    const who = await subscriber()
    const deviceId = `sub-device-${process.pid}-${identities}`
    payloadOf(await callApi(t.app, calls.wechatGetOpenId, { code: fake.state.mintLoginCode(who.identity) }, { deviceId }))
    const answer = payloadOf<SubscribeTemplates>(await callApi(t.app, calls.wechatSubscribeAccept, { templateIds: [REPORT] }, { token: who.token, deviceId }))
    expect(answer.find((row) => row.kind === 'examReport')?.remaining).toBe(1)
    const [row] = await t.database.db.select().from(wechatSubscribeAccept).where(eq(wechatSubscribeAccept.userId, who.userId))
    expect(row.openId).toBe(who.openId)
  })

  it('refuses a template not configured, a device with no known open id, a bad login code and a visitor, recording nothing', async () => {
    const who = await subscriber()
    expectRefusal(await accept(who, [SALARY, 'not-our-template']), 'WECHAT_TEMPLATE_UNKNOWN', 400)
    const unknown = expectRefusal(
      await callApi(t.app, calls.wechatSubscribeAccept, { templateIds: [SALARY] }, { token: who.token, deviceId: `never-seen-${process.pid}`, locale: 'en-US' }),
      'WECHAT_OPENID_UNKNOWN',
      400,
    )
    expect(unknown.msg).toBe('Your WeChat identity is not known here; please reopen the mini-program and try again')
    expectRefusal(await callApi(t.app, calls.wechatSubscribeAccept, { templateIds: [SALARY], loginCode: 'f'.repeat(32) }, { token: who.token }), 'WECHAT_CODE_INVALID', 400)
    expectRefusal(await callApi(t.app, calls.wechatSubscribeAccept, { templateIds: [] }, { token: who.token }), 'VALIDATION_FAILED', 400)
    expect((await callApi(t.app, calls.wechatSubscribeAccept, { templateIds: [SALARY], loginCode: fake.state.mintLoginCode(who.identity) })).statusCode).toBe(401)
    expect(await t.database.db.select().from(wechatSubscribeAccept).where(eq(wechatSubscribeAccept.userId, who.userId))).toEqual([])
  })
})

describe('subscribe messages of the notices', () => {
  it('sends one message per accept, in the language it was accepted in, with the page, state and fields WeChat takes; a second notice without a new accept sends nothing by WeChat', async () => {
    const zh = await subscriber()
    const en = await subscriber()
    const never = await subscriber()
    payloadOf(await accept(zh, [SALARY]))
    payloadOf(await accept(en, [SALARY], 'en-US'))

    const first = await send(salaryNotice([zh.person, en.person, never.person]))
    const state = await settled(first.id)
    expect(state.recipients.map((r) => [r.inbox, r.wechat])).toEqual([
      ['delivered', 'sent'],
      ['delivered', 'sent'],
      ['delivered', 'none'],
    ])
    const [toZh] = arrivedFor(zh.openId)
    expect(toZh).toMatchObject({
      templateId: SALARY,
      page: 'packages/users/notices/index',
      miniprogramState: 'trial',
      lang: 'zh_CN',
      data: { thing1: { value: thing('11月工资条已发布，请查收工资明细与个税信息') }, thing3: { value: '您11月的工资已发放至工资卡。' } },
    })
    expect(Array.from(toZh.data.thing1.value)).toHaveLength(THING_MAX)
    expect(toZh.data.time2.value).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
    expect(arrivedFor(en.openId)).toEqual([expect.objectContaining({ lang: 'en_US', data: expect.objectContaining({ thing1: { value: 'November payslip out' } }) })])
    expect(arrivedFor(never.openId)).toEqual([])
    expect(await unusedAccepts(zh.userId)).toBe(0)

    // No accept left: the inbox only, and the state says why.
    const second = await send(salaryNotice([zh.person, en.person]))
    expect((await settled(second.id)).recipients.map((r) => [r.inbox, r.wechat])).toEqual([
      ['delivered', 'skipped'],
      ['delivered', 'skipped'],
    ])
    expect(arrivedFor(zh.openId)).toHaveLength(1)
    expect(arrivedFor(en.openId)).toHaveLength(1)

    // A new accept allows the next one.
    payloadOf(await accept(zh, [SALARY]))
    await settled((await send(salaryNotice([zh.person]))).id)
    expect(arrivedFor(zh.openId)).toHaveLength(2)
  })

  it('uses only the template of the notice kind: an exam report accept is not spent on a salary notice, and a kind without a template sends nothing by WeChat', async () => {
    const who = await subscriber()
    payloadOf(await accept(who, [REPORT]))
    const salary = await settled((await send(salaryNotice([who.person]))).id)
    expect(salary.recipients[0].wechat).toBe('none')
    expect(await unusedAccepts(who.userId)).toBe(1)
    const report = await send(
      { kind: 'examReport', templateId: 'examReportReady', params: { hospital: '瑞慈体检' }, recipients: [{ companyCode: who.person.companyCode, employeeNo: who.person.employeeNo }] },
      checkup,
      'checkup',
    )
    expect((await settled(report.id, checkup, 'checkup')).recipients[0].wechat).toBe('sent')
    expect(arrivedFor(who.openId)).toEqual([expect.objectContaining({ templateId: REPORT, page: 'packages/users/notices/index' })])
    const reservation = await send(
      { kind: 'examReservation', templateId: 'examReservationConfirmed', params: { date: '2026-12-01', hospital: '瑞慈体检' }, recipients: [{ companyCode: who.person.companyCode, employeeNo: who.person.employeeNo }] },
      checkup,
      'checkup',
    )
    expect((await settled(reservation.id, checkup, 'checkup')).recipients[0].wechat).toBe('none')
    expect(arrivedFor(who.openId)).toHaveLength(1)
  })

  it.each([
    [43101, 'the user refused or has no subscription left'],
    [40003, 'an open id not of this app'],
    [47003, 'template data WeChat refuses'],
  ])('ends the attempt at once on WeChat %i (%s): failed, tried once, no further accept used', async (errcode) => {
    const who = await subscriber()
    payloadOf(await accept(who, [SALARY, SALARY]))
    fake.state.failSubscribe(errcode)
    const calls = () => fake.state.calls.filter((c) => c.path === '/cgi-bin/message/subscribe/send').length
    const before = calls()
    const sent = await send(salaryNotice([who.person]))
    expect((await settled(sent.id)).recipients[0].wechat).toBe('failed')
    const [recipient] = await t.database.db.select().from(noticeRecipient).where(eq(noticeRecipient.batchId, sent.id))
    const [message] = await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.id, recipient.wechatMessageId as number))
    expect(message).toMatchObject({ channel: 'wechat', transport: 'wechat', state: 'failed', attempts: 1, lastError: `wechat:${errcode}`, recipient: who.openId })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(calls()).toBe(before + 1)
    expect(await unusedAccepts(who.userId)).toBe(1)
    expect(arrivedFor(who.openId)).toEqual([])
  })

  it('refuses template data that does not fit at the fake (47003), as WeChat does', async () => {
    const who = await subscriber()
    payloadOf(await callApi(t.app, calls.wechatGetOpenId, { code: fake.state.mintLoginCode(who.identity) }))
    const token = (await (
      await fetch(`${fake.url}/cgi-bin/stable_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credential', appid: APP.appId, secret: APP.secret }),
      })
    ).json()) as { access_token: string }
    const post = async (data: unknown) =>
      (await (
        await fetch(`${fake.url}/cgi-bin/message/subscribe/send?access_token=${token.access_token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ touser: who.openId, template_id: SALARY, data, miniprogram_state: 'formal', lang: 'zh_CN' }),
        })
      ).json()) as { errcode: number }
    const good = subscribeData(
      { id: 'x', kind: 'salary', titleZh: '标题', titleEn: 'Title', bodyZh: '正文', bodyEn: 'Body', target: null, createdAt: new Date() },
      'zh-CN',
    )
    expect((await post({ ...good, thing1: { value: 'x'.repeat(21) } })).errcode).toBe(47003)
    expect((await post({ ...good, time2: { value: 'tomorrow' } })).errcode).toBe(47003)
    expect((await post({ thing1: good.thing1, time2: good.time2 })).errcode).toBe(47003)
    expect((await post(good)).errcode).toBe(0)
    expect(wechatTime(new Date('2026-11-27T16:05:00Z'))).toBe('2026年11月28日 00:05')
  })

  it('retries what may pass (-1 busy, 45009 quota) through the queue and sends it once', async () => {
    const who = await subscriber()
    payloadOf(await accept(who, [SALARY]))
    fake.state.failSubscribe(-1)
    fake.state.failSubscribe(45009)
    const sent = await send(salaryNotice([who.person]))
    expect((await settled(sent.id, payroll, 'payroll', 20_000)).recipients[0].wechat).toBe('sent')
    const [recipient] = await t.database.db.select().from(noticeRecipient).where(eq(noticeRecipient.batchId, sent.id))
    const [message] = await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.id, recipient.wechatMessageId as number))
    expect(message).toMatchObject({ state: 'delivered', attempts: 3, providerMessageId: expect.stringMatching(/^\d+$/) })
    expect(arrivedFor(who.openId)).toHaveLength(1)
  })

  it('gets a fresh access token once when WeChat says it expired (42001) or is invalid (40001), and sends', async () => {
    const tokens = () => fake.state.calls.filter((c) => c.path === '/cgi-bin/stable_token').length
    for (const spoil of [() => fake.state.expireTokens(), () => fake.state.invalidateTokens()]) {
      const who = await subscriber()
      payloadOf(await accept(who, [SALARY]))
      spoil()
      const before = tokens()
      const sent = await send(salaryNotice([who.person]))
      expect((await settled(sent.id)).recipients[0].wechat).toBe('sent')
      expect(tokens()).toBe(before + 1)
      const [recipient] = await t.database.db.select().from(noticeRecipient).where(eq(noticeRecipient.batchId, sent.id))
      const [message] = await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.id, recipient.wechatMessageId as number))
      expect(message.attempts).toBe(1)
      expect(arrivedFor(who.openId)).toHaveLength(1)
    }
  })

  it('never sends twice: a retried call (same Idempotency-Key) and a fan-out run again queue nothing more', async () => {
    const who = await subscriber()
    payloadOf(await accept(who, [SALARY, SALARY]))
    const body = salaryNotice([who.person])
    const key = `wechat-once-${process.pid}`
    const first = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', body, { secret: payroll, idempotencyKey: key }))
    await settled(first.id)
    const again = payloadOf<SentNotice>(await openCall(t.app, 'POST', '/notices', body, { secret: payroll, idempotencyKey: key }))
    expect(again.id).toBe(first.id)
    await settled(first.id)
    expect(arrivedFor(who.openId)).toHaveLength(1)
    expect(await unusedAccepts(who.userId)).toBe(1)
    // The accept used for this notice is marked for it: a fan-out racing on the same chunk cannot use a second one.
    const used = await t.database.db
      .select()
      .from(wechatSubscribeAccept)
      .where(and(eq(wechatSubscribeAccept.userId, who.userId), eq(wechatSubscribeAccept.usedFor, `notice-wechat:${first.id}:${who.userId}`)))
    expect(used).toHaveLength(1)
    const messages = await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.idempotencyKey, `notice-wechat:${first.id}:${who.userId}`))
    expect(messages).toHaveLength(1)
  })
})
