import fs from 'node:fs'
import path from 'node:path'
import type { NoticeDelivery, NoticeList, SentNotice, SubscribeTemplates } from '@ess/contract'
import { type Locale, ROUTE_PATHS, wire } from '@ess/contract/wire'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, mintWechatCode, openNoticeCall, signedCall, wechatMessages } from './gateway'
import { sharedGateway } from './shared-gateway'
import { MiniProgram } from './harness'

/**
 * WeChat subscribe messages, the client's side (issue 35), in the built dist/weapp against the
 * run's gateway (global-gateway.ts) and its fake WeChat (/dev/wechat): an employee switches a push
 * kind on in the push settings page (SPEC §2), or taps the inbox's "WeChat reminders", the mini-program asks
 * WeChat (wx.requestSubscribeMessage, the harness's dialog answering as the test says) for that
 * kind's template, the gateway records an accept, and a notice of that kind sent by the payroll
 * system through the notices API reaches the fake WeChat for that employee's open id. A 'reject'
 * records nothing and sends nothing by WeChat; the inbox has the notice either way.
 */
const DIST = path.resolve(__dirname, '../../dist/weapp')
const BUILD_GATEWAY = process.env.ESS_GATEWAY_URL || 'http://localhost:8080'
/** The texts the person sees (src/i18n: auth, me). */
const TEXTS = {
  'zh-CN': { agreePrefix: '我已阅读并同意', wechatPhone: '微信手机号快捷登录', salary: '薪资服务', pushOn: '已开启', pushOff: '已关闭' },
  'en-US': { agreePrefix: 'I have read and agree to the', wechatPhone: 'Sign in with your WeChat phone number', salary: 'Salary service', pushOn: 'Turned on', pushOff: 'Turned off' },
} as const satisfies Record<Locale, Record<string, string>>

/**
 * Demo roster employees (apps/gateway/src/modules/roster/data.ts) no other mini-program check
 * uses, each with a WeChat phone of their own and the language they use the app in.
 */
const ACCEPTS: Record<Locale, Person> = {
  'zh-CN': { locale: 'zh-CN', phone: '13800138003', name: '张强', idNo: '440305198501093572', companyCode: 'HS001', employeeNo: 'HS-0003' },
  'en-US': { locale: 'en-US', phone: '13800138002', name: '王芳', idNo: '310104199107222469', companyCode: 'HS001', employeeNo: 'HS-0002' },
}
const REFUSES: Person = { locale: 'zh-CN', phone: '13800138004', name: '陈静', idNo: '330106199304184680', companyCode: 'HS001', employeeNo: 'HS-0004' }
const IN_INBOX: Person = { locale: 'zh-CN', phone: '13800138005', name: '刘洋', idNo: '510107199006015790', companyCode: 'LY002', employeeNo: 'LY-1001' }
/** The inbox's WeChat reminders bar (src/i18n/help). */
const REMINDERS = { ask: '接收微信提醒', on: '已开启微信提醒', remaining: (count: number) => `还可接收 ${count} 条` }
interface Person {
  locale: Locale
  phone: string
  name: string
  idNo: string
  companyCode: string
  employeeNo: string
}
/** WeChat's `lang` of a subscribe message for each language. */
const WECHAT_LANG: Record<Locale, string> = { 'zh-CN': 'zh_CN', 'en-US': 'en_US' }
/** SPEC §2 push settings (no ROUTE_PATHS entry: reached from the settings page). */
const PUSH_SETTINGS = 'packages/users/setting/pushSet'

let gateway: Gateway
let programs: MiniProgram[] = []

beforeAll(() => {
  if (!fs.existsSync(path.join(DIST, 'app.js'))) throw new Error('dist/weapp is missing: run `npm run test:weapp -w apps/portal` (it builds first)')
  gateway = sharedGateway()
})

afterEach(() => {
  for (const mp of programs) mp.close()
  programs = []
})

const calls = (mp: MiniProgram, call: { path: string }) => mp.requests.filter((r) => r.url.split('?')[0] === `/app${call.path}`)
const subscribeAsks = (mp: MiniProgram) => mp.apiCalls.filter((c) => c.api === 'requestSubscribeMessage').map((c) => c.args)
const payload = <T>(envelope: { code: number; msg?: string; data?: { data?: unknown } }): T => {
  if (envelope.code !== 200) throw new Error(`the call answered ${JSON.stringify(envelope)}`)
  return envelope.data?.data as T
}

/**
 * The employee on their phone: the app (privacy agreed at an earlier launch), signed in with
 * WeChat's phone-number button, real-name verified (the link the notices API finds them by).
 * Answers the app, the user's token and their open id in the mini-program (wechat/getOpenId's answer at launch).
 */
