import { DOWNLOAD_LINK_RELEASE_MS, PRIVACY_INFO_TYPES, UNSIGNED_PAYLOAD, calls, callUrl } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, SECOND, testClock } from '../../../test/helpers/clock'
import { currentAgreementIds, emailCode, smsCode } from '../../../test/helpers/flows'
import { sealPassword } from '../../../test/helpers/password'
import { accountWithPassword, ownCode, verifyByPassword } from '../../../test/helpers/security'
import { injectSigned, signedHeaders } from '../../../test/helpers/signed'
import { collectionRecord, externalAccount, userAgreement } from '../../db/schema'
import { DEMO_ROSTER } from '../roster/data'
import { startSession } from '../session/service'
import { TEST_ORIGIN } from '../../../test/helpers/accounts'

const clock = testClock(new Date('2026-09-01T02:00:00Z'))
let t: TestApp
let agreementIds: string[]
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  agreementIds = await currentAgreementIds(t.app)
})
afterAll(() => t.close())

const seal = (password: string) => sealPassword(t.app.passwordKey.publicKeyPem, password)
const ledgerOf = (userId: string) =>
  t.database.db.select({ type: collectionRecord.infoType, scene: collectionRecord.scene, masked: collectionRecord.masked, count: collectionRecord.count }).from(collectionRecord).where(eq(collectionRecord.userId, userId))
const query = (token: string, period: string, locale = 'en-US') => callApi(t.app, calls.privacyQuery, { period } as never, { token, locale })
const countOf = (summary: { items: Array<{ type: string; count: number }> }, type: string) => summary.items.find((item) => item.type === type)?.count
/** One code per destination per minute: the clock moves on between codes. */
const nextMinute = () => clock.advance(61 * SECOND)

