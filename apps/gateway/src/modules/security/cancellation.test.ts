import { type AppAgreement, calls } from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { currentAgreementIds, smsCode } from '../../../test/helpers/flows'
import { GOOD_PASSWORD, accountWithPassword, seal, tokenWorks, verifyByPassword } from '../../../test/helpers/security'
import { accountCancellation, appUser, passwordHistory, securityEvent, userAgreement, userAvatar, userCertification, userSession } from '../../db/schema'
import { DEMO_ROSTER } from '../roster/data'
import { startSession } from '../session/service'
import { saveAvatar } from '../user/avatar'

const clock = testClock(new Date('2026-09-06T02:00:00Z'))
let t: TestApp
let cancellationIds: string[]
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  cancellationIds = payloadOf<AppAgreement[]>(await callApi(t.app, calls.getAppAgreements, { type: '2' })).map((a) => a.agreementId)
})
afterAll(() => t.close())

const cancel = (token: string, agreementIds = cancellationIds, locale = 'en-US') => callApi(t.app, calls.cancelAccount, { agreementIds }, { token, locale })
const rowsOf = async (userId: string) => {
  const db = t.database.db
  const count = async (table: typeof appUser | typeof userSession | typeof userCertification | typeof userAvatar | typeof passwordHistory | typeof securityEvent | typeof userAgreement) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq((table as typeof userSession).userId ?? (table as typeof appUser).id, userId)))[0].n
  return {
    user: (await db.select({ n: sql<number>`count(*)::int` }).from(appUser).where(eq(appUser.id, userId)))[0].n,
    sessions: await count(userSession),
    certification: await count(userCertification),
    avatar: await count(userAvatar),
    history: await count(passwordHistory),
    events: await count(securityEvent),
    signatures: await count(userAgreement),
  }
}

function png(): Buffer {
  const image = new PNG({ width: 2, height: 2 })
  image.data.fill(200)
  return PNG.sync.write(image)
}

describe('security/cancellationInfo', () => {
  it('lists what goes, what the account holds (masked), the agreement to tick and the hotline', async () => {
    const email = uniqueEmail()
    const { accessToken, phone } = await accountWithPassword(t, GOOD_PASSWORD, { email, phone: undefined })
    const info = payloadOf(await callApi(t.app, calls.cancellationInfo, undefined, { token: accessToken, locale: 'zh-CN' }))
    expect(info).toMatchObject({
      losses: ['profile', 'contacts', 'realName', 'bindings', 'history', 'services'],
      phone: phone ? expect.stringContaining('****') : null,
      email: `${email[0]}***@example.com`,
      realNameLinked: false,
      hotline: '400-820-6688',
      privileged: null,
    })
    expect(info.agreements).toEqual([expect.objectContaining({ agreementCode: 'cancellation', agreementName: '账号注销协议', version: '1.1' })])
  })
})

describe('security/cancelAccount', () => {
  it('needs the identity check, then the current cancellation agreement ticked', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    expectRefusal(await cancel(accessToken), 'IDENTITY_CHECK_REQUIRED', 403)
    await verifyByPassword(t, accessToken)
    const missing = expectRefusal(await cancel(accessToken, [], 'zh-CN'), 'VALIDATION_FAILED', 400)
    expect(missing.fields?.[0]).toMatchObject({ field: 'agreementIds', message: '请同意用户协议' })
    // An agreement of the app set is not the cancellation agreement.
    expectRefusal(await cancel(accessToken, await currentAgreementIds(t.app)), 'AGREEMENT_OUTDATED', 409)
    expectRefusal(await cancel(accessToken, ['999999']), 'AGREEMENT_OUTDATED', 409)
    expect((await rowsOf(userId)).user).toBe(1)
  })

  it('deletes the account and all it holds, keeps an audit line without personal data, and frees the phone and the employee', async () => {
    const email = uniqueEmail()
    const { accessToken, userId, phone } = await accountWithPassword(t, GOOD_PASSWORD, { email, phone: uniquePhone(), username: `can${Date.now() % 1_000_000}` })
    const other = await startSession(t.database.db, userId, { ...TEST_ORIGIN, deviceId: 'device-cancel-00000001' }, clock.now())
    const person = DEMO_ROSTER[4]
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: person.name, idNo: person.idNo }, { token: accessToken }))
    await saveAvatar(t.database.db, userId, png(), clock.now())
    await verifyByPassword(t, accessToken)
    payloadOf(await callApi(t.app, calls.updateUserPassword, { password: await seal(t, 'Next-Pass-4242'), confirmPassword: await seal(t, 'Next-Pass-4242') }, { token: accessToken }))
    const before = await rowsOf(userId)
    expect(before).toMatchObject({ user: 1, certification: 1, avatar: 1, history: 1 })
    expect(before.events).toBeGreaterThan(0)

    const done = payloadOf(await cancel(accessToken))
    expect(done).toEqual({ cancelledAt: clock.now().toISOString() })
    expect(await rowsOf(userId)).toEqual({ user: 0, sessions: 0, certification: 0, avatar: 0, history: 0, events: 0, signatures: 0 })
    expect(await tokenWorks(t, accessToken)).toBe(false)
    // The rows went with the account; the other device is still told its session was ended.
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: other.accessToken }), 'SESSION_ENDED', 401)
    expectRefusal(await callApi(t.app, calls.refreshToken, { refreshToken: other.refreshToken }), 'SESSION_ENDED', 401)
    const audit = await t.database.db.select().from(accountCancellation).where(eq(accountCancellation.userId, userId))
    expect(audit).toEqual([{ id: expect.any(Number), userId, cancelledAt: clock.now(), requestedBy: 'self', client: 'h5' }])

    // The phone registers again as a new account, and the employee can be verified by it.
    const code = await smsCode(t.app, phone!, 'register')
    const fresh = payloadOf(
      await callApi(t.app, calls.registerByPhonePwd, {
        phone: phone!,
        code,
        password: await seal(t, 'Brand-New-Pass-1'),
        confirmPassword: await seal(t, 'Brand-New-Pass-1'),
        agreementIds: await currentAgreementIds(t.app),
      }),
    )
    expect(fresh.userId).not.toBe(userId)
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: person.name, idNo: person.idNo }, { token: fresh.accessToken }))
    expect((await t.database.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.email, email))).length).toBe(0)
  })

  it('a failure half-way leaves the account, its logins and its data intact', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    await verifyByPassword(t, accessToken)
    const before = await rowsOf(userId)
    const fn = `fail_cancel_${userId.replace(/-/g, '')}`
    await t.database.db.execute(sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.user_id = '${userId}' then raise exception 'forced failure'; end if; return new; end $$`))
    await t.database.db.execute(sql.raw(`create trigger ${fn} before insert on account_cancellation for each row execute function ${fn}()`))
    try {
      expect((await cancel(accessToken)).statusCode).toBe(500)
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger ${fn} on account_cancellation`))
      await t.database.db.execute(sql.raw(`drop function ${fn}()`))
    }
    expect(await rowsOf(userId)).toEqual(before)
    expect(await tokenWorks(t, accessToken)).toBe(true)
  })
})
