import { calls } from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { currentAgreementIds, TEST_DEVICE_ID, emailCode, latestCode, passCaptcha, smsCode } from '../../../test/helpers/flows'
import { sealPassword } from '../../../test/helpers/password'
import { appUser, userAgreement, userSession } from '../../db/schema'

const clock = testClock(new Date('2026-06-01T03:00:00Z'))
let t: TestApp
let agreementIds: string[]
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  agreementIds = await currentAgreementIds(t.app)
})
afterAll(() => t.close())

const seal = (password: string) => sealPassword(t.app.passwordKey.publicKeyPem, password)

async function phoneBody(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    phone,
    code: await smsCode(t.app, phone, 'register'),
    password: await seal('Welcome2026'),
    confirmPassword: await seal('Welcome2026'),
    agreementIds,
    ...overrides,
  }
}
const registerPhone = (body: object, locale?: string) => callApi(t.app, calls.registerByPhonePwd, body as never, { locale })
const registerEmail = (body: object) => callApi(t.app, calls.registerByEmailPwd, body as never)
const usersWithPhone = (phone: string) => t.database.db.select().from(appUser).where(eq(appUser.phoneE164, `+86${phone}`))

describe('POST register/registerByPhonePwd', () => {
  it('creates the account with an argon2id hash, records the agreements signed, and logs in', async () => {
    const phone = uniquePhone()
    const login = payloadOf(await registerPhone(await phoneBody(phone)))
    expect(login).toMatchObject({ userId: expect.any(String), accessToken: expect.any(String), refreshToken: expect.any(String) })
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }))
    expect(info).toMatchObject({ userId: login.userId, phone, phoneRegion: 'CN', email: null, hasPassword: true, certificationStatus: 0 })

    const [user] = await usersWithPhone(phone)
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(JSON.stringify(user)).not.toContain('Welcome2026')
    const signed = await t.database.db.select().from(userAgreement).where(eq(userAgreement.userId, login.userId))
    expect(signed.map((row) => String(row.agreementVersionId)).sort()).toEqual([...agreementIds].sort())
    expect(signed[0]).toMatchObject({ signedAt: clock.now(), ip: '127.0.0.1', deviceId: TEST_DEVICE_ID })
  })

  it('registers a phone of another region under its dialling code', async () => {
    const captchaToken = await passCaptcha(t.app)
    payloadOf(await callApi(t.app, calls.sendPhoneCode, { region: 'SG', phone: '81234567', scene: 'register', captchaToken }))
    const code = await latestCode(t.app, '+6581234567')
    const password = await seal('Welcome2026')
    const login = payloadOf(await registerPhone({ region: 'SG', phone: '81234567', code, password, confirmPassword: password, agreementIds }))
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }))
    expect(info).toMatchObject({ phone: '81234567', phoneRegion: 'SG' })
  })

  it('refuses a mainland number that breaks the SPEC rule', async () => {
    const body = { phone: '12345678901', code: '123456', password: await seal('Welcome2026'), confirmPassword: await seal('Welcome2026'), agreementIds }
    const refused = expectRefusal(await registerPhone(body, 'en-US'), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([{ field: 'phone', messageKey: 'mobile.invalid', message: 'Please enter correct phone' }])
  })

  it('refuses a weak password on the server, keeping the code for a second try', async () => {
    const phone = uniquePhone()
    const body = await phoneBody(phone, { password: await seal('password'), confirmPassword: await seal('password') })
    const refused = expectRefusal(await registerPhone(body, 'en-US'), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([expect.objectContaining({ field: 'password', messageKey: 'password.invalid' })])
    payloadOf(await registerPhone({ ...body, password: await seal('Better2026!'), confirmPassword: await seal('Better2026!') }))
  })

  it('refuses a confirmation that does not match', async () => {
    const body = await phoneBody(uniquePhone(), { confirmPassword: await seal('Welcome2027') })
    const refused = expectRefusal(await registerPhone(body, 'en-US'), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([{ field: 'confirmPassword', messageKey: 'password.mismatch', message: 'The two passwords do not match' }])
  })

  it('refuses a password that was not sealed with the served key', async () => {
    const body = await phoneBody(uniquePhone(), { password: Buffer.from('x'.repeat(256)).toString('base64') })
    expectRefusal(await registerPhone(body), 'BAD_REQUEST', 400)
  })

  it('refuses a body sealed with a replaced key before the code is used, so the retry succeeds', async () => {
    const phone = uniquePhone()
    const body = await phoneBody(phone)
    expectRefusal(await registerPhone({ ...body, keyId: 'ffffffffffffffff' }, 'zh-CN'), 'PASSWORD_KEY_CHANGED', 409)
    expect(await usersWithPhone(phone)).toHaveLength(0)
    payloadOf(await registerPhone({ ...body, keyId: t.app.passwordKey.keyId }))
    expect(await usersWithPhone(phone)).toHaveLength(1)
  })

  it('needs every required agreement ticked, at its current version', async () => {
    const phone = uniquePhone()
    const none = expectRefusal(await registerPhone(await phoneBody(phone, { agreementIds: [] })), 'VALIDATION_FAILED', 400)
    expect(none.fields).toEqual([expect.objectContaining({ field: 'agreementIds', messageKey: 'agreement.required' })])
    clock.advance(MINUTE)
    const some = expectRefusal(await registerPhone(await phoneBody(phone, { agreementIds: agreementIds.slice(1) })), 'VALIDATION_FAILED', 400)
    expect(some.fields).toEqual([expect.objectContaining({ field: 'agreementIds', messageKey: 'agreement.required' })])
    clock.advance(MINUTE)
    expectRefusal(await registerPhone(await phoneBody(phone, { agreementIds: [...agreementIds, '999999'] })), 'AGREEMENT_OUTDATED', 409)
    expect(await usersWithPhone(phone)).toEqual([])
  })

  it('refuses a wrong code, then an expired one', async () => {
    const phone = uniquePhone()
    const body = await phoneBody(phone)
    expectRefusal(await registerPhone({ ...body, code: body.code === '000000' ? '000001' : '000000' }), 'WRONG_VERIFICATION_CODE', 400)
    clock.advance(5 * MINUTE)
    expectRefusal(await registerPhone(body), 'CODE_EXPIRED', 400)
  })

  it('refuses a phone registered meanwhile: "this phone or email is already registered"', async () => {
    const phone = uniquePhone()
    const body = await phoneBody(phone)
    await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const refused = expectRefusal(await registerPhone(body, 'en-US'), 'ALREADY_REGISTERED', 409)
    expect(refused.msg).toBe('This phone or email is already registered')
    expect(await usersWithPhone(phone)).toHaveLength(1)
  })

  it('stores nothing when the registration fails half-way', async () => {
    const phone = uniquePhone()
    const body = await phoneBody(phone)
    const db = t.database.db
    await db.execute(sql.raw(`create function refuse_signature() returns trigger language plpgsql as $$ begin raise exception 'signature store down'; end $$`))
    await db.execute(sql.raw(`create trigger refuse_signature before insert on user_agreement for each row execute function refuse_signature()`))
    try {
      expectRefusal(await registerPhone(body), 'SERVER_ERROR', 500)
    } finally {
      await db.execute(sql.raw('drop trigger refuse_signature on user_agreement'))
      await db.execute(sql.raw('drop function refuse_signature'))
    }
    expect(await usersWithPhone(phone)).toEqual([])
    const [{ sessions }] = await db.select({ sessions: sql<number>`count(*)::int` }).from(userSession).innerJoin(appUser, eq(appUser.id, userSession.userId)).where(eq(appUser.phoneE164, `+86${phone}`))
    expect(sessions).toBe(0)
    clock.advance(MINUTE)
    payloadOf(await registerPhone(await phoneBody(phone)))
  })
})

describe('POST register/registerByEmailPwd', () => {
  it('creates the account under the address in lower case and logs in', async () => {
    const email = uniqueEmail().replace('user', 'New.User')
    const code = await emailCode(t.app, email, 'register')
    const login = payloadOf(
      await registerEmail({ email, code, password: await seal('Welcome2026'), confirmPassword: await seal('Welcome2026'), agreementIds }),
    )
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }))).toMatchObject({
      email: email.toLowerCase(),
      phone: null,
    })
  })

  it('refuses an email registered meanwhile, whatever its case', async () => {
    const email = uniqueEmail()
    const code = await emailCode(t.app, email, 'register')
    await seedAccount(t, { email })
    const body = { email: email.toUpperCase(), code, password: await seal('Welcome2026'), confirmPassword: await seal('Welcome2026'), agreementIds }
    expectRefusal(await registerEmail(body), 'ALREADY_REGISTERED', 409)
  })

  it('does not take a code sent for another scene', async () => {
    const email = uniqueEmail()
    const code = await emailCode(t.app, email, 'bind')
    const body = { email, code, password: await seal('Welcome2026'), confirmPassword: await seal('Welcome2026'), agreementIds }
    expectRefusal(await registerEmail(body), 'CODE_EXPIRED', 400)
  })
})