describe('the collection ledger, written by each collecting call', () => {
  it('registration by phone records the phone (masked), and its sign-in is counted from the session', async () => {
    const phone = uniquePhone()
    const body = { phone, code: await smsCode(t.app, phone, 'register'), password: await seal('Welcome2026'), confirmPassword: await seal('Welcome2026'), agreementIds }
    const login = payloadOf(await callApi(t.app, calls.registerByPhonePwd, body))
    expect(await ledgerOf(login.userId)).toEqual([{ type: 'phone', scene: 'register', masked: `${phone.slice(0, 3)}****${phone.slice(-4)}`, count: 1 }])
    const summary = payloadOf(await query(login.accessToken, '7d'))
    expect(countOf(summary, 'phone')).toBe(1)
    expect(countOf(summary, 'deviceId')).toBe(1)
    expect(countOf(summary, 'ipAddress')).toBe(1)
  })

  it('registration by email records the email', async () => {
    nextMinute()
    const email = uniqueEmail()
    const body = { email, code: await emailCode(t.app, email, 'register'), password: await seal('Welcome2026'), confirmPassword: await seal('Welcome2026'), agreementIds }
    const login = payloadOf(await callApi(t.app, calls.registerByEmailPwd, body))
    expect(await ledgerOf(login.userId)).toEqual([{ type: 'email', scene: 'register', masked: `${email[0]}***@example.com`, count: 1 }])
  })

  it('the SMS-code sign-up records the phone once; a later sign-in code to it counts as a code sent', async () => {
    nextMinute()
    const phone = uniquePhone()
    const state = payloadOf(await callApi(t.app, calls.loginSignupByPhoneCode, { phone, code: await smsCode(t.app, phone, 'login'), agreementIds }))
    expect(state.created).toBe(true)
    nextMinute()
    await smsCode(t.app, phone, 'login')
    expect((await ledgerOf(state.userId)).map((row) => `${row.type}:${row.scene}`).sort()).toEqual(['phone:codeSent', 'phone:register'])
  })

  it('password sign-in writes no ledger row: the session counts it', async () => {
    nextMinute()
    const account = await accountWithPassword(t)
    const before = await ledgerOf(account.userId)
    clock.advance(SECOND)
    await startSession(t.database.db, account.userId, { ...TEST_ORIGIN, ip: '203.0.113.9' }, clock.now())
    expect(await ledgerOf(account.userId)).toEqual(before)
    const summary = payloadOf(await query(account.accessToken, '7d'))
    expect(countOf(summary, 'ipAddress')).toBe(2)
    const records = payloadOf(await callApi(t.app, calls.privacyRecords, { type: 'ipAddress', period: '7d' }, { token: account.accessToken }))
    expect(records.records[0]).toMatchObject({ scene: 'signIn', value: '203.0.113.*' })
  })

  it('real-name verification records the name and ID number, masked', async () => {
    const { accessToken, userId } = await seedAccount(t)
    const p = DEMO_ROSTER[0]
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: p.name, idNo: p.idNo }, { token: accessToken }))
    const rows = await ledgerOf(userId)
    expect(rows.map((row) => row.type).sort()).toEqual(['idNumber', 'name'])
    expect(rows.find((row) => row.type === 'idNumber')?.masked).toBe(`${p.idNo.slice(0, 6)}********${p.idNo.slice(-4)}`)
    expect(JSON.stringify(rows)).not.toContain(p.idNo)
  })

  it('a refused real-name check records nothing', async () => {
    const { accessToken, userId } = await seedAccount(t)
    expectRefusal(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: '无此人', idNo: DEMO_ROSTER[1].idNo }, { token: accessToken }), 'REAL_NAME_FAILED')
    expect(await ledgerOf(userId)).toEqual([])
  })

  it('a profile edit records the fields given; the avatar upload records the picture', async () => {
    const { accessToken, userId } = await seedAccount(t)
    payloadOf(await callApi(t.app, calls.editUserPersonalInfo, { address: '上海市静安区南京西路1号', postcode: '200040' }, { token: accessToken }))
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
    const boundary = '----essboundary'
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const path = callUrl(calls.uploadAvatar)
    const uploaded = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...signedHeaders({ method: 'POST', path, rawBody: UNSIGNED_PAYLOAD, token: accessToken }), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    payloadOf(uploaded)
    expect(await ledgerOf(userId)).toEqual([
      { type: 'profile', scene: 'profileEdit', masked: 'address · postcode', count: 2 },
      { type: 'avatar', scene: 'avatarUpload', masked: null, count: 1 },
    ])
  })

  it('a code to the own phone records a code sent; binding a new email records the email', async () => {
    nextMinute()
    const account = await accountWithPassword(t)
    await ownCode(t, account.accessToken, `+86${account.phone}`, 'verifyIdentity')
    await verifyByPassword(t, account.accessToken)
    const email = uniqueEmail()
    const code = await emailCode(t.app, email, 'bind')
    payloadOf(await callApi(t.app, calls.bindOrChangeEmail, { email, code }, { token: account.accessToken }))
    expect((await ledgerOf(account.userId)).map((row) => `${row.type}:${row.scene}`)).toEqual(['phone:codeSent', 'email:contactBind'])
  })
})

