import { UNSIGNED_PAYLOAD, calls, callUrl } from '@ess/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ORIGIN, seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, testClock } from '../../../test/helpers/clock'
import { smsCode } from '../../../test/helpers/flows'
import { signedHeaders } from '../../../test/helpers/signed'
import { appUser, employee, userCertification } from '../../db/schema'
import { DEMO_ROSTER } from '../roster/data'
import { applyRoster } from '../roster/queries'
import type { RosterRow } from '../roster/rows'
import { authenticate, startSession } from '../session/service'

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
/** An 18-character ID number with its check digit, from 17 digits. */
function validId(first17: string): string {
  const sum = [...first17].reduce((a, c, i) => a + Number(c) * W[i], 0)
  return first17 + '10X98765432'[sum % 11]
}
/** A card number with its Luhn digit. */
function luhnCard(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const n = body + d
    let sum = 0
    for (let i = 0; i < n.length; i++) {
      let v = Number(n[n.length - 1 - i])
      if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2
      sum += v
    }
    if (sum % 10 === 0) return n
  }
  throw new Error('unreachable')
}
/** Employees of a test company, beside the demo roster (one employee links to one account). */
const EXTRA: RosterRow[] = Array.from({ length: 30 }, (_, i) => {
  const idNo = validId(`3301061990${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}${String(100 + i * 2 + 1).slice(-3)}`)
  return {
    ...DEMO_ROSTER[0],
    companyCode: 'TST01',
    companyNameZh: '测试公司',
    companyNameEn: 'Test Company',
    employeeNo: `T-${i}`,
    name: `测试${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${'子丑寅卯辰巳午未申酉戌亥'[Math.floor(i / 10)]}`,
    pinyinName: null,
    idNo,
    gender: 'M',
    birthdate: `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`,
    phone: `1370000${String(1000 + i)}`,
  }
})

const clock = testClock(new Date('2026-08-01T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  await t.database.db.transaction((tx) => applyRoster(tx, { fieldCipher: t.app.fieldCipher, hmacKey: t.app.hmacKey }, EXTRA, clock.now()))
})
afterAll(() => t.close())

/** Each test verifies as its own employee of the demo roster (one employee links to one account). */
let next = 0
const PEOPLE = [...DEMO_ROSTER, ...EXTRA]
const person = () => PEOPLE[next++]
/** A new login of the user at the test clock's time (access tokens live 2 hours). */
const relogin = async (userId: string) => (await startSession(t.database.db, userId, TEST_ORIGIN, clock.now())).accessToken
const rosterDeps = () => ({ fieldCipher: t.app.fieldCipher, hmacKey: t.app.hmacKey })

async function user() {
  const { accessToken, userId } = await seedAccount(t)
  return { token: accessToken, userId }
}
const check = (token: string, body: object, locale = 'en-US') => callApi(t.app, calls.certificationCheck, body as never, { token, locale })
const byId = (p: { name: string; idNo: string }) => ({ method: 'idNumber', name: p.name, idNo: p.idNo })

