// The dashboard (issue 34): figures from seeded rows, by China day (UTC+8), cached 60 s; every role may read it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appUser, outboxMessage, securityEvent, userSession } from '../../db/schema'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { consoleCall, createOperator, signIn } from '../../../test/helpers/operators'
import { chinaDay } from './service'

// 2026-11-27 17:30 UTC is 2026-11-28 01:30 in China: "today" is the 28th there.
const clock = testClock(new Date('2026-11-27T17:30:00Z'))
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const at = (iso: string) => new Date(iso)

describe('GET /app/console/dashboard', () => {
  it('counts the seeded rows by China day, the queue and 30 days; answers every role; caches 60 s', async () => {
    expect(chinaDay(clock.now())).toBe('2026-11-28')
    const users = [randomUUID(), randomUUID(), randomUUID()]
    // Two registrations on the China 28th (one of them 16:30 UTC on the 27th), one on the 27th.
    await t.app.db.insert(appUser).values([
      { id: users[0], email: 'd0@example.com', createdAt: at('2026-11-27T16:30:00Z') },
      { id: users[1], email: 'd1@example.com', createdAt: at('2026-11-27T17:00:00Z') },
      { id: users[2], email: 'd2@example.com', createdAt: at('2026-11-27T15:59:00Z') },
    ])
    const family = randomUUID()
    const session = (userId: string, familyId: string, createdAt: Date) => ({
      userId, familyId, accessHash: randomUUID(), accessExpiresAt: at('2026-12-30T00:00:00Z'), createdAt, ip: '1.1.1.1', deviceId: 'd', client: 'h5',
    })
    // One sign-in today whose session was rotated (one family: one sign-in), one yesterday.
    await t.app.db.insert(userSession).values([session(users[0], family, at('2026-11-27T16:40:00Z')), session(users[0], family, at('2026-11-27T17:10:00Z')), session(users[1], randomUUID(), at('2026-11-27T10:00:00Z'))])
    const event = (userId: string, type: 'signInFailed' | 'accountLocked', when: Date) => ({ userId, type, at: when, ip: '1.1.1.1', deviceId: 'd', client: 'h5' })
    await t.app.db.insert(securityEvent).values([event(users[0], 'signInFailed', at('2026-11-27T17:00:00Z')), event(users[0], 'signInFailed', at('2026-11-27T17:01:00Z')), event(users[0], 'accountLocked', at('2026-11-27T17:02:00Z'))])
    const message = (channel: string, state: 'queued' | 'delivered' | 'failed') => ({ channel, recipient: 'x', locale: 'zh-CN', template: 'verificationCode', params: {}, body: 'b', state, createdAt: at('2026-11-27T17:05:00Z') })
    await t.app.db.insert(outboxMessage).values([message('sms', 'delivered'), message('sms', 'failed'), message('email', 'delivered'), message('email', 'queued')])

    const operator = await createOperator(t.app, 'dash@console.test', ['content_editor'])
    const client = await signIn(t.app, clock, operator)
    const figures = payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/dashboard'))
    expect(figures.days).toHaveLength(30)
    expect(figures.days[0].date).toBe('2026-10-30')
    const today = figures.days[29]
    expect(today).toMatchObject({ date: '2026-11-28', registrations: 2, signIns: 1, signInFailures: 2, lockouts: 1, smsSent: 1, smsFailed: 1, emailSent: 2, emailFailed: 0 })
    expect(figures.days[28]).toMatchObject({ date: '2026-11-27', registrations: 1, signIns: 1 })
    expect(figures.queue).toEqual({ waiting: 1, failed: 1 })
    expect(figures.agreements.pending).toBeGreaterThanOrEqual(0)

    // Cached: a new row shows after 60 s.
    await t.app.db.insert(appUser).values({ id: randomUUID(), email: 'd3@example.com', createdAt: at('2026-11-27T17:20:00Z') })
    expect(payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/dashboard')).days[29].registrations).toBe(2)
    clock.advance(61_000)
    expect(payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/dashboard')).days[29].registrations).toBe(3)
    expectRefusal(await consoleCall(t.app, undefined, 'GET', '/app/console/dashboard'), 'CONSOLE_SESSION_INVALID', 401)
  })
})
