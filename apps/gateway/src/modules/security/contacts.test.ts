import { calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { emailCode, smsCode } from '../../../test/helpers/flows'
import { GOOD_PASSWORD, accountWithPassword, ownCode, verifyByPassword } from '../../../test/helpers/security'
import { appUser, outboxMessage } from '../../db/schema'

const clock = testClock(new Date('2026-09-04T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const userRow = async (userId: string) => (await t.database.db.select().from(appUser).where(eq(appUser.id, userId)))[0]
const noticesTo = async (to: string) =>
  (await t.database.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, to))).filter((m) => m.template === 'contactChanged')

describe('changing the phone', () => {
  it('identity by SMS code to the old phone, then the code to the new one; the old phone is told; sign-in works with the new one', async () => {
    const { accessToken, userId, phone } = await accountWithPassword(t)
    const fresh = uniquePhone()
    expectRefusal(await callApi(t.app, calls.changePhone, { phone: fresh, code: '123456' }, { token: accessToken }), 'IDENTITY_CHECK_REQUIRED', 403)

    const passCode = await ownCode(t, accessToken, `+86${phone}`, 'verifyIdentity')
    payloadOf(await callApi(t.app, calls.validOldPhoneCheckPassCode, { passCode }, { token: accessToken }))
    expectRefusal(await callApi(t.app, calls.changePhone, { phone: phone!, code: '123456' }, { token: accessToken }), 'CONTACT_UNCHANGED', 400)
    expectRefusal(await callApi(t.app, calls.changePhone, { phone: fresh, code: '123456' }, { token: accessToken }), 'CODE_EXPIRED')

    const code = await smsCode(t.app, fresh, 'bind')
    const info = payloadOf(await callApi(t.app, calls.changePhone, { phone: fresh, code }, { token: accessToken, locale: 'zh-CN' }))
    expect(info).toMatchObject({ phone: fresh, phoneRegion: 'CN' })
    expect(await userRow(userId)).toMatchObject({ phone: fresh, phoneE164: `+86${fresh}` })
    const [notice] = await noticesTo(`+86${phone}`)
    expect(notice.body).toMatch(/^【员工服务】您账号绑定的手机号已于.*变更.*400-820-6688/)
  })

  it('a phone registered to another account is refused (sending the code already says so, and so does a late race)', async () => {
    const { accessToken } = await accountWithPassword(t)
    const other = await accountWithPassword(t)
    await verifyByPassword(t, accessToken)
    const captchaRefusal = await smsCode(t.app, other.phone!, 'bind').catch((error: Error) => error.message)
    expect(captchaRefusal).toMatch(/ALREADY_REGISTERED/)

    // A phone free when its code was sent, taken before the binding: the unique index decides.
    const racing = uniquePhone()
    const code = await smsCode(t.app, racing, 'bind')
    await seedAccount(t, { phone: racing, phoneRegion: 'CN', phoneE164: `+86${racing}` })
    const late = await callApi(t.app, calls.changePhone, { phone: racing, code }, { token: accessToken, locale: 'en-US' })
    expect(expectRefusal(late, 'ALREADY_REGISTERED', 409).msg).toBe('This phone or email is already registered')
  })

  it('bindOrChangePhone binds a phone to an email-only account; changePhone needs a phone bound; bindOrChange refuses nothing bound twice', async () => {
    const email = uniqueEmail()
    const { accessToken, userId } = await accountWithPassword(t, GOOD_PASSWORD, { email })
    await verifyByPassword(t, accessToken)
    const fresh = uniquePhone()
    expectRefusal(await callApi(t.app, calls.changePhone, { phone: fresh, code: '123456' }, { token: accessToken }), 'CONTACT_NOT_BOUND')
    const code = await smsCode(t.app, fresh, 'bind')
    payloadOf(await callApi(t.app, calls.bindOrChangePhone, { phone: fresh, code }, { token: accessToken }))
    expect(await userRow(userId)).toMatchObject({ phoneE164: `+86${fresh}`, email })
    // Nobody held a phone before: no notice.
    expect(await noticesTo(`+86${fresh}`)).toEqual([])
  })
})

describe('changing the email', () => {
  it('binds, changes (old email told), refuses a taken one; codes for the new address only', async () => {
    const { accessToken, userId } = await accountWithPassword(t)
    await verifyByPassword(t, accessToken)
    const first = uniqueEmail()
    const code = await emailCode(t.app, first, 'bind')
    expect(payloadOf(await callApi(t.app, calls.bindOrChangeEmail, { email: first, code }, { token: accessToken })).email).toBe(first)

    const second = uniqueEmail()
    clock.advance(MINUTE)
    const code2 = await emailCode(t.app, second, 'bind')
    payloadOf(await callApi(t.app, calls.changeEmail, { email: second.toUpperCase(), code: code2 }, { token: accessToken, locale: 'en-US' }))
    expect((await userRow(userId)).email).toBe(second)
    const [notice] = await noticesTo(first)
    expect(notice.subject).toBe('Employee Services: your sign-in details changed')

    const taken = (await accountWithPassword(t, GOOD_PASSWORD, { email: uniqueEmail() })).userId
    const takenEmail = (await userRow(taken)).email!
    expect(await emailCode(t.app, takenEmail, 'bind').catch((error: Error) => error.message)).toMatch(/ALREADY_REGISTERED/)
    expectRefusal(await callApi(t.app, calls.changeEmail, { email: 'not-an-email', code: '123456' }, { token: accessToken }), 'VALIDATION_FAILED', 400)
  })
})

describe('security/unbindContact', () => {
  it('removes the email when a phone remains; refuses the last way to sign in', async () => {
    const email = uniqueEmail()
    const { accessToken, userId } = await accountWithPassword(t, GOOD_PASSWORD, { email, phone: uniquePhone() })
    expectRefusal(await callApi(t.app, calls.unbindContact, { channel: 'email' }, { token: accessToken }), 'IDENTITY_CHECK_REQUIRED')
    await verifyByPassword(t, accessToken)
    expect(payloadOf(await callApi(t.app, calls.unbindContact, { channel: 'email' }, { token: accessToken })).email).toBeNull()
    expect((await noticesTo(email)).length).toBe(1)
    const last = await callApi(t.app, calls.unbindContact, { channel: 'sms' }, { token: accessToken, locale: 'zh-CN' })
    expect(expectRefusal(last, 'LAST_SIGN_IN_METHOD', 409).msg).toBe('这是您唯一的登录方式，无法解绑')
    expectRefusal(await callApi(t.app, calls.unbindContact, { channel: 'email' }, { token: accessToken }), 'CONTACT_NOT_BOUND')
    expect((await userRow(userId)).phoneE164).not.toBeNull()
  })

  it('an email without a password cannot sign in: removing the phone of such an account is refused', async () => {
    const email = uniqueEmail()
    const { accessToken } = await seedAccount(t, { email, phone: uniquePhone() })
    const row = (await t.database.db.select().from(appUser).where(eq(appUser.email, email)))[0]
    payloadOf(await callApi(t.app, calls.validOldEmailCheckPassCode, { passCode: await ownCode(t, accessToken, email, 'verifyIdentity', 'email') }, { token: accessToken }))
    expectRefusal(await callApi(t.app, calls.unbindContact, { channel: 'sms' }, { token: accessToken }), 'LAST_SIGN_IN_METHOD')
    expectRefusal(await callApi(t.app, calls.unbindContact, { channel: 'fax' } as never, { token: accessToken }), 'VALIDATION_FAILED')
    expect((await userRow(row.id)).phoneE164).toBe(row.phoneE164)
  })
})