describe('POST certification/check by ID number', () => {
  it('certifies a roster match: status 1, a 90-day record, masked, attached to getUserInfo', async () => {
    const p = person()
    const { token } = await user()
    const record = payloadOf(await check(token, byId({ name: p.name, idNo: p.idNo.toLowerCase() })))
    expect(record).toMatchObject({
      method: 'idNumber',
      realName: `*${p.name.slice(-1)}`,
      idNo: `${p.idNo.slice(0, 6)}********${p.idNo.slice(-4)}`,
      companyName: p.companyNameEn,
      employeeNo: p.employeeNo,
      isExpired: false,
      validityDays: 90,
      bankCard: null,
    })
    expect(new Date(record.expiresAt).getTime() - new Date(record.certifiedAt).getTime()).toBe(90 * DAY)
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token, locale: 'en-US' }))
    expect(info).toMatchObject({ certificationStatus: 1, isExpired: false, gender: p.gender, birthdate: p.birthdate })
    expect(info.certification).toEqual(record)
    expect(JSON.stringify(info)).not.toContain(p.idNo)
  })

  it('accepts the name with spaces or full-width letters (Latin names in any case)', async () => {
    const p = person()
    const { token } = await user()
    payloadOf(await check(token, byId({ name: ` ${p.name.split('').join(' ')} `, idNo: p.idNo })))
  })

  it('refuses a wrong name and an ID number not on the roster with the same SPEC text, counting both', async () => {
    const p = person()
    const { token } = await user()
    const wrongName = expectRefusal(await check(token, byId({ name: '王小明', idNo: p.idNo })), 'REAL_NAME_FAILED', 400)
    expect(wrongName.msg).toBe('Your identity information has not passed the real-name authentication, please verify and re-enter')
    const zh = expectRefusal(await check(token, byId({ name: p.name, idNo: validId('11010119900101001') }), 'zh-CN'), 'REAL_NAME_FAILED', 400)
    expect(zh.msg).toBe('您的身份信息未通过实名认证，请核实后重新输入')
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token }))
    expect(info).toMatchObject({ certificationStatus: 0, certification: null })
  })

  it('refuses a bad check digit and a bad format as invalid input, without counting an attempt', async () => {
    const p = person()
    const { token } = await user()
    const last = p.idNo.at(-1) === '0' ? '1' : '0'
    const digit = expectRefusal(await check(token, byId({ name: p.name, idNo: p.idNo.slice(0, 17) + last })), 'VALIDATION_FAILED', 400)
    expect(digit.fields).toEqual([expect.objectContaining({ field: 'idNo', messageKey: 'idNumber.invalid', message: 'Please enter correct ID number' })])
    const name = expectRefusal(await check(token, byId({ name: 'Li3', idNo: p.idNo })), 'VALIDATION_FAILED', 400)
    expect(name.fields?.[0]).toMatchObject({ field: 'name', message: 'Please enter name with Chinese characters or letters' })
    expectRefusal(await check(token, { method: 'face', name: p.name, idNo: p.idNo }), 'VALIDATION_FAILED', 400)
    payloadOf(await check(token, byId(p)))
  })

  it('stops a user after 5 failed checks in a day, until the next day (China time)', async () => {
    const p = person()
    const { token, userId } = await user()
    for (let i = 0; i < 5; i++) expectRefusal(await check(token, byId({ name: '错误姓名', idNo: p.idNo })), 'REAL_NAME_FAILED')
    const stopped = expectRefusal(await check(token, byId(p)), 'REAL_NAME_TOO_MANY_ATTEMPTS', 429)
    expect(stopped.msg).toBe('Too many failed real-name verifications today; please try again tomorrow')
    clock.advance(DAY)
    payloadOf(await check(await relogin(userId), byId(p)))
  })

  it('links an employee to one account only', async () => {
    const p = person()
    const first = await user()
    const second = await user()
    payloadOf(await check(first.token, byId(p)))
    expectRefusal(await check(second.token, byId(p)), 'EMPLOYEE_ALREADY_LINKED', 409)
    // the same user verifying again renews the record
    clock.advance(DAY)
    const again = payloadOf(await check(await relogin(first.userId), byId(p)))
    expect(again.certifiedAt).toBe(clock.now().toISOString())
  })

  it('needs a login', async () => {
    const p = person()
    expectRefusal(await callApi(t.app, calls.certificationCheck, byId(p) as never), 'SESSION_INVALID', 401)
  })

  it('keeps ID and card numbers encrypted at rest', async () => {
    const rows = await t.database.db.execute(sql`select id_no_cipher, id_no_index from employee`)
    const text = JSON.stringify(rows)
    for (const p of DEMO_ROSTER) expect(text).not.toContain(p.idNo)
    const [one] = await t.database.db.select({ cipher: employee.idNoCipher }).from(employee).limit(1)
    expect(one.cipher).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
  })
})

