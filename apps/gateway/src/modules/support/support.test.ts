// The support agent's console calls (issue 34): find an account (phone, email, username, ID number
// through the roster's keyed index, company + employee number), see it masked, act on it with a
// reason (unlock, sign out everywhere, disable → 100400 at sign-in and on a live session, enable,
// unbind), reveal a phone or ID number after a step-up; the role matrix and the audit rows.
import { CONSOLE_ROLES, type ConsoleRole, type SupportAccount, type SupportFindResult, calls } from '@ess/contract'
import { hash } from '@node-rs/argon2'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { passCaptcha } from '../../../test/helpers/flows'
import { type ConsoleClient, consoleCall, createOperator, nextCode, signIn } from '../../../test/helpers/operators'
import { sealPassword } from '../../../test/helpers/password'
import { tokenWorks } from '../../../test/helpers/security'
import { appUser, auditLog, clientCompany, employee, externalAccount, userCertification } from '../../db/schema'
import { ARGON2_OPTIONS } from '../../infra/crypto/password-hash'
import { idNoIndex, sealIdNo } from '../roster/identity'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
const PASSWORD = 'Welcome2026'
const ID_NO = '11010519491231002X'
let t: TestApp
let agent: ConsoleClient & { secret: string; id: string }
let passwordHash: string
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  passwordHash = await hash(PASSWORD, ARGON2_OPTIONS)
  const op = await createOperator(t.app, 'support@console.example', ['support_agent'])
  agent = { ...(await signIn(t.app, clock, op)), secret: op.totpSecret, id: op.id }
})
afterAll(() => t.close())

const base = '/app/console/support/accounts'
const get = (url: string, client: ConsoleClient = agent, locale = 'zh-CN') => consoleCall(t.app, client, 'GET', url, { headers: { 'accept-language': locale } })
const post = (url: string, payload: unknown, client: ConsoleClient = agent) => consoleCall(t.app, client, 'POST', url, { payload })
const find = async (query: Record<string, string>) => payloadOf<SupportFindResult>(await get(`${base}?${new URLSearchParams(query)}`))
const auditRows = (action: string, resourceId: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.resourceId, resourceId)))

let devices = 0
async function login(account: string, password = PASSWORD) {
  const deviceId = `support-device-${String(++devices).padStart(8, '0')}`
  const captchaToken = await passCaptcha(t.app, deviceId)
  const sealed = await sealPassword(t.app.passwordKey.publicKeyPem, password)
  return callApi(t.app, calls.loginByAccount, { account, password: sealed, captchaToken }, { deviceId })
}

