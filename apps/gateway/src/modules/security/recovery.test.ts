import { RESET_TICKET_TTL_S, calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, SECOND, testClock } from '../../../test/helpers/clock'
import { emailCode, latestCode, passCaptcha, smsCode } from '../../../test/helpers/flows'
import { GOOD_PASSWORD, accountWithPassword, seal, tokenWorks } from '../../../test/helpers/security'
import { appUser, outboxMessage } from '../../db/schema'
import { verifyPassword } from '../../infra/crypto/password-hash'
import { DEMO_ROSTER } from '../roster/data'
import { startSession } from '../session/service'

const clock = testClock(new Date('2026-09-03T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const NEW_PASSWORD = 'Cedar-Wave-2046'
const hashOf = async (userId: string) => (await t.database.db.select({ h: appUser.passwordHash }).from(appUser).where(eq(appUser.id, userId)))[0].h
const messagesTo = async (to: string) => t.database.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, to))
const sealedPair = async (password = NEW_PASSWORD, confirm = password) => ({ password: await seal(t, password), confirmPassword: await seal(t, confirm) })

describe('password recovery by phone or email', () => {
  it('does not tell a stranger whether a phone is registered: same body, and the code never arrives', async () => {
    const known = await accountWithPassword(t)
    const unknown = uniquePhone()
    const send = async (phone: string) => {
      const captchaToken = await passCaptcha(t.app)
      const response = await callApi(t.app, calls.sendPhoneCode, { phone, scene: 'resetPassword', captchaToken })
      const body = response.json()
      return { status: response.statusCode, body: { ...body, traceId: undefined, data: { ...body.data, data: { ...body.data.data, sentTo: undefined } } } }
    }
    expect(await send(unknown)).toEqual(await send(known.phone!))
    await latestCode(t.app, `+86${known.phone}`)
    expect(await messagesTo(`+86${unknown}`)).toEqual([])
    // A guess for the unknown phone answers like a wrong code for a known one.
    const guess = (phone: string) => callApi(t.app, calls.validResetPasswordPassCode, { channel: 'sms', phone, code: '000000' })
    const [a, b] = [await guess(unknown), await guess(known.phone!)]
    expect(a.json().errorCode).toBe(b.json().errorCode)
    expect(a.statusCode).toBe(b.statusCode)
  })

  it('by phone: code → ticket with the account masked → new password; every login ends, the lock is lifted, notices go out', async () => {
    const { userId, phone, accessToken } = await accountWithPassword(t, GOOD_PASSWORD, { username: `li${uniquePhone().slice(-6)}` })
    const code = await smsCode(t.app, phone!, 'resetPassword')
    const ticket = payloadOf(await callApi(t.app, calls.validResetPasswordPassCode, { channel: 'sms', phone: phone!, code }))
    expect(ticket).toMatchObject({ expiresIn: RESET_TICKET_TTL_S, account: { phone: `${phone!.slice(0, 3)}****${phone!.slice(-4)}`, email: null } })
    expect(ticket.account.username).toMatch(/^li\*+\d$/)

    const weak = expectRefusal(await callApi(t.app, calls.resetPasswordByContact, { resetTicket: ticket.resetTicket, ...(await sealedPair('password1')) }, { locale: 'zh-CN' }), 'PASSWORD_TOO_COMMON')
    expect(weak.msg).toBe('该密码过于常见，容易被猜中，请换一个')
    // The refused password did not spend the ticket.
    expect(payloadOf(await callApi(t.app, calls.resetPasswordByContact, { resetTicket: ticket.resetTicket, ...(await sealedPair()) }))).toEqual({ sessionsEnded: 1 })
    expect(await verifyPassword(await hashOf(userId), NEW_PASSWORD)).toBe(true)
    expect(await tokenWorks(t, accessToken)).toBe(false)
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken }), 'SESSION_ENDED', 401)
    expect((await messagesTo(`+86${phone}`)).some((m) => m.template === 'passwordChanged')).toBe(true)

    expectRefusal(await callApi(t.app, calls.resetPasswordByContact, { resetTicket: ticket.resetTicket, ...(await sealedPair('Other-Pass-77')) }), 'RESET_TICKET_INVALID', 400)
  })

  it('by email; a ticket expires after 10 minutes; a wrong or reused code is refused', async () => {
    const email = uniqueEmail()
    const { userId } = await accountWithPassword(t, GOOD_PASSWORD, { email })
    const code = await emailCode(t.app, email, 'resetPassword')
    expectRefusal(await callApi(t.app, calls.validResetPasswordPassCode, { channel: 'email', email, code: code === '000000' ? '111111' : '000000' }), 'WRONG_VERIFICATION_CODE')
    const ticket = payloadOf(await callApi(t.app, calls.validResetPasswordPassCode, { channel: 'email', email: email.toUpperCase(), code }))
    expect(ticket.account.email).toBe(`${email[0]}***@example.com`)
    expectRefusal(await callApi(t.app, calls.validResetPasswordPassCode, { channel: 'email', email, code }), 'CODE_EXPIRED')

    clock.advance(RESET_TICKET_TTL_S * SECOND + SECOND)
    const late = await callApi(t.app, calls.resetPasswordByContact, { resetTicket: ticket.resetTicket, ...(await sealedPair()) }, { locale: 'en-US' })
    expect(expectRefusal(late, 'RESET_TICKET_INVALID').msg).toBe('This step has expired or was already completed; please verify again')
    expect(await verifyPassword(await hashOf(userId), GOOD_PASSWORD)).toBe(true)
  })

  it('refuses malformed input', async () => {
    expectRefusal(await callApi(t.app, calls.validResetPasswordPassCode, { channel: 'fax', phone: '1', code: '1' } as never), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.validResetPasswordPassCode, { channel: 'sms', phone: '12', code: '123456' }), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.resetPasswordByContact, { resetTicket: 'x', ...(await sealedPair()) }), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.resetPasswordByContact, { resetTicket: 'a'.repeat(43), ...(await sealedPair()) }), 'RESET_TICKET_INVALID', 400)
  })
})