describe('POST privacyCollect/typeList and privacyCollect/query', () => {
  it('lists every type with its purpose and scenes in the language of the request', async () => {
    const zh = payloadOf(await callApi(t.app, calls.privacyTypeList, undefined, { locale: 'zh-CN' }))
    const en = payloadOf(await callApi(t.app, calls.privacyTypeList, undefined, { locale: 'en-US' }))
    expect(zh.map((row: { type: string }) => row.type)).toEqual([...PRIVACY_INFO_TYPES])
    expect(zh.find((row: { type: string }) => row.type === 'idNumber')).toMatchObject({ name: '身份证号码', scenes: [{ scene: 'realName', name: '实名认证' }] })
    expect(en.find((row: { type: string }) => row.type === 'idNumber').name).toBe('ID number')
  })

  it('counts per period with the clock: 7 days, 30 days, 1 year', async () => {
    const { accessToken, userId } = await seedAccount(t)
    const { recordCollection } = await import('./ledger')
    const at = (days: number) => new Date(clock.now().getTime() - days * DAY)
    await recordCollection(t.database.db, userId, 'profileEdit', [{ type: 'profile', masked: 'address' }], at(3))
    await recordCollection(t.database.db, userId, 'profileEdit', [{ type: 'profile', masked: 'postcode' }], at(20))
    await recordCollection(t.database.db, userId, 'profileEdit', [{ type: 'profile', masked: 'username', count: 1 }], at(200))
    await recordCollection(t.database.db, userId, 'profileEdit', [{ type: 'profile', masked: 'username' }], at(400))
    const counts = await Promise.all(['7d', '30d', '1y'].map(async (period) => countOf(payloadOf(await query(accessToken, period)), 'profile')))
    expect(counts).toEqual([1, 2, 3])
    const week = payloadOf(await query(accessToken, '7d'))
    expect(week.items.find((item: { type: string }) => item.type === 'profile').lastAt).toBe(at(3).toISOString())
    expect(week.items.find((item: { type: string }) => item.type === 'idNumber')).toMatchObject({ count: 0, lastAt: null })
    // A week later, the 3-day-old one has left the 7-day period.
    clock.advance(7 * DAY)
    const { accessToken: later } = await startSession(t.database.db, userId, TEST_ORIGIN, clock.now())
    expect(countOf(payloadOf(await query(later, '7d')), 'profile')).toBe(0)
  })

  it('refuses a period outside SPEC §9 and a visitor', async () => {
    const { accessToken } = await seedAccount(t)
    const bad = expectRefusal(await query(accessToken, '2y'), 'VALIDATION_FAILED', 400)
    expect(bad.fields?.[0]?.field).toBe('period')
    expectRefusal(await callApi(t.app, calls.privacyQuery, { period: '7d' }), 'SESSION_INVALID', 401)
    expectRefusal(await callApi(t.app, calls.privacyRecords, { type: 'nope' } as never, { token: accessToken }), 'VALIDATION_FAILED', 400)
  })

  it('lists the third parties, email as active only with SMTP', async () => {
    const parties = payloadOf(await callApi(t.app, calls.privacyThirdParties, undefined, { locale: 'en-US' }))
    expect(parties.map((p: { id: string }) => p.id)).toEqual(['legacyUserCenter', 'sms', 'email', 'oauth'])
    expect(parties.find((p: { id: string }) => p.id === 'email').active).toBe(false)
    expect(parties.find((p: { id: string }) => p.id === 'legacyUserCenter').active).toBe(true)
  })
})