async function employeeOnPhone(person: Person): Promise<{ mp: MiniProgram; token: string; openId: string }> {
  const mp = new MiniProgram({
    dir: DIST,
    hosts: { [new URL(BUILD_GATEWAY).origin]: gateway.url },
    needPrivacyAuthorization: false,
    wechat: { loginCode: () => mintWechatCode(gateway, { identity: `wx-${person.phone}` }), phoneCode: () => mintWechatCode(gateway, { phone: person.phone }) },
  })
  mp.storage.set('user-agreed-privacy', '1')
  mp.storage.set('locale-lang', person.locale)
  programs.push(mp)
  await mp.launch()
  await mp.reLaunch('/pages/login/index')
  await mp.tapText(TEXTS[person.locale].agreePrefix)
  await mp.tapText(TEXTS[person.locale].wechatPhone)
  const token = mp.storage.get('token') as string | undefined
  const openId = (calls(mp, wire.wechatGetOpenId).find((r) => r.status === 200)?.data as { data?: { data?: { openId?: string } } } | undefined)?.data?.data?.openId
  if (!token || !openId) throw new Error(`the WeChat sign-in failed: ${JSON.stringify({ requests: mp.requests, toasts: mp.toasts, errors: mp.errors })}`)
  payload(await signedCall(gateway, { method: 'POST', path: `/app${wire.certificationCheck.path}` }, { method: 'idNumber', name: person.name, idNo: person.idNo }, token))
  return { mp, token, openId }
}

/** The subscribe templates the gateway gives this user (the configured one of each kind, and what their accepts allow). */
const templatesOf = async (token: string) => payload<SubscribeTemplates>(await signedCall(gateway, { method: 'GET', path: `/app${wire.wechatSubscribeTemplates.path}` }, undefined, token))

/** The payroll system tells the employee their salary of `month` is paid (as `npm run notice:sample` does). */
async function salaryNotice(person: Person, month: string): Promise<SentNotice> {
  return payload<SentNotice>(
    await openNoticeCall(gateway, {
      method: 'POST',
      path: '/notices',
      body: { kind: 'salary', templateId: 'salaryPaid', params: { month }, target: { type: 'jump', dest: 'payment' }, recipients: [{ companyCode: person.companyCode, employeeNo: person.employeeNo }] },
      idempotencyKey: `weapp-salary-${month}-${person.employeeNo}`,
    }),
  )
}

