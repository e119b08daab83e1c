import { HELP_VOTES_PER_MINUTE, calls } from '@ess/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { helpFeedback } from '../../db/schema'

const clock = testClock(new Date('2026-11-20T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const QUESTION = 'help-forgot-password'
let devices = 0
const newDevice = () => `help-device-${process.pid}-${++devices}`
const feedback = (body: object, options: { token?: string; deviceId?: string; locale?: string } = {}) => callApi(t.app, calls.helpFeedback, body as never, options)
const voteOf = (informationId: string, options: { token?: string; deviceId?: string } = {}) => callApi(t.app, calls.helpVote, { informationId }, options)
const rows = (informationId: string) => t.database.db.select().from(helpFeedback).where(eq(helpFeedback.informationId, informationId))

describe('the help center in the information tree', () => {
  it('lists help categories with their questions in both languages, in the order written', async () => {
    const zh = payloadOf(await callApi(t.app, calls.informationTree))
    const en = payloadOf(await callApi(t.app, calls.informationTree, undefined, { locale: 'en-US' }))
    type Category = { code: string; kind: string; name: string; articles: Array<{ id: string; title: string }> }
    const help = (tree: Category[]) => tree.filter((c) => c.kind === 'help')
    expect(help(zh).map((c) => c.code)).toEqual(['help-account', 'help-realname', 'help-pay', 'help-privacy'])
    expect(help(zh)[0]).toMatchObject({ name: '账号与登录', articles: [{ id: QUESTION, title: '忘记密码怎么办？' }, { id: 'help-change-phone' }, { id: 'help-account-locked' }] })
    expect(help(en)[0].articles[0].title).toBe('I forgot my password. What can I do?')
    const answer = payloadOf(await callApi(t.app, calls.informationDetail, { id: QUESTION }, { locale: 'en-US' }))
    expect(answer.categoryCode).toBe('help-account')
    expect(answer.blocks.length).toBeGreaterThan(0)
  })
})

describe('POST cms/help/feedback', () => {
  it('records one vote per user per question, changeable, and reads it back; another user starts with none', async () => {
    const a = await seedAccount(t)
    const b = await seedAccount(t)
    expect(payloadOf(await voteOf(QUESTION, { token: a.accessToken }))).toEqual({ informationId: QUESTION, helpful: null })
    expect(payloadOf(await feedback({ informationId: QUESTION, helpful: true }, { token: a.accessToken }))).toEqual({ informationId: QUESTION, helpful: true })
    expect(payloadOf(await feedback({ informationId: QUESTION, helpful: false }, { token: a.accessToken }))).toEqual({ informationId: QUESTION, helpful: false })
    expect(payloadOf(await voteOf(QUESTION, { token: a.accessToken })).helpful).toBe(false)
    expect(payloadOf(await voteOf(QUESTION, { token: b.accessToken })).helpful).toBeNull()
    const mine = await t.database.db.select().from(helpFeedback).where(and(eq(helpFeedback.informationId, QUESTION), eq(helpFeedback.userId, a.userId)))
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ voter: `u:${a.userId}`, helpful: false })
  })

  it('lets a visitor vote once per device (the device id kept as a digest only); the same device logged in votes as its user', async () => {
    const device = newDevice()
    const question = 'help-change-phone'
    payloadOf(await feedback({ informationId: question, helpful: true }, { deviceId: device }))
    payloadOf(await feedback({ informationId: question, helpful: true }, { deviceId: device }))
    expect(payloadOf(await voteOf(question, { deviceId: device })).helpful).toBe(true)
    expect(payloadOf(await voteOf(question, { deviceId: newDevice() })).helpful).toBeNull()
    const stored = await rows(question)
    expect(stored).toHaveLength(1)
    expect(stored[0].voter).toMatch(/^d:[0-9a-f]{32}$/)
    expect(stored[0].voter).not.toContain(device)
    const user = await seedAccount(t)
    expect(payloadOf(await voteOf(question, { token: user.accessToken, deviceId: device })).helpful).toBeNull()
  })

  it('refuses an unknown question and a news article, storing nothing', async () => {
    const a = await seedAccount(t)
    const unknown = expectRefusal(await feedback({ informationId: 'no-such-question', helpful: true }, { token: a.accessToken, locale: 'en-US' }), 'HELP_QUESTION_NOT_FOUND', 404)
    expect(unknown.msg).toBe('This question does not exist or is no longer published')
    expectRefusal(await feedback({ informationId: 'si-base-2026', helpful: true }, { token: a.accessToken }), 'HELP_QUESTION_NOT_FOUND', 404)
    expectRefusal(await voteOf('si-base-2026', { token: a.accessToken }), 'HELP_QUESTION_NOT_FOUND', 404)
    expect(await rows('si-base-2026')).toHaveLength(0)
  })

  it('refuses a bad body: missing or malformed id, a helpful that is not a boolean, missing fields', async () => {
    const a = await seedAccount(t)
    for (const body of [{}, { informationId: QUESTION }, { helpful: true }, { informationId: QUESTION, helpful: 'yes' }, { informationId: QUESTION, helpful: 1 }, { informationId: 'Bad Id!', helpful: true }, { informationId: 'x'.repeat(65), helpful: true }]) {
      expectRefusal(await feedback(body, { token: a.accessToken }), 'VALIDATION_FAILED', 400)
    }
    expectRefusal(await callApi(t.app, calls.helpVote, {} as never), 'VALIDATION_FAILED', 400)
    expect(payloadOf(await voteOf('help-account-locked', { token: a.accessToken })).helpful).toBeNull()
  })

  it(`refuses more than ${HELP_VOTES_PER_MINUTE} votes a minute from one voter (429 with Retry-After), and takes them again the next minute`, async () => {
    const a = await seedAccount(t)
    clock.set(new Date('2026-11-20T03:00:10Z'))
    for (let i = 0; i < HELP_VOTES_PER_MINUTE; i++) payloadOf(await feedback({ informationId: 'help-why-realname', helpful: i % 2 === 0 }, { token: a.accessToken }))
    const refused = await feedback({ informationId: 'help-why-realname', helpful: true }, { token: a.accessToken })
    expectRefusal(refused, 'TOO_MANY_REQUESTS', 429)
    expect(Number(refused.headers['retry-after'])).toBe(50)
    // the refused vote changed nothing (the last one taken was "not helpful")
    expect(payloadOf(await voteOf('help-why-realname', { token: a.accessToken })).helpful).toBe(false)
    clock.set(new Date('2026-11-20T03:01:00Z'))
    payloadOf(await feedback({ informationId: 'help-why-realname', helpful: true }, { token: a.accessToken }))
  })

  it('caps the votes of one address across device ids minted to dodge the per-voter limit', async () => {
    clock.set(new Date('2026-11-20T04:00:00Z'))
    let refusedAt = 0
    for (let i = 1; i <= 70 && !refusedAt; i++) {
      const response = await feedback({ informationId: 'help-notice-off', helpful: true }, { deviceId: newDevice() })
      if (response.statusCode === 429) refusedAt = i
    }
    expect(refusedAt).toBe(61)
  })
})

describe('GET cms/service/contacts', () => {
  it('answers the configured hotline, the hours and the regional desks in the caller language', async () => {
    const zh = payloadOf(await callApi(t.app, calls.serviceContacts))
    const en = payloadOf(await callApi(t.app, calls.serviceContacts, undefined, { locale: 'en-US' }))
    expect(zh.hotline).toBe(t.config.servicePhone)
    expect(zh.regions.map((r: { code: string }) => r.code)).toEqual(['north', 'east', 'south', 'west'])
    expect(zh.regions[0].name).toBe('华北服务中心')
    expect(en.regions[0].name).toBe('North China desk')
    expect(en.hours).toContain('Mon–Fri')
  })
})
