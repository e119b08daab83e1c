import { IDENTITY_CHECK_DAILY_FAILURES, PRIVILEGED_WINDOW_S, calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, MINUTE, SECOND, testClock } from '../../../test/helpers/clock'
import { smsCode } from '../../../test/helpers/flows'
import { GOOD_PASSWORD, accountWithPassword, ownCode, seal, verifyByPassword } from '../../../test/helpers/security'
import { securityEvent } from '../../db/schema'
import { DEMO_ROSTER } from '../roster/data'
import { startSession } from '../session/service'

const clock = testClock(new Date('2026-09-01T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const methods = (token: string) => callApi(t.app, calls.securityMethods, undefined, { token })
/** Changing the phone is one of the calls the window guards. */
const unbindEmail = (token: string) => callApi(t.app, calls.unbindContact, { channel: 'email' }, { token })

describe('security/methods', () => {
  it('offers only the ways the account has: phone + password, no email, no real name', async () => {
    const { accessToken, phone } = await accountWithPassword(t)
    const result = payloadOf(await methods(accessToken))
    expect(result.methods).toEqual([
      { method: 'sms', target: `${phone!.slice(0, 3)}****${phone!.slice(-4)}` },
      { method: 'password', target: null },
    ])
    expect(result).toMatchObject({ privileged: null, hasPhone: true, hasEmail: false, hasPassword: true })
  })

  it('an SMS-made account without a password has the SMS code only', async () => {
    const { accessToken } = await seedAccount(t)
    expect(payloadOf(await methods(accessToken)).methods.map((m: { method: string }) => m.method)).toEqual(['sms'])
  })

  it('an email-only account has the email code and the password; a visitor gets 401', async () => {
    const email = uniqueEmail()
    const { accessToken } = await accountWithPassword(t, GOOD_PASSWORD, { email })
    const result = payloadOf(await methods(accessToken))
    expect(result.methods.map((m: { method: string }) => m.method)).toEqual(['email', 'password'])
    expect(result.methods[0].target).toBe(`${email[0]}***@example.com`)
    expectRefusal(await methods(''), 'SESSION_INVALID', 401)
  })
})

describe('validUserPassword and the privileged window', () => {
  it('opens a window of 10 minutes bound to the login; it closes at its time (controllable clock)', async () => {
    const { accessToken } = await accountWithPassword(t, GOOD_PASSWORD, { email: uniqueEmail() })
    expectRefusal(await unbindEmail(accessToken), 'IDENTITY_CHECK_REQUIRED', 403)
    expect(await verifyByPassword(t, accessToken)).toEqual({ method: 'password', expiresIn: PRIVILEGED_WINDOW_S })
    expect(payloadOf(await methods(accessToken)).privileged).toEqual({ method: 'password', expiresIn: PRIVILEGED_WINDOW_S })

    clock.advance(PRIVILEGED_WINDOW_S * SECOND - SECOND)
    expect(payloadOf(await methods(accessToken)).privileged).toEqual({ method: 'password', expiresIn: 1 })
    clock.advance(2 * SECOND)
    expect(payloadOf(await methods(accessToken)).privileged).toBeNull()
    expectRefusal(await unbindEmail(accessToken), 'IDENTITY_CHECK_REQUIRED', 403)
  })

  it('another login of the same account does not share the window', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    await verifyByPassword(t, accessToken)
    const other = await startSession(t.database.db, userId, { ...TEST_ORIGIN, deviceId: 'device-other-000000001' }, clock.now())
    expect(payloadOf(await methods(other.accessToken)).privileged).toBeNull()
  })

  it('a wrong password answers the SPEC text, is recorded, and counts toward the sign-in lockout', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    const wrong = await callApi(t.app, calls.validUserPassword, { password: await seal(t, 'Wrong-Pass-99') }, { token: accessToken, locale: 'zh-CN' })
    expect(expectRefusal(wrong, 'WRONG_OLD_PASSWORD', 400).msg).toBe('您输入的密码不正确，请重新输入')
    for (let i = 0; i < 3; i++) {
      expectRefusal(await callApi(t.app, calls.validUserPassword, { password: await seal(t, 'Wrong-Pass-99') }, { token: accessToken }), 'WRONG_OLD_PASSWORD')
    }
    // The fifth wrong password locks the account, for sign-in too.
    expectRefusal(await callApi(t.app, calls.validUserPassword, { password: await seal(t, 'Wrong-Pass-99') }, { token: accessToken }), 'ACCOUNT_LOCKED', 423)
    expectRefusal(await callApi(t.app, calls.validUserPassword, { password: await seal(t, GOOD_PASSWORD) }, { token: accessToken }), 'ACCOUNT_LOCKED', 423)
    const events = await t.database.db.select({ type: securityEvent.type }).from(securityEvent).where(eq(securityEvent.userId, userId))
    expect(events.filter((e) => e.type === 'identityCheckFailed')).toHaveLength(5)
    expect(events.some((e) => e.type === 'accountLocked')).toBe(true)
    clock.advance(16 * MINUTE)
    expect((await verifyByPassword(t, accessToken)).method).toBe('password')
  })

  it('an account without a password cannot use this way; bad input is refused', async () => {
    const { accessToken } = await seedAccount(t)
    expectRefusal(await callApi(t.app, calls.validUserPassword, { password: await seal(t, GOOD_PASSWORD) }, { token: accessToken }), 'IDENTITY_METHOD_UNAVAILABLE', 400)
    const withPassword = (await accountWithPassword(t)).accessToken
    expectRefusal(await callApi(t.app, calls.validUserPassword, { password: 'not base64!' } as never, { token: withPassword }), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.validUserPassword, { password: 'QUJD' }, { token: withPassword }), 'BAD_REQUEST', 400)
  })
})

