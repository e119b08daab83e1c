import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, calls, defineCall } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userChanged } from './user-stamp'
import { z } from 'zod'
import { seedAccount, uniqueEmail } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, SECOND, testClock } from '../../../test/helpers/clock'
import { appUser } from '../../db/schema'
import { registerCall } from '../../lib/call-route'
import { countLiveSessions } from './queries'
import { startSession } from './service'

const certifiedOnly = defineCall({
  method: 'GET',
  path: '/user/api/test/certifiedOnly',
  summary: 'test',
  tags: ['test'],
  access: 'certified',
  response: z.object({ userId: z.string() }),
})

const clock = testClock(new Date('2026-03-02T08:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    now: clock.now,
    extend: (fastify) => registerCall(fastify, certifiedOnly, async (request) => ({ userId: request.auth!.userId })),
  })
})
afterAll(() => t.close())

const userInfo = (token?: string) => callApi(t.app, calls.getUserInfo, undefined, { token })
const refresh = (refreshToken: string) => callApi(t.app, calls.refreshToken, { refreshToken })

describe('access of user calls', () => {
  it('answers the user info of a live access token', async () => {
    const login = await seedAccount(t, { email: 'mei@example.com', phone: '13700000001', phoneRegion: 'CN', phoneE164: '+8613700000001' })
    expect(login).toEqual({
      userId: expect.any(String),
      accessToken: expect.stringMatching(/^[\w-]{43}$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      expiresIn: ACCESS_TOKEN_TTL_S,
      refreshExpiresIn: REFRESH_TOKEN_TTL_S,
    })
    expect(payloadOf(await userInfo(login.accessToken))).toEqual({
      userId: login.userId,
      phone: '13700000001',
      phoneRegion: 'CN',
      email: 'mei@example.com',
      username: null,
      photo: null,
      gender: 'U',
      birthdate: null,
      certificationStatus: 0,
      isExpired: false,
      certification: null,
      hasPassword: false,
    })
  })

  it('keeps only digests of the tokens', async () => {
    const login = await seedAccount(t)
    const dump = JSON.stringify(await t.database.db.execute('select * from user_session'))
    expect(dump).not.toContain(login.accessToken)
    expect(dump).not.toContain(login.refreshToken)
  })

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
  ])('answers 401 SESSION_INVALID for %s, in the caller language', async (_, token) => {
    const response = await callApi(t.app, calls.getUserInfo, undefined, { token, locale: 'en-US' })
    const body = expectRefusal(response, 'SESSION_INVALID', 401)
    expect(body).toMatchObject({ code: 401, msg: 'Your session has expired, please log in again' })
  })

  it('answers 401 once the access token expired, and before the input is validated', async () => {
    const login = await seedAccount(t)
    clock.advance(ACCESS_TOKEN_TTL_S * SECOND - 1)
    expect((await userInfo(login.accessToken)).statusCode).toBe(200)
    clock.advance(1)
    expectRefusal(await userInfo(login.accessToken), 'SESSION_INVALID', 401)
    expectRefusal(await callApi(t.app, calls.signAgreements, { agreementIds: [] }, { token: login.accessToken }), 'SESSION_INVALID', 401)
  })

  it("refuses 'certified' calls without a real-name verification, and one older than 90 days", async () => {
    const login = await seedAccount(t)
    const certified = () => callApi(t.app, certifiedOnly, undefined, { token: login.accessToken })
    expectRefusal(await certified(), 'CERTIFICATION_REQUIRED', 403)
    await t.database.db.update(appUser).set({ certificationStatus: 1, certifiedAt: clock.now() }).where(eq(appUser.id, login.userId))
    // As every writer of a user does once committed (user-stamp.ts).
    await userChanged(t.kv, login.userId)
    expect(payloadOf(await certified())).toEqual({ userId: login.userId })
    clock.advance(89 * DAY)
    const fresh = await seedAccount(t, { email: uniqueEmail() })
    await t.database.db
      .update(appUser)
      .set({ certificationStatus: 1, certifiedAt: new Date(clock.now().getTime() - 91 * DAY) })
      .where(eq(appUser.id, fresh.userId))
    await userChanged(t.kv, fresh.userId)
    expectRefusal(await callApi(t.app, certifiedOnly, undefined, { token: fresh.accessToken }), 'CERTIFICATION_REQUIRED', 403)
    expect(payloadOf(await userInfo(fresh.accessToken))).toMatchObject({ certificationStatus: 1, isExpired: true })
  })
})