describe('POST certification/check by bank card', () => {
  const card = luhnCard('622202020011223344')
  const spaced = card.replace(/(\d{4})(?=\d)/g, '$1 ')
  let phones = 0
  async function bankBody(p: (typeof DEMO_ROSTER)[number], overrides: Record<string, unknown> = {}) {
    const bankPhone = (overrides.bankPhone as string) ?? p.phone!
    // one code per phone per minute: the clock moves on between codes
    clock.advance(61_000 + phones++)
    return { method: 'bankCard', name: p.name, idNo: p.idNo, cardNo: spaced, bankPhone, code: await smsCode(t.app, bankPhone, 'realName'), ...overrides }
  }

  it('certifies with the card, the bank phone of the roster and its SMS code; the card is kept encrypted', async () => {
    const p = person()
    const { token, userId } = await user()
    const record = payloadOf(await check(token, await bankBody(p)))
    expect(record).toMatchObject({ method: 'bankCard', bankCard: `**** **** **** ${card.slice(-4)}`, isExpired: false })
    const [row] = await t.database.db.select().from(userCertification).where(eq(userCertification.userId, userId))
    expect(row.bankCardCipher).toMatch(/^v1\./)
    expect(row.bankCardCipher).not.toContain(card)
    expect(t.app.fieldCipher.decrypt(row.bankCardCipher!, `certification.bankCard:${userId}`)).toBe(card)
  })

  it('refuses a card failing the Luhn check, and an empty card, with the SPEC messages', async () => {
    const p = person()
    const { token } = await user()
    const luhn = expectRefusal(await check(token, { ...(await bankBody(p)), cardNo: card.slice(0, -1) + ((Number(card.at(-1)) + 1) % 10) }), 'VALIDATION_FAILED', 400)
    expect(luhn.fields?.[0]).toMatchObject({ field: 'cardNo', message: 'Please enter correct bank card number' })
    const empty = expectRefusal(await check(token, { ...(await bankBody(p)), cardNo: '' }, 'zh-CN'), 'VALIDATION_FAILED', 400)
    expect(empty.fields?.[0]).toMatchObject({ field: 'cardNo', message: '请输入银行卡号' })
  })

  it('refuses a wrong SMS code, and a bank phone other than the roster one', async () => {
    const p = person()
    const { token } = await user()
    const body = await bankBody(p)
    expectRefusal(await check(token, { ...body, code: body.code === '000000' ? '111111' : '000000' }), 'WRONG_VERIFICATION_CODE', 400)
    expectRefusal(await check(token, await bankBody(p, { bankPhone: '13900000001' })), 'REAL_NAME_FAILED', 400)
  })
})

describe('expiry and identity changes', () => {
  it('expires after 90 days: getInfo and getUserInfo say so, the session no longer counts as certified, verifying again renews', async () => {
    const p = person()
    const { token: first, userId } = await user()
    payloadOf(await check(first, byId(p)))
    clock.advance(90 * DAY + 1000)
    const token = await relogin(userId)
    const info = payloadOf(await callApi(t.app, calls.certificationGetInfo, undefined, { token }))
    expect(info.isExpired).toBe(true)
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token }))).toMatchObject({ certificationStatus: 1, isExpired: true })
    expect((await authenticate(t.database.db, t.app.accessCache, token, clock.now()))?.certified).toBe(false)
    const renewed = payloadOf(await check(token, byId(p)))
    expect(renewed.isExpired).toBe(false)
  })

  it('a change of identity on the roster ends the verification; the new identity verifies again', async () => {
    const p = person()
    const { token, userId } = await user()
    payloadOf(await check(token, byId(p)))
    const renamed = { ...p, name: `${p.name}华` }
    const written = await t.database.db.transaction((tx) => applyRoster(tx, rosterDeps(), [renamed], clock.now()))
    expect(written).toMatchObject({ updated: 1, identityChanged: 1 })
    const [u] = await t.database.db.select({ certifiedAt: appUser.certifiedAt }).from(appUser).where(eq(appUser.id, userId))
    expect(u.certifiedAt).toBeNull()
    expect(payloadOf(await callApi(t.app, calls.certificationGetInfo, undefined, { token })).isExpired).toBe(true)
    expectRefusal(await check(token, byId(p)), 'REAL_NAME_FAILED')
    payloadOf(await check(token, byId(renamed)))
    // a change of a non-identity field (the address) leaves the verification alone
    const moved = await t.database.db.transaction((tx) => applyRoster(tx, rosterDeps(), [{ ...renamed, address: '新地址1号' }], clock.now()))
    expect(moved).toMatchObject({ updated: 1, identityChanged: 0 })
    expect(payloadOf(await callApi(t.app, calls.certificationGetInfo, undefined, { token })).isExpired).toBe(false)
  })

  it('getInfo is null before any verification', async () => {
    const { token } = await user()
    expect(payloadOf(await callApi(t.app, calls.certificationGetInfo, undefined, { token }))).toBeNull()
  })
})