/** An account with a password, linked by a real-name verification to an employee whose ID number is indexed as the roster does. */
async function employeeAccount(idNo?: string) {
  const phone = uniquePhone()
  const email = uniqueEmail()
  const username = `u${phone}`
  const login = await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}`, email, username, passwordHash })
  const companyCode = `SUP${devices}${phone.slice(-4)}`
  const [company] = await t.database.db.insert(clientCompany).values({ code: companyCode, nameZh: '支持测试公司', nameEn: 'Support Test Co.' }).returning({ id: clientCompany.id })
  const number = idNo ?? `1101051990${phone.slice(-7)}1`.slice(0, 17) + '1'
  const employeeNo = 'E00042'
  const [row] = await t.database.db
    .insert(employee)
    .values({ companyId: company.id, employeeNo, name: '王小明', idType: 'ID_CARD', idNoCipher: sealIdNo(t.app.fieldCipher, companyCode, employeeNo, number), idNoIndex: idNoIndex(t.app.hmacKey, 'ID_CARD', number) })
    .returning({ id: employee.id })
  const now = clock.now()
  await t.database.db.insert(userCertification).values({ userId: login.userId, employeeId: row.id, method: 'idNumber', identityVersion: 1, certifiedAt: now, expiresAt: new Date(now.getTime() + 90 * 86_400_000) })
  await t.database.db.update(appUser).set({ certificationStatus: 1, certifiedAt: now }).where(eq(appUser.id, login.userId))
  return { ...login, phone, email, username, companyCode, employeeNo, idNo: number }
}

async function stepUp() {
  payloadOf(await post('/app/console/auth/step-up', { code: await nextCode(clock, agent.secret) }))
}

describe('support look-up', () => {
  it('finds an account by phone, email, username, ID number and company + employee number, masked', async () => {
    const user = await employeeAccount(ID_NO)
    const queries: Array<Record<string, string>> = [
      { by: 'phone', value: user.phone },
      { by: 'phone', value: `+86${user.phone}` },
      { by: 'email', value: user.email.toUpperCase() },
      { by: 'username', value: user.username },
      { by: 'idNo', value: ID_NO.toLowerCase() },
      { by: 'employee', value: user.employeeNo, companyCode: user.companyCode },
    ]
    for (const query of queries) {
      const found = await find(query)
      expect(found.accounts, JSON.stringify(query)).toHaveLength(1)
      expect(found.accounts[0]).toMatchObject({ id: user.userId, phone: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`, name: '**明', employeeNo: 'E00042', disabled: false, locked: false })
      expect(JSON.stringify(found)).not.toContain(user.phone)
    }
    expect((await find({ by: 'phone', value: '13000000000' })).accounts).toEqual([])
    expect(await find({ by: 'employee', value: 'E99999', companyCode: user.companyCode })).toEqual({ accounts: [], employeeWithoutAccount: false })
    expectRefusal(await get(`${base}?by=employee&value=E00042`), 'SUPPORT_COMPANY_REQUIRED', 400)
    expectRefusal(await get(`${base}?by=nickname&value=x`), 'VALIDATION_FAILED', 400)
    // The look-up is audited without the value looked for.
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'support.search')).limit(1)
    expect(row).toMatchObject({ operatorId: agent.id, resourceType: 'account' })
    expect(JSON.stringify(row)).not.toContain(user.phone)
  })

  it('tells an employee on the roster without an account (never verified, or cancelled)', async () => {
    const user = await employeeAccount()
    await t.database.db.delete(appUser).where(eq(appUser.id, user.userId))
    expect(await find({ by: 'employee', value: user.employeeNo, companyCode: user.companyCode })).toEqual({ accounts: [], employeeWithoutAccount: true })
  })

  it('shows the account masked: real name, bindings, devices, history, lock, agreements; never a secret', async () => {
    const user = await employeeAccount()
    await t.database.db.insert(externalAccount).values({ userId: user.userId, provider: 'wechat', subject: `o-${user.userId}`, nickname: '小明', boundAt: clock.now() })
    const account = payloadOf<SupportAccount>(await get(`${base}/${user.userId}`, agent, 'en-US'))
    expect(account).toMatchObject({
      id: user.userId,
      phone: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`,
      email: `${user.email[0]}***@example.com`,
      hasPassword: true,
      disabledAt: null,
      lock: { locked: false, until: null, failures: 0 },
      realName: { valid: true, method: 'idNumber', name: '**明', companyCode: user.companyCode, companyNameEn: 'Support Test Co.', employeeNo: 'E00042' },
      bindings: [{ provider: 'wechat', nickname: '小明' }],
    })
    expect(account.realName?.idNo).toBe(`${user.idNo.slice(0, 6)}********${user.idNo.slice(-4)}`)
    expect(account.sessions).toHaveLength(1)
    expect(account.history.map((e) => e.type)).toContain('signIn')
    expect(account.agreements.length).toBeGreaterThan(0)
    expect(account.agreements.filter((a) => a.required).every((a) => a.signedAt)).toBe(true)
    const text = JSON.stringify(account)
    for (const secret of [user.phone, user.idNo, user.accessToken, user.refreshToken, passwordHash, '$argon2']) expect(text).not.toContain(secret)
    expect(await auditRows('support.view', user.userId)).toHaveLength(1)
    expectRefusal(await get(`${base}/00000000-0000-4000-8000-000000000000`), 'SUPPORT_ACCOUNT_NOT_FOUND', 404)
  })

  it('unlocks an account locked by failed sign-ins, after which the employee signs in', async () => {
    const user = await employeeAccount()
    expectRefusal(await post(`${base}/${user.userId}/unlock`, { reason: 'Caller asked' }), 'SUPPORT_NOT_LOCKED', 409)
    for (let i = 0; i < 5; i++) await login(user.phone, 'Wrong-Pass-1')
    expectRefusal(await login(user.phone), 'ACCOUNT_LOCKED', 423)
    expect((await find({ by: 'phone', value: user.phone })).accounts[0].locked).toBe(true)

    // A reason is required (nothing changes without one), and length-limited.
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      expectRefusal(await post(`${base}/${user.userId}/unlock`, payload), 'VALIDATION_FAILED', 400)
    }
    expectRefusal(await login(user.phone), 'ACCOUNT_LOCKED', 423)

    const after = payloadOf<SupportAccount>(await post(`${base}/${user.userId}/unlock`, { reason: 'Verified the caller by phone' }))
    expect(after.lock).toEqual({ locked: false, until: null, failures: 0 })
    payloadOf(await login(user.phone))
    const [row] = await auditRows('support.unlock', user.userId)
    expect(row).toMatchObject({ operatorId: agent.id, roles: ['support_agent'], reason: 'Verified the caller by phone', resourceType: 'account' })
  })

  it('signs the account out everywhere', async () => {
    const user = await employeeAccount()
    const second = payloadOf(await login(user.phone))
    expect(await tokenWorks(t, user.accessToken)).toBe(true)
    const after = payloadOf<SupportAccount>(await post(`${base}/${user.userId}/sign-out`, { reason: 'Phone stolen' }))
    expect(after.sessions).toEqual([])
    for (const token of [user.accessToken, second.accessToken]) expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token }), 'SESSION_ENDED', 401)
    expect((await auditRows('support.sign_out', user.userId))[0]).toMatchObject({ reason: 'Phone stolen', after: { loginsEnded: 2 } })
    payloadOf(await login(user.phone))
  })

  it('disables an account: 100400 on a live session, at sign-in and at refresh; enabled again, it signs in', async () => {
    const user = await employeeAccount()
    // The access check is cached (warm) before the disable.
    expect(await tokenWorks(t, user.accessToken)).toBe(true)
    payloadOf(await post(`${base}/${user.userId}/disable`, { reason: 'Fraud report' }))
    const live = await callApi(t.app, calls.getUserInfo, undefined, { token: user.accessToken })
    expect(live.statusCode).toBe(403)
    expect(live.json()).toMatchObject({ code: 100400, errorCode: 'ACCOUNT_DISABLED' })
    expectRefusal(await login(user.phone), 'ACCOUNT_DISABLED', 403)
    // The wrong password still answers as for anyone: only the holder learns the account is disabled.
    expectRefusal(await login(user.phone, 'Wrong-Pass-1'), 'WRONG_CREDENTIALS', 400)
    expectRefusal(await callApi(t.app, calls.refreshToken, { refreshToken: user.refreshToken }), 'ACCOUNT_DISABLED', 403)
    expect((await find({ by: 'phone', value: user.phone })).accounts[0].disabled).toBe(true)
    expectRefusal(await post(`${base}/${user.userId}/disable`, { reason: 'Again' }), 'SUPPORT_ALREADY_DISABLED', 409)
    expect((await auditRows('support.disable', user.userId))[0]).toMatchObject({ reason: 'Fraud report', after: { disabled: true, loginsEnded: 1 } })

    const enabled = payloadOf<SupportAccount>(await post(`${base}/${user.userId}/enable`, { reason: 'Cleared' }))
    expect(enabled.disabledAt).toBeNull()
    expectRefusal(await post(`${base}/${user.userId}/enable`, { reason: 'Again' }), 'SUPPORT_NOT_DISABLED', 409)
    // Its old login stays ended; a new sign-in works.
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: user.accessToken }), 'SESSION_ENDED', 401)
    const state = payloadOf(await login(user.phone))
    expect(await tokenWorks(t, state.accessToken)).toBe(true)
    expect(await auditRows('support.enable', user.userId)).toHaveLength(1)
  })

  it('unbinds a third-party account, never the last way to sign in', async () => {
    const user = await employeeAccount()
    await t.database.db.insert(externalAccount).values({ userId: user.userId, provider: 'qq', subject: `q-${user.userId}`, nickname: 'xm', boundAt: clock.now() })
    expectRefusal(await post(`${base}/${user.userId}/unbind`, { provider: 'weibo', reason: 'Asked' }), 'THIRD_PARTY_NOT_BOUND', 404)
    expectRefusal(await post(`${base}/${user.userId}/unbind`, { provider: 'qq' }), 'VALIDATION_FAILED', 400)
    const after = payloadOf<SupportAccount>(await post(`${base}/${user.userId}/unbind`, { provider: 'qq', reason: 'Account sold' }))
    expect(after.bindings).toEqual([])
    expect(after.history.map((e) => e.type)).toContain('thirdPartyUnbound')
    expect((await auditRows('support.unbind', user.userId))[0]).toMatchObject({ reason: 'Account sold', after: { provider: 'qq', bound: false } })

    // The only way to sign in stays: an account with an email and no password signs in by its binding alone.
    const only = await seedAccount(t, { email: uniqueEmail() })
    await t.database.db.insert(externalAccount).values({ userId: only.userId, provider: 'wechat', subject: `o-${only.userId}`, nickname: 'only', boundAt: clock.now() })
    expectRefusal(await post(`${base}/${only.userId}/unbind`, { provider: 'wechat', reason: 'Asked' }), 'LAST_SIGN_IN_METHOD', 409)
    expect(await auditRows('support.unbind', only.userId)).toHaveLength(0)
  })

  it('reveals a phone or an ID number only after a step-up and with a reason, audited without the value', async () => {
    const user = await employeeAccount()
    const url = `${base}/${user.userId}/reveal`
    expectRefusal(await post(url, { field: 'idNo', reason: 'Caller identity check' }), 'STEP_UP_REQUIRED', 403)
    await stepUp()
    expectRefusal(await post(url, { field: 'idNo' }), 'VALIDATION_FAILED', 400)
    expect(payloadOf(await post(url, { field: 'idNo', reason: 'Caller identity check' }))).toEqual({ field: 'idNo', value: user.idNo })
    expect(payloadOf(await post(url, { field: 'phone', reason: 'Call back' }))).toEqual({ field: 'phone', value: `+86${user.phone}` })
    const rows = await auditRows('support.reveal', user.userId)
    expect(rows.map((r) => r.reason).sort()).toEqual(['Call back', 'Caller identity check'])
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(user.phone)
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(user.idNo)
    const unverified = await seedAccount(t)
    expectRefusal(await post(`${base}/${unverified.userId}/reveal`, { field: 'idNo', reason: 'Check' }), 'SUPPORT_NOTHING_TO_REVEAL', 404)
  })

  it('is the support agent’s alone (role matrix), and needs the CSRF token to act', async () => {
    const user = await employeeAccount()
    for (const role of CONSOLE_ROLES.filter((r): r is ConsoleRole => r !== 'support_agent')) {
      const op = await createOperator(t.app, `${role}-support@console.example`, [role])
      const other = await signIn(t.app, clock, op)
      expectRefusal(await get(`${base}?by=phone&value=${user.phone}`, other), 'CONSOLE_ROLE_DENIED', 403)
      expectRefusal(await get(`${base}/${user.userId}`, other), 'CONSOLE_ROLE_DENIED', 403)
      for (const verb of ['unlock', 'sign-out', 'disable', 'enable']) expectRefusal(await post(`${base}/${user.userId}/${verb}`, { reason: 'x' }, other), 'CONSOLE_ROLE_DENIED', 403)
      expectRefusal(await post(`${base}/${user.userId}/unbind`, { provider: 'wechat', reason: 'x' }, other), 'CONSOLE_ROLE_DENIED', 403)
      expectRefusal(await post(`${base}/${user.userId}/reveal`, { field: 'phone', reason: 'x' }, other), 'CONSOLE_ROLE_DENIED', 403)
    }
    const anonymous = await consoleCall(t.app, undefined, 'GET', `${base}/${user.userId}`)
    expect(anonymous.statusCode).toBe(401)
    expect((await consoleCall(t.app, agent, 'POST', `${base}/${user.userId}/disable`, { payload: { reason: 'x' }, csrf: false })).statusCode).toBe(403)
    expect(await tokenWorks(t, user.accessToken)).toBe(true)
  })
})