describe('my data: export and withdrawal', () => {
  const download = (url: string, token?: string) => {
    const [path, search] = url.split('?')
    return injectSigned(t.app, { method: 'GET', path, query: Object.fromEntries(new URLSearchParams(search)), token })
  }

  it('gives the account holder a JSON copy of their data and nothing of other users, once', async () => {
    const mine = await accountWithPassword(t)
    const other = await accountWithPassword(t)
    const { recordCollection } = await import('./ledger')
    await recordCollection(t.database.db, other.userId, 'profileEdit', [{ type: 'profile', masked: 'other-secret-address' }], clock.now())
    await recordCollection(t.database.db, mine.userId, 'profileEdit', [{ type: 'profile', masked: 'my-address' }], clock.now())
    await t.database.db.insert(externalAccount).values([
      { userId: mine.userId, provider: 'qq', subject: 'o-my-qq-id', nickname: '我的QQ', boundAt: clock.now() },
      { userId: other.userId, provider: 'qq', subject: 'o-other-qq-id', nickname: 'other-qq', boundAt: clock.now() },
    ])
    const link = payloadOf(await callApi(t.app, calls.exportMyData, { format: 'json' }, { token: mine.accessToken }))
    expect(link).toMatchObject({ format: 'json', expiresIn: DOWNLOAD_LINK_RELEASE_MS, url: expect.stringMatching(/^\/app\/user\/api\/privacy\/download\?token=/) })
    const response = await download(link.url, mine.accessToken)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"/)
    const data = response.json()
    expect(data.account).toMatchObject({ userId: mine.userId, phone: `+86${mine.phone}` })
    expect(data.collections.map((row: { value: string }) => row.value)).toContain('my-address')
    expect(data.signIns.length).toBeGreaterThan(0)
    expect(data.thirdPartyAccounts).toEqual([{ provider: 'qq', nickname: '我的QQ', boundAt: clock.now().toISOString() }])
    // The provider's id of the person stays with the gateway.
    expect(response.body).not.toContain('o-my-qq-id')
    expect(response.body).not.toContain('other-qq')
    expect(response.body).not.toContain(other.userId)
    expect(response.body).not.toContain('other-secret-address')
    expect(response.body).not.toContain(other.phone!)
    // One use.
    expectRefusal(await download(link.url, mine.accessToken), 'NOT_FOUND', 404)
  })

  it('refuses the link after 40 s, without the session, and to another user (without spending it)', async () => {
    const mine = await accountWithPassword(t)
    const other = await accountWithPassword(t)
    const late = payloadOf(await callApi(t.app, calls.exportMyData, { format: 'json' }, { token: mine.accessToken }))
    const link = payloadOf(await callApi(t.app, calls.exportMyData, { format: 'json' }, { token: mine.accessToken }))
    expectRefusal(await download(link.url), 'SESSION_INVALID', 401)
    expectRefusal(await download(link.url, other.accessToken), 'NOT_FOUND', 404)
    expect((await download(link.url, mine.accessToken)).statusCode).toBe(200)
    expectRefusal(await callApi(t.app, calls.exportMyData, { format: 'zip' } as never, { token: mine.accessToken }), 'VALIDATION_FAILED', 400)
    // The KV expires the token at DOWNLOAD_LINK_RELEASE_MS on its own clock.
    await new Promise((resolve) => setTimeout(resolve, 10))
    const key = `privacy:export:${(await import('../../lib/digest')).sha256Hex(new URLSearchParams(late.url.split('?')[1]).get('token')!)}`
    expect(await t.kv.get(key)).not.toBeNull()
    await t.kv.del(key) // what the expiry does after 40 s
    expectRefusal(await download(late.url, mine.accessToken), 'NOT_FOUND', 404)
  })

  it('renders the readable copy as a PDF with Chinese text', { timeout: 30_000 }, async () => {
    const mine = await accountWithPassword(t)
    const link = payloadOf(await callApi(t.app, calls.exportMyData, { format: 'pdf' }, { token: mine.accessToken, locale: 'zh-CN' }))
    const response = await download(link.url, mine.accessToken)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(response.rawPayload.toString('latin1')).toContain('NotoSansSC')
  })

  it('withdrawing the consent ends every login and asks for the consent at the next sign-in', async () => {
    const mine = await accountWithPassword(t)
    const second = await startSession(t.database.db, mine.userId, TEST_ORIGIN, clock.now())
    const result = payloadOf(await callApi(t.app, calls.withdrawConsent, undefined, { token: mine.accessToken }))
    expect(result.ended).toBe(2)
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: second.accessToken }), 'SESSION_ENDED', 401)
    const signed = await t.database.db.select().from(userAgreement).where(eq(userAgreement.userId, mine.userId))
    expect(signed.length).toBe(agreementIds.length - 1)
    const again = await startSession(t.database.db, mine.userId, TEST_ORIGIN, clock.now())
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: again.accessToken }), 'PRIVACY_REAGREE')
    expectRefusal(await callApi(t.app, calls.withdrawConsent), 'SESSION_INVALID', 401)
  })
})
