import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { GOOD_PASSWORD, accountWithPassword, seal, verifyByPassword } from '../../../test/helpers/security'
import { publishNotice } from './service'

const clock = testClock(new Date('2026-09-01T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const settings = (token: string) => callApi(t.app, calls.pushSettings, undefined, { token })
const update = (token: string, body: object) => callApi(t.app, calls.updatePushSetting, body as never, { token, locale: 'en-US' })
const inbox = (token: string, locale = 'zh-CN') => callApi(t.app, calls.noticeList, undefined, { token, locale })
const text = { title: { 'zh-CN': '体检预约成功', 'en-US': 'Check-up booked' }, body: { 'zh-CN': '正文', 'en-US': 'Body' } }

describe('push settings', () => {
  it('are all on by default, switch one at a time and stay per user', async () => {
    const a = await seedAccount(t)
    const b = await seedAccount(t)
    expect(payloadOf(await settings(a.accessToken))).toEqual([
      { kind: 'salary', enabled: true },
      { kind: 'examReservation', enabled: true },
      { kind: 'examReport', enabled: true },
      { kind: 'flexibleEmployment', enabled: true },
    ])
    const after = payloadOf(await update(a.accessToken, { kind: 'examReport', enabled: false }))
    expect(after.find((row: { kind: string }) => row.kind === 'examReport').enabled).toBe(false)
    expect(payloadOf(await settings(a.accessToken))).toEqual(after)
    expect(payloadOf(await settings(b.accessToken)).every((row: { enabled: boolean }) => row.enabled)).toBe(true)
    payloadOf(await update(a.accessToken, { kind: 'examReport', enabled: true }))
    expect(payloadOf(await settings(a.accessToken)).every((row: { enabled: boolean }) => row.enabled)).toBe(true)
  })

  it('refuse an unknown kind, a non-boolean, the security kind and a visitor, changing nothing', async () => {
    const a = await seedAccount(t)
    for (const body of [{ kind: 'weather', enabled: false }, { kind: 'salary', enabled: 'no' }, { kind: 'security', enabled: false }, { kind: 'salary' }]) {
      const refused = expectRefusal(await update(a.accessToken, body), 'VALIDATION_FAILED', 400)
      expect(refused.msg).toBe('Some of the information is not valid; please check and try again')
    }
    expect(payloadOf(await settings(a.accessToken)).every((row: { enabled: boolean }) => row.enabled)).toBe(true)
    expectRefusal(await callApi(t.app, calls.pushSettings), 'SESSION_INVALID', 401)
    expectRefusal(await callApi(t.app, calls.updatePushSetting, { kind: 'salary', enabled: false }), 'SESSION_INVALID', 401)
  })
})

describe('the notices inbox', () => {
  it('shows the seeded salary notice, in the language asked, with the unread count', async () => {
    const a = await seedAccount(t)
    const zh = payloadOf(await inbox(a.accessToken))
    expect(zh.unread).toBe(1)
    expect(zh.notices[0]).toMatchObject({ kind: 'salary', title: '本月工资已发放', read: false })
    expect(payloadOf(await inbox(a.accessToken, 'en-US')).notices[0].title).toBe("This month's salary has been paid")
  })

  it('hides and does not store the kinds switched off; marks one or all read', async () => {
    const a = await seedAccount(t)
    payloadOf(await update(a.accessToken, { kind: 'salary', enabled: false }))
    expect(payloadOf(await inbox(a.accessToken))).toEqual({ unread: 0, notices: [] })
    payloadOf(await update(a.accessToken, { kind: 'examReservation', enabled: false }))
    expect(await publishNotice(t.database.db, a.userId, 'examReservation', text, clock.now())).toBe(false)
    payloadOf(await update(a.accessToken, { kind: 'examReservation', enabled: true }))
    expect(await publishNotice(t.database.db, a.userId, 'examReservation', text, clock.now())).toBe(true)
    payloadOf(await update(a.accessToken, { kind: 'salary', enabled: true }))
    const list = payloadOf(await inbox(a.accessToken))
    expect(list.unread).toBe(2)
    expect(payloadOf(await callApi(t.app, calls.noticeRead, { id: list.notices[0].id }, { token: a.accessToken }))).toEqual({ unread: 1 })
    expect(payloadOf(await callApi(t.app, calls.noticeRead, {}, { token: a.accessToken }))).toEqual({ unread: 0 })
    expect(payloadOf(await inbox(a.accessToken)).notices.every((row: { read: boolean }) => row.read)).toBe(true)
  })

  it('refuses to read a notice of another user, and a malformed id', async () => {
    const a = await seedAccount(t)
    const b = await seedAccount(t)
    await publishNotice(t.database.db, b.userId, 'examReport', text, clock.now())
    const theirs = payloadOf(await inbox(b.accessToken)).notices.find((row: { kind: string }) => row.kind === 'examReport')
    expectRefusal(await callApi(t.app, calls.noticeRead, { id: theirs.id }, { token: a.accessToken }), 'NOT_FOUND', 404)
    expectRefusal(await callApi(t.app, calls.noticeRead, { id: 'x' }, { token: a.accessToken }), 'VALIDATION_FAILED', 400)
    expect(payloadOf(await inbox(b.accessToken)).unread).toBe(2)
  })

  it('gets a security notice when the password changes, which cannot be switched off', async () => {
    const account = await accountWithPassword(t)
    for (const kind of ['salary', 'examReservation', 'examReport', 'flexibleEmployment']) payloadOf(await update(account.accessToken, { kind, enabled: false }))
    await verifyByPassword(t, account.accessToken)
    const password = await seal(t, 'Quartz-Meadow-48')
    payloadOf(await callApi(t.app, calls.updateUserPassword, { password, confirmPassword: password }, { token: account.accessToken }))
    const list = payloadOf(await inbox(account.accessToken, 'en-US'))
    expect(list.notices.map((row: { kind: string; title: string }) => [row.kind, row.title])).toEqual([['security', 'Your password was changed']])
    expect(GOOD_PASSWORD).not.toBe('Quartz-Meadow-48')
  })
})
