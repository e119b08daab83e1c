import { PASSWORD_HISTORY_SIZE, calls } from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { GOOD_PASSWORD, accountWithPassword, ownCode, seal, tokenWorks, verifyByPassword } from '../../../test/helpers/security'
import { appUser, outboxMessage, passwordHistory } from '../../db/schema'
import { verifyPassword } from '../../infra/crypto/password-hash'
import { startSession } from '../session/service'
import { isCommonPassword } from './password'

const clock = testClock(new Date('2026-09-02T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

async function update(token: string, fields: { oldPassword?: string; passCode?: string; passCodeChannel?: 'sms' | 'email'; password: string; confirmPassword?: string }, locale = 'en-US') {
  const body = {
    ...(fields.oldPassword ? { oldPassword: await seal(t, fields.oldPassword) } : {}),
    ...(fields.passCode ? { passCode: fields.passCode } : {}),
    ...(fields.passCodeChannel ? { passCodeChannel: fields.passCodeChannel } : {}),
    password: await seal(t, fields.password),
    confirmPassword: await seal(t, fields.confirmPassword ?? fields.password),
  }
  return callApi(t.app, calls.updateUserPassword, body, { token, locale })
}

const hashOf = async (userId: string) => (await t.database.db.select({ h: appUser.passwordHash }).from(appUser).where(eq(appUser.id, userId)))[0].h

describe('updateUserPassword', () => {
  it('inside the window: changes the password, ends every other login, keeps this one, notifies phone and email', async () => {
    const email = uniqueEmail()
    const { accessToken, userId, phone } = await accountWithPassword(t, GOOD_PASSWORD, { email, phone: uniquePhone() })
    const other = await startSession(t.database.db, userId, { ...TEST_ORIGIN, deviceId: 'device-other-000000002' }, clock.now())
    await verifyByPassword(t, accessToken)

    expect(payloadOf(await update(accessToken, { password: 'Quartz-Lily-58' }))).toEqual({ sessionsEnded: 1 })
    expect(await verifyPassword(await hashOf(userId), 'Quartz-Lily-58')).toBe(true)
    expect(await tokenWorks(t, accessToken)).toBe(true)
    expect(await tokenWorks(t, other.accessToken)).toBe(false)
    expectRefusal(await callApi(t.app, calls.refreshToken, { refreshToken: other.refreshToken }), 'SESSION_ENDED', 401)

    const notices = await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.template, 'passwordChanged'))
    expect(notices.filter((m) => m.recipient === `+86${phone}` || m.recipient === email).map((m) => m.channel).sort()).toEqual(['email', 'sms'])
    expect(notices.find((m) => m.recipient === email)?.body).toMatch(/Not you\? Call 400-820-6688/)
  })

  it('outside the window: the current password and the code to the own phone, both required and both checked', async () => {
    const { accessToken, userId, phone } = await accountWithPassword(t)
    expectRefusal(await update(accessToken, { password: 'Quartz-Lily-58' }), 'IDENTITY_CHECK_REQUIRED', 403)
    expectRefusal(await update(accessToken, { oldPassword: GOOD_PASSWORD, password: 'Quartz-Lily-58' }), 'IDENTITY_CHECK_REQUIRED', 403)

    const code = await ownCode(t, accessToken, `+86${phone}`, 'updatePassword')
    const wrongOld = await update(accessToken, { oldPassword: 'Not-The-One-1', passCode: code, password: 'Quartz-Lily-58' }, 'zh-CN')
    expect(expectRefusal(wrongOld, 'WRONG_OLD_PASSWORD', 400).msg).toBe('您输入的密码不正确，请重新输入')
    // The code was spent by that try: a new one is needed.
    clock.advance(MINUTE + 1)
    const again = await ownCode(t, accessToken, `+86${phone}`, 'updatePassword')
    expectRefusal(await update(accessToken, { oldPassword: GOOD_PASSWORD, passCode: again === '000000' ? '111111' : '000000', password: 'Quartz-Lily-58' }), 'WRONG_VERIFICATION_CODE')
    expect(payloadOf(await update(accessToken, { oldPassword: GOOD_PASSWORD, passCode: again, password: 'Quartz-Lily-58' }))).toEqual({ sessionsEnded: 0 })
    expect(await verifyPassword(await hashOf(userId), 'Quartz-Lily-58')).toBe(true)
  })

  it('refuses weak, common, personal, current and recent passwords, each with its own message, changing nothing', async () => {
    const { accessToken, userId, phone } = await accountWithPassword(t, GOOD_PASSWORD, { username: `zhang${uniquePhone().slice(-6)}` })
    const [{ username }] = await t.database.db.select({ username: appUser.username }).from(appUser).where(eq(appUser.id, userId))
    await verifyByPassword(t, accessToken)
    const before = await hashOf(userId)

    const rule = expectRefusal(await update(accessToken, { password: 'short1' }, 'zh-CN'), 'VALIDATION_FAILED', 400)
    expect(rule.fields).toEqual([expect.objectContaining({ field: 'password', messageKey: 'password.invalid' })])
    const mismatch = expectRefusal(await update(accessToken, { password: 'Quartz-Lily-58', confirmPassword: 'Quartz-Lily-59' }), 'VALIDATION_FAILED')
    expect(mismatch.fields?.[0]).toMatchObject({ messageKey: 'password.mismatch', message: 'The two passwords do not match' })
    expect(await isCommonPassword('password1')).toBe(true)
    expect(expectRefusal(await update(accessToken, { password: 'password1' }, 'zh-CN'), 'PASSWORD_TOO_COMMON').msg).toBe('该密码过于常见，容易被猜中，请换一个')
    expectRefusal(await update(accessToken, { password: `Ab${phone}` }), 'PASSWORD_CONTAINS_PERSONAL')
    expectRefusal(await update(accessToken, { password: `${username!.toUpperCase()}!9` }), 'PASSWORD_CONTAINS_PERSONAL')
    expect(expectRefusal(await update(accessToken, { password: GOOD_PASSWORD }), 'PASSWORD_SAME_AS_CURRENT').msg).toBe('The new password must differ from the current one')
    expect(await hashOf(userId)).toBe(before)
  })

  it(`keeps the last ${PASSWORD_HISTORY_SIZE}: a password of the history is refused, an older one is allowed again`, async () => {
    const { accessToken, userId } = await accountWithPassword(t, 'Start-Pass-10')
    await verifyByPassword(t, accessToken, 'Start-Pass-10')
    const sequence = ['Second-Pass-20', 'Third-Pass-30', 'Fourth-Pass-40', 'Fifth-Pass-50']
    for (const next of sequence) payloadOf(await update(accessToken, { password: next }))
    expect(await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toHaveLength(PASSWORD_HISTORY_SIZE - 1)
    // Current: Fifth; history: Fourth, Third, Second, Start.
    expect(expectRefusal(await update(accessToken, { password: 'Start-Pass-10' }), 'PASSWORD_RECENTLY_USED').msg).toBe('The new password must not be one of your last 5 passwords')
    payloadOf(await update(accessToken, { password: 'Sixth-Pass-60' }))
    // Start has now left the last five.
    payloadOf(await update(accessToken, { password: 'Start-Pass-10' }))
    expect(await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toHaveLength(PASSWORD_HISTORY_SIZE - 1)
  })

  it('an account made by SMS code sets its first password inside the window (no history entry)', async () => {
    const { accessToken, userId } = await seedAccount(t)
    expectRefusal(await update(accessToken, { password: 'Quartz-Lily-58' }), 'IDENTITY_CHECK_REQUIRED')
    const phone = (await t.database.db.select({ p: appUser.phoneE164 }).from(appUser).where(eq(appUser.id, userId)))[0].p!
    const code = await ownCode(t, accessToken, phone, 'verifyIdentity')
    payloadOf(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode: code }, { token: accessToken }))
    payloadOf(await update(accessToken, { password: 'Quartz-Lily-58' }))
    expect((await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken })).json().data.data.hasPassword).toBe(true)
    expect(await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toHaveLength(0)
  })

  it('a failure inside the transaction leaves the old password, the history and the other logins as they were', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    const other = await startSession(t.database.db, userId, { ...TEST_ORIGIN, deviceId: 'device-other-000000003' }, clock.now())
    await verifyByPassword(t, accessToken)
    const before = await hashOf(userId)
    // The last statement of the change (its security event) fails for this user only.
    const fn = `fail_event_${userId.replace(/-/g, '')}`
    await t.database.db.execute(sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.user_id = '${userId}' and new.type = 'passwordChanged' then raise exception 'forced failure'; end if; return new; end $$`))
    await t.database.db.execute(sql.raw(`create trigger ${fn} before insert on security_event for each row execute function ${fn}()`))
    try {
      const response = await update(accessToken, { password: 'Quartz-Lily-58' })
      expect(response.statusCode).toBe(500)
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger ${fn} on security_event`))
      await t.database.db.execute(sql.raw(`drop function ${fn}()`))
    }
    expect(await hashOf(userId)).toBe(before)
    expect(await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId))).toHaveLength(0)
    expect(await tokenWorks(t, other.accessToken)).toBe(true)
  })
})