describe('POST login/refreshToken', () => {
  it('rotates the pair: the new one works, the old access and refresh tokens do not', async () => {
    const first = await seedAccount(t)
    const second = payloadOf(await refresh(first.refreshToken))
    expect(second).toMatchObject({ userId: first.userId, expiresIn: ACCESS_TOKEN_TTL_S, refreshExpiresIn: REFRESH_TOKEN_TTL_S })
    expect(second.accessToken).not.toBe(first.accessToken)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect((await userInfo(second.accessToken)).statusCode).toBe(200)
    expectRefusal(await userInfo(first.accessToken), 'SESSION_INVALID', 401)
    const third = payloadOf(await refresh(second.refreshToken))
    expect((await userInfo(third.accessToken)).statusCode).toBe(200)
  })

  it('revokes the whole login when a used refresh token comes back', async () => {
    const first = await seedAccount(t)
    const second = payloadOf(await refresh(first.refreshToken))
    expectRefusal(await refresh(first.refreshToken), 'SESSION_INVALID', 401)
    expectRefusal(await userInfo(second.accessToken), 'SESSION_ENDED', 401)
    expectRefusal(await refresh(second.refreshToken), 'SESSION_ENDED', 401)
  })

  it('lets one of two concurrent refreshes with the same token win, and then ends the login', async () => {
    const first = await seedAccount(t)
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401])
    const winner = payloadOf(answers.find((a) => a.statusCode === 200)!)
    expectRefusal(await userInfo(winner.accessToken), 'SESSION_ENDED', 401)
  })

  it('refuses an unknown, an expired and a logged-out refresh token', async () => {
    expectRefusal(await refresh('y'.repeat(43)), 'SESSION_INVALID', 401)
    const old = await seedAccount(t)
    clock.advance(REFRESH_TOKEN_TTL_S * SECOND)
    expectRefusal(await refresh(old.refreshToken), 'SESSION_INVALID', 401)
    const login = await seedAccount(t)
    payloadOf(await callApi(t.app, calls.logout, undefined, { token: login.accessToken }))
    expectRefusal(await refresh(login.refreshToken), 'SESSION_ENDED', 401)
  })
})

describe('quick login (SPEC §3)', () => {
  it('has no refresh token: the access token works, nothing can be refreshed', async () => {
    const { userId } = await seedAccount(t)
    const quick = await startSession(t.database.db, userId, { ip: '10.0.0.9', deviceId: 'mini-program-000000001', client: 'weapp' }, clock.now(), {
      withRefresh: false,
    })
    expect(quick).toMatchObject({ userId, refreshToken: '', refreshExpiresIn: 0, expiresIn: ACCESS_TOKEN_TTL_S })
    expect((await userInfo(quick.accessToken)).statusCode).toBe(200)
    expectRefusal(await refresh(''), 'VALIDATION_FAILED', 400)
  })
})

describe('POST logout and signOut', () => {
  it('logout ends this login only', async () => {
    const email = uniqueEmail()
    const phoneLogin = await seedAccount(t, { email })
    const { userId } = phoneLogin
    const other = await startSession(t.database.db, userId, { ip: '10.0.0.2', deviceId: 'other-device-000000001', client: 'ios' }, clock.now())
    expect(payloadOf(await callApi(t.app, calls.logout, undefined, { token: phoneLogin.accessToken }))).toEqual({ ended: 1 })
    expectRefusal(await userInfo(phoneLogin.accessToken), 'SESSION_ENDED', 401)
    expect((await userInfo(other.accessToken)).statusCode).toBe(200)
    expectRefusal(await callApi(t.app, calls.logout, undefined, { token: phoneLogin.accessToken }), 'SESSION_ENDED', 401)
  })

  it('signOut ends every login of the account, refreshed ones included', async () => {
    const a = await seedAccount(t)
    const b = await startSession(t.database.db, a.userId, { ip: '10.0.0.3', deviceId: 'other-device-000000002', client: 'android' }, clock.now())
    const c = payloadOf(await refresh(b.refreshToken))
    expect(await countLiveSessions(t.database.db, a.userId, clock.now())).toBe(2)
    expect(payloadOf(await callApi(t.app, calls.signOut, undefined, { token: c.accessToken }))).toEqual({ ended: 2 })
    for (const token of [a.accessToken, c.accessToken]) expectRefusal(await userInfo(token), 'SESSION_ENDED', 401)
    expectRefusal(await refresh(c.refreshToken), 'SESSION_ENDED', 401)
    expect(await countLiveSessions(t.database.db, a.userId, clock.now())).toBe(0)
  })
})