describe('personal info', () => {
  it('shows the roster record once verified, masked; nothing of it before', async () => {
    const p = person()
    const { token } = await user()
    const before = payloadOf(await callApi(t.app, calls.getUserPersonalInfo, undefined, { token }))
    expect(before).toMatchObject({ name: null, companyName: null, idNo: null, employeeNo: null, certified: false })
    payloadOf(await check(token, byId(p), 'zh-CN'))
    const after = payloadOf(await callApi(t.app, calls.getUserPersonalInfo, undefined, { token, locale: 'zh-CN' }))
    expect(after).toMatchObject({
      name: p.name,
      pinyinName: p.pinyinName,
      gender: p.gender,
      birthdate: p.birthdate,
      nationality: 'CN',
      companyName: p.companyNameZh,
      idType: 'ID_CARD',
      idNo: `${p.idNo.slice(0, 6)}********${p.idNo.slice(-4)}`,
      employeeNo: p.employeeNo,
      address: p.address,
      postcode: p.postcode,
      certified: true,
    })
    expect(after.phone).toMatch(/^\d{3}\*{4}\d{4}$/)
  })

  it('edits username, address and postcode; refuses a taken username and bad values, storing nothing', async () => {
    const { token } = await user()
    const other = await user()
    const name = `user_${Date.now() % 1e8}`
    const edited = payloadOf(await callApi(t.app, calls.editUserPersonalInfo, { username: name.toUpperCase(), address: ' 上海市静安区南京西路1号 ', postcode: '200040' }, { token }))
    expect(edited).toMatchObject({ username: name, address: '上海市静安区南京西路1号', postcode: '200040' })
    expectRefusal(await callApi(t.app, calls.editUserPersonalInfo, { username: name }, { token: other.token }), 'USERNAME_TAKEN', 409)
    const bad = expectRefusal(await callApi(t.app, calls.editUserPersonalInfo, { username: '1ab', postcode: '12' }, { token, locale: 'en-US' }), 'VALIDATION_FAILED', 400)
    expect(bad.fields?.map((f) => f.messageKey).sort()).toEqual(['postcode.invalid', 'username.invalid'])
    expectRefusal(await callApi(t.app, calls.editUserPersonalInfo, { name: '改名' } as never, { token }), 'VALIDATION_FAILED', 400)
    const unchanged = payloadOf(await callApi(t.app, calls.getUserPersonalInfo, undefined, { token }))
    expect(unchanged).toMatchObject({ username: name, postcode: '200040' })
    // an empty string clears the address
    expect(payloadOf(await callApi(t.app, calls.editUserPersonalInfo, { address: '' }, { token })).address).toBeNull()
  })
})

describe('POST uploadAvatar', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
  function multipart(file: Buffer, field = 'file', filename = 'a.png') {
    const boundary = '----essboundary'
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\ncontent-type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` }
  }
  async function upload(token: string | undefined, file: Buffer, field?: string) {
    const { payload, contentType } = multipart(file, field)
    const path = callUrl(calls.uploadAvatar)
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...signedHeaders({ method: 'POST', path, rawBody: UNSIGNED_PAYLOAD, token, locale: 'en-US' }), 'content-type': contentType },
      payload,
    })
  }

  it('keeps a PNG and serves it at the photo URL of getUserInfo, cached for good', async () => {
    const { token } = await user()
    const { photo } = payloadOf(await upload(token, PNG))
    expect(photo).toMatch(/^\/app\/media\/avatar\/[0-9a-f-]{36}\/[0-9a-f]{16}$/)
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token })).photo).toBe(photo)
    const image = await t.app.inject({ url: photo })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['cache-control']).toContain('immutable')
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect((await t.app.inject({ url: photo.replace(/[0-9a-f]{16}$/, '0000000000000000') })).statusCode).toBe(404)
  })

  it('refuses what is not an image, a file over 2 MiB, a wrong field, a JSON body and no login', async () => {
    const { token } = await user()
    expect(expectRefusal(await upload(token, Buffer.from('<svg onload=alert(1)>')), 'AVATAR_INVALID', 400).msg).toBe('Please upload a PNG, JPEG or WebP image')
    expectRefusal(await upload(token, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])), 'AVATAR_TOO_LARGE', 413)
    expectRefusal(await upload(token, PNG, 'other'), 'AVATAR_INVALID', 400)
    expectRefusal(await callApi(t.app, calls.uploadAvatar, undefined, { token }), 'AVATAR_INVALID', 400)
    expectRefusal(await upload(undefined, PNG), 'SESSION_INVALID', 401)
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token })).photo).toBeNull()
  })
})