describe('validOldPhoneCheckPassCode / validOldEmailCheckPassCode', () => {
  it('the code sent to the bound phone opens the window once; a used code is dead', async () => {
    const { accessToken, phone } = await accountWithPassword(t)
    const code = await ownCode(t, accessToken, `+86${phone}`, 'verifyIdentity')
    expect(payloadOf(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode: code }, { token: accessToken }))).toEqual({ method: 'sms', expiresIn: PRIVILEGED_WINDOW_S })
    expectRefusal(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode: code }, { token: accessToken }), 'CODE_EXPIRED', 400)
  })

  it('the email code works for the email; a wrong code is refused and counted; a code of another scene does not do', async () => {
    const email = uniqueEmail()
    const { accessToken, phone } = await accountWithPassword(t, GOOD_PASSWORD, { email, phone: uniquePhone() })
    const code = await ownCode(t, accessToken, email, 'verifyIdentity', 'email')
    const wrong = code === '000000' ? '111111' : '000000'
    expectRefusal(await callApi(t.app, calls.validOldEmailCheckPassCode, { passCode: wrong }, { token: accessToken }), 'WRONG_VERIFICATION_CODE', 400)
    expect(payloadOf(await callApi(t.app, calls.validOldEmailCheckPassCode, { passCode: code }, { token: accessToken })).method).toBe('email')

    clock.advance(2 * MINUTE)
    const other = await ownCode(t, accessToken, `+86${phone}`, 'updatePassword')
    expectRefusal(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode: other }, { token: accessToken }), 'CODE_EXPIRED', 400)
    expectRefusal(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode: '12ab' } as never, { token: accessToken }), 'VALIDATION_FAILED', 400)
  })

  it('no email bound: the email way is unavailable', async () => {
    const { accessToken } = await accountWithPassword(t)
    expectRefusal(await callApi(t.app, calls.validOldEmailCheckPassCode, { passCode: '123456' }, { token: accessToken }), 'IDENTITY_METHOD_UNAVAILABLE', 400)
  })

  it(`after ${IDENTITY_CHECK_DAILY_FAILURES} failed checks in a day every way is refused until the next day`, async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    for (let i = 0; i < IDENTITY_CHECK_DAILY_FAILURES; i++) {
      expectRefusal(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode: '000000' }, { token: accessToken }), 'CODE_EXPIRED')
    }
    expectRefusal(await callApi(t.app, calls.validUserPassword, { password: await seal(t, GOOD_PASSWORD) }, { token: accessToken, locale: 'en-US' }), 'IDENTITY_CHECK_TOO_MANY', 429)
    clock.advance(DAY)
    const tomorrow = await startSession(t.database.db, userId, TEST_ORIGIN, clock.now())
    expect((await verifyByPassword(t, tomorrow.accessToken)).method).toBe('password')
  })
})

describe('security/validIdentityByRealName', () => {
  const employee = DEMO_ROSTER[0]

  async function certifiedUser() {
    const login = await accountWithPassword(t)
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: employee.name, idNo: employee.idNo }, { token: login.accessToken }))
    return login
  }

  it('never verified: unavailable; verified: the own name + ID number open the window, another person does not', async () => {
    const stranger = await accountWithPassword(t)
    expectRefusal(
      await callApi(t.app, calls.validIdentityByRealName, { method: 'idNumber', name: employee.name, idNo: employee.idNo }, { token: stranger.accessToken }),
      'IDENTITY_METHOD_UNAVAILABLE',
    )
    const { accessToken } = await certifiedUser()
    expect(payloadOf(await methods(accessToken)).methods.map((m: { method: string }) => m.method)).toEqual(['sms', 'password', 'idNumber', 'bankCard'])
    const other = DEMO_ROSTER[1]
    expectRefusal(
      await callApi(t.app, calls.validIdentityByRealName, { method: 'idNumber', name: other.name, idNo: other.idNo }, { token: accessToken, locale: 'zh-CN' }),
      'REAL_NAME_FAILED',
      400,
    )
    expectRefusal(
      await callApi(t.app, calls.validIdentityByRealName, { method: 'idNumber', name: '王五', idNo: employee.idNo }, { token: accessToken }),
      'REAL_NAME_FAILED',
    )
    expect(
      payloadOf(await callApi(t.app, calls.validIdentityByRealName, { method: 'idNumber', name: employee.name, idNo: employee.idNo }, { token: accessToken })),
    ).toEqual({ method: 'idNumber', expiresIn: PRIVILEGED_WINDOW_S })
  })

  it('by bank card: the code sent to the bank phone on the roster, and the person', async () => {
    const { accessToken } = await accountWithPassword(t)
    const person = DEMO_ROSTER[2]
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: person.name, idNo: person.idNo }, { token: accessToken }))
    const card = { method: 'bankCard', name: person.name, idNo: person.idNo, cardNo: '6222020200112233446', bankPhone: person.phone! }
    expectRefusal(await callApi(t.app, calls.validIdentityByRealName, { ...card, code: '000000' } as never, { token: accessToken }), 'CODE_EXPIRED')
    const code = await smsCode(t.app, person.phone!, 'realName')
    expect(payloadOf(await callApi(t.app, calls.validIdentityByRealName, { ...card, code } as never, { token: accessToken })).method).toBe('bankCard')
  })
})