/** Asks for the notice's delivery (twice a second: the app's rate limit is 60 calls a minute) until `done` accepts it (20 s at most). */
async function deliveryWhen(id: string, done: (delivery: NoticeDelivery) => boolean): Promise<NoticeDelivery> {
  const end = Date.now() + 20_000
  for (;;) {
    const delivery = payload<NoticeDelivery>(await openNoticeCall(gateway, { method: 'GET', path: `/notices/${id}` }))
    if (done(delivery)) return delivery
    if (Date.now() > end) throw new Error(`the delivery did not get there: ${JSON.stringify(delivery)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The push settings page with the salary switch turned off, then on again (all kinds are on for a new user). */
async function switchSalaryOffAndOn(mp: MiniProgram, locale: Locale): Promise<void> {
  const t = TEXTS[locale]
  await mp.reLaunch(`/${PUSH_SETTINGS}`)
  await mp.tapLabel(t.salary)
  expect(mp.toasts.at(-1)).toBe(t.pushOff)
  // Switching a kind off asks WeChat for nothing.
  expect(subscribeAsks(mp)).toEqual([])
  await mp.tapLabel(t.salary)
  expect(mp.toasts.at(-1)).toBe(t.pushOn)
}

describe('WeChat subscribe messages in the mini-program (issue 35)', () => {
  it.each(['zh-CN', 'en-US'] as const)("switching salary on asks for its template in the tap; the accept is recorded, and the payroll system's notice reaches WeChat for that open id in the employee's language (%s)", async (locale) => {
    const person = ACCEPTS[locale]
    const { mp, token, openId } = await employeeOnPhone(person)
    const templates = await templatesOf(token)
    const salary = templates.find((t) => t.kind === 'salary')
    expect(salary).toMatchObject({ remaining: 0 })
    const templateId = salary?.templateId as string
    // The app's templates as WeChat knows them; the person accepts the salary one.
    for (const t of templates) mp.subscribeDialog.answers[t.templateId] = t.kind === 'salary' ? 'accept' : 'reject'

    await switchSalaryOffAndOn(mp, locale)
    expect(subscribeAsks(mp)).toEqual([{ tmplIds: [templateId], duringTap: true }])
    // The accept went to the gateway (with a fresh wx.login code naming the WeChat user) and was kept: one message allowed.
    const accepted = calls(mp, wire.wechatSubscribeAccept)
    expect(accepted.map((r) => r.status)).toEqual([200])
    expect((accepted[0].data as { data: { data: SubscribeTemplates } }).data.data.find((t) => t.kind === 'salary')).toEqual({ kind: 'salary', templateId, remaining: 1 })
    expect((await templatesOf(token)).find((t) => t.kind === 'salary')?.remaining).toBe(1)

    const sent = await salaryNotice(person, '2026-07')
    expect(sent).toMatchObject({ queued: 1, skipped: 0 })
    const delivery = await deliveryWhen(sent.id, (d) => d.complete && d.recipients[0].wechat !== 'pending')
    expect(delivery.recipients.map((r) => [r.inbox, r.wechat])).toEqual([['delivered', 'sent']])
    const messages = await wechatMessages(gateway, openId)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({
      touser: openId,
      templateId,
      // The inbox (the notice's link is an inner jump, made when the employee taps it there): a page of the package.
      page: ROUTE_PATHS.notices,
      miniprogramState: 'developer',
      lang: WECHAT_LANG[locale],
    })
    // The title in the language the accept was made in, cut to WeChat's 20 characters of a `thing`.
    expect(messages[0].data.thing1.value).toBe({ 'zh-CN': '2026-07工资已发放', 'en-US': 'Your salary for 202…' }[locale])
    expect(mp.routes).toContain(messages[0].page)
    // The accept is used up: the next salary notice goes to the inbox only.
    expect((await templatesOf(token)).find((t) => t.kind === 'salary')?.remaining).toBe(0)
    const next = await salaryNotice(person, '2026-08')
    expect((await deliveryWhen(next.id, (d) => d.complete)).recipients.map((r) => [r.inbox, r.wechat])).toEqual([['delivered', 'skipped']])
    expect(await wechatMessages(gateway, openId)).toHaveLength(1)
    expect(mp.errors).toEqual([])
  })

  it('a reject records nothing and nothing goes by WeChat, nor with the main switch off; the inbox has the notice', async () => {
    const { mp, token, openId } = await employeeOnPhone(REFUSES)
    const templates = await templatesOf(token)
    const templateId = templates.find((t) => t.kind === 'salary')?.templateId as string
    for (const t of templates) mp.subscribeDialog.answers[t.templateId] = 'reject'

    await switchSalaryOffAndOn(mp, REFUSES.locale)
    expect(subscribeAsks(mp)).toEqual([{ tmplIds: [templateId], duringTap: true }])
    // The setting is kept; no accept was sent.
    expect(calls(mp, wire.updatePushSetting).map((r) => r.status)).toEqual([200, 200])
    expect(calls(mp, wire.wechatSubscribeAccept)).toEqual([])

    // WeChat's main switch for subscribe messages off (20004): the call fails, nothing is recorded either.
    mp.subscribeDialog.failWith = 20004
    await mp.tapLabel(TEXTS['zh-CN'].salary)
    await mp.tapLabel(TEXTS['zh-CN'].salary)
    expect(subscribeAsks(mp)).toHaveLength(2)
    expect(mp.toasts.at(-1)).toBe(TEXTS['zh-CN'].pushOn)
    expect(calls(mp, wire.wechatSubscribeAccept)).toEqual([])
    expect((await templatesOf(token)).find((t) => t.kind === 'salary')?.remaining).toBe(0)

    const sent = await salaryNotice(REFUSES, '2026-07')
    expect(sent).toMatchObject({ queued: 1, skipped: 0 })
    const delivery = await deliveryWhen(sent.id, (d) => d.complete)
    expect(delivery.recipients.map((r) => [r.inbox, r.wechat])).toEqual([['delivered', 'none']])
    expect(await wechatMessages(gateway, openId)).toEqual([])
    const inbox = payload<NoticeList>(await signedCall(gateway, { method: 'GET', path: `/app${wire.noticeList.path}` }, undefined, token))
    expect(inbox.notices.filter((n) => n.title === '2026-07工资已发放')).toHaveLength(1)
    expect(mp.errors).toEqual([])
  })

  it("the inbox's WeChat reminders ask, in one tap, for the templates of the kinds switched on (three at most); each accept allows one message", async () => {
    const { mp, token } = await employeeOnPhone(IN_INBOX)
    const templates = await templatesOf(token)
    for (const t of templates) mp.subscribeDialog.answers[t.templateId] = 'accept'
    // Flexible employment off: the reminders are for the kinds the employee gets.
    payload(await signedCall(gateway, { method: 'POST', path: `/app${wire.updatePushSetting.path}` }, { kind: 'flexibleEmployment', enabled: false }, token))
    await mp.reLaunch(`/${ROUTE_PATHS.notices}`)
    expect(mp.pageText()).toContain(REMINDERS.remaining(0))
    // Opening the page asks WeChat for nothing: only a tap may.
    expect(subscribeAsks(mp)).toEqual([])

    await mp.tapLabel(REMINDERS.ask)
    const asked = templates.filter((t) => t.kind !== 'flexibleEmployment').map((t) => t.templateId).slice(0, 3)
    expect(subscribeAsks(mp)).toEqual([{ tmplIds: asked, duringTap: true }])
    expect(calls(mp, wire.wechatSubscribeAccept).map((r) => r.status)).toEqual([200])
    expect(mp.toasts.at(-1)).toBe(REMINDERS.on)
    const after = await templatesOf(token)
    for (const t of after) expect([t.kind, t.remaining]).toEqual([t.kind, asked.includes(t.templateId) ? 1 : 0])
    expect(mp.pageText()).toContain(REMINDERS.remaining(asked.length))
    expect(mp.errors).toEqual([])
  })
})