describe('password recovery by the real-name record', () => {
  const person = DEMO_ROSTER[3]

  it('name + ID number → the verified account masked → code to its phone → new password', async () => {
    const { accessToken, userId, phone } = await accountWithPassword(t)
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: person.name, idNo: person.idNo }, { token: accessToken }))
    const kept = await startSession(t.database.db, userId, TEST_ORIGIN, clock.now())

    expectRefusal(await callApi(t.app, calls.validCertificationUser, { name: person.name, idNo: person.idNo, captchaToken: 'spent' }), 'IMAGE_CAPTCHA_FAILED')
    const wrongName = await callApi(t.app, calls.validCertificationUser, { name: '张三', idNo: person.idNo, captchaToken: await passCaptcha(t.app) }, { locale: 'zh-CN' })
    expectRefusal(wrongName, 'REAL_NAME_FAILED', 400)

    const found = payloadOf(await callApi(t.app, calls.validCertificationUser, { name: person.name, idNo: person.idNo, captchaToken: await passCaptcha(t.app) }))
    expect(found.accounts).toEqual([{ accountRef: expect.any(String), phone: `${phone!.slice(0, 3)}****${phone!.slice(-4)}`, email: null, username: null }])
    const { pickToken } = found
    const { accountRef } = found.accounts[0]

    expectRefusal(await callApi(t.app, calls.resetPasswordByIdNo, { pickToken, code: '123456', ...(await sealedPair()) }), 'RESET_TICKET_INVALID')
    expectRefusal(await callApi(t.app, calls.pickCertificationUser, { pickToken, accountRef: 'x'.repeat(22), channel: 'sms' }), 'RESET_TICKET_INVALID')
    expectRefusal(await callApi(t.app, calls.pickCertificationUser, { pickToken, accountRef, channel: 'email' }), 'CONTACT_NOT_BOUND')
    expect(payloadOf(await callApi(t.app, calls.pickCertificationUser, { pickToken, accountRef, channel: 'sms' })).sentTo).toBe(`${phone!.slice(0, 3)}****${phone!.slice(-4)}`)
    const code = await latestCode(t.app, `+86${phone}`)

    expectRefusal(await callApi(t.app, calls.resetPasswordByIdNo, { pickToken, code, ...(await sealedPair(GOOD_PASSWORD)) }), 'PASSWORD_SAME_AS_CURRENT')
    expect(payloadOf(await callApi(t.app, calls.resetPasswordByIdNo, { pickToken, code, ...(await sealedPair()) }))).toEqual({ sessionsEnded: 2 })
    expect(await verifyPassword(await hashOf(userId), NEW_PASSWORD)).toBe(true)
    expect(await tokenWorks(t, kept.accessToken)).toBe(false)
    expectRefusal(await callApi(t.app, calls.resetPasswordByIdNo, { pickToken, code, ...(await sealedPair('Other-Pass-77')) }), 'RESET_TICKET_INVALID')
  })

  it('an ID of the roster linked to no account answers the real-name failure; a client failing too often is stopped for the day', async () => {
    const unlinked = DEMO_ROSTER[DEMO_ROSTER.length - 1]
    const deviceId = 'device-recover-0000001'
    expectRefusal(await callApi(t.app, calls.validCertificationUser, { name: unlinked.name, idNo: unlinked.idNo, captchaToken: await passCaptcha(t.app, deviceId) }, { deviceId }), 'REAL_NAME_FAILED')
    for (let i = 1; i < 10; i++) {
      clock.advance(MINUTE)
      expectRefusal(await callApi(t.app, calls.validCertificationUser, { name: unlinked.name, idNo: unlinked.idNo, captchaToken: await passCaptcha(t.app, deviceId) }, { deviceId }), 'REAL_NAME_FAILED')
    }
    expectRefusal(await callApi(t.app, calls.validCertificationUser, { name: person.name, idNo: person.idNo, captchaToken: await passCaptcha(t.app, deviceId) }, { deviceId }), 'IDENTITY_CHECK_TOO_MANY', 429)
  })
})
