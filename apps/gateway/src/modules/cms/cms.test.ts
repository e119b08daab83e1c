import { REAL_NAME_VALIDITY_DAYS, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userChanged } from '../session/user-stamp'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { DAY, SECOND, testClock } from '../../../test/helpers/clock'
import { appUser, authApp, cmsPage as cmsPageTable, userCertification } from '../../db/schema'
import { sha256Hex } from '../../lib/digest'
import { eq } from 'drizzle-orm'
import { DEMO_ROSTER } from '../roster/data'
import { EXCHANGE_PATH } from '../grant/routes'
import { LEGACY_APP_ID, loadLegacySecret } from '../grant/service'
import { PAGES, media } from './content'
import { invalidatePages, publishPage } from './service'

const clock = testClock(new Date('2026-11-20T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const page = (pageCode: string, locale = 'zh-CN') => callApi(t.app, calls.cmsPage, { pageCode }, { locale })

describe('GET cms/resource/page', () => {
  it('answers the home floors in sort order, in the caller language, with the SPEC link items', async () => {
    const zh = payloadOf(await page('homepage'))
    const en = payloadOf(await page('homepage', 'en-US'))
    expect(zh.floorList.map((f: { component: string }) => f.component)).toEqual(['banner', 'notice', 'grid', 'news', 'float'])
    const grid = en.floorList.find((f: { component: string }) => f.component === 'grid')
    expect(grid.items.map((i: { id: string }) => i.id)).toEqual(['payroll', 'socialInsurance', 'providentFund', 'medClaims', 'checkUp', 'welfare', 'guide', 'allServices'])
    expect(grid.items[0]).toMatchObject({ name: 'Payslips', link: 'inner:payment', loginRequired: true, authenticationRequired: true, CPAppId: '101', CPAuthType: '0' })
    expect(zh.floorList[2].items[0].name).toBe('工资条')
    const sorts = zh.floorList.map((f: { sort: number }) => f.sort)
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts)
    const services = payloadOf(await page('servicegrid', 'en-US'))
    expect(services.floorList.every((f: { component: string }) => f.component === 'grid')).toBe(true)
  })

  it('refuses an unknown page code with a 404 envelope, and a malformed one as invalid input', async () => {
    const missing = expectRefusal(await page('nope', 'en-US'), 'PAGE_NOT_FOUND', 404)
    expect(missing.msg).toBe('This page does not exist or is no longer published')
    expectRefusal(await page('Home Page!'), 'VALIDATION_FAILED', 400)
    expectRefusal(await callApi(t.app, calls.cmsPage, {} as never), 'VALIDATION_FAILED', 400)
  })

  it('is read from the cache, and a change is seen at the next read, also by a second gateway sharing the stores', async () => {
    // Gateways sharing a database share its keys too (the same DATA_DIR/keys).
    const second = await buildTestApp({ database: t.database, kv: t.kv, now: clock.now, env: { DATA_DIR: t.config.dataDir } })
    try {
      const before = payloadOf(await page('servicegrid'))
      payloadOf(await callApi(second.app, calls.cmsPage, { pageCode: 'servicegrid' }))
      const floors = PAGES.servicegrid('zh-CN', [])
      const changed = floors.map((f) => (f.component === 'grid' && f.id === 'svc-pay' ? { ...f, title: '薪资与个税' } : f))
      expect(await publishPage(t.database.db, t.kv, 'servicegrid', { zh: changed, en: PAGES.servicegrid('en-US', []) })).toBe(true)
      const after = payloadOf(await page('servicegrid'))
      expect(after.version).toBe(before.version + 1)
      expect(after.floorList[0].title).toBe('薪资与个税')
      expect(payloadOf(await callApi(second.app, calls.cmsPage, { pageCode: 'servicegrid' })).floorList[0].title).toBe('薪资与个税')
      // publishing the same floors again writes nothing
      expect(await publishPage(t.database.db, t.kv, 'servicegrid', { zh: changed, en: PAGES.servicegrid('en-US', []) })).toBe(false)
    } finally {
      await second.app.close()
    }
  })

  it('answers from its cache until the page is invalidated (a change made behind its back is not seen before)', async () => {
    const before = payloadOf(await page('homepage', 'en-US'))
    const [row] = await t.database.db.select().from(cmsPageTable).where(eq(cmsPageTable.code, 'homepage'))
    const floorsEn = row.floorsEn.map((f) => (f.component === 'notice' ? { ...f, messages: [{ text: 'Changed behind the cache', item: null }] } : f))
    await t.database.db.update(cmsPageTable).set({ floorsEn }).where(eq(cmsPageTable.code, 'homepage'))
    const cached = await page('homepage', 'en-US')
    expect(cached.body).toBe(JSON.stringify(JSON.parse(cached.body)))
    expect(payloadOf(cached)).toEqual(before)
    await invalidatePages(t.kv, ['homepage'])
    const notice = payloadOf(await page('homepage', 'en-US')).floorList.find((f: { component: string }) => f.component === 'notice')
    expect(notice.messages).toEqual([{ text: 'Changed behind the cache', item: null }])
    await t.database.db.update(cmsPageTable).set({ floorsEn: row.floorsEn }).where(eq(cmsPageTable.code, 'homepage'))
    await invalidatePages(t.kv, ['homepage'])
    expect(payloadOf(await page('homepage', 'en-US'))).toEqual(before)
  })

  it('serves its images under content-hashed names as immutable, and nothing else under the media path', async () => {
    const url = media('icon-payroll')
    expect(url).toMatch(/^\/app\/media\/cms\/icon-payroll\.[0-9a-f]{12}\.svg$/)
    const home = payloadOf(await page('homepage'))
    expect(home.floorList[2].items[0].icon).toBe(url)
    const image = await t.app.inject({ url })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/svg+xml')
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(image.body).toContain('<svg')
    expect((await t.app.inject({ url: url.replace(/\.[0-9a-f]{12}\./, '.000000000000.') })).statusCode).toBe(404)
    expect(image.headers['content-security-policy']).toContain("default-src 'none'")
    expect((await t.app.inject({ url: '/app/media/cms/icon-payroll.svg' })).statusCode).toBe(400)
    expect((await t.app.inject({ url: '/app/media/cms/..%2fpackage.json' })).statusCode).toBe(400)
  })
})

describe('information tree and detail', () => {
  it('lists news categories and the service guide, newest first, and opens an article as typed blocks', async () => {
    const tree = payloadOf(await callApi(t.app, calls.informationTree, undefined, { locale: 'en-US' }))
    expect(tree.map((c: { code: string; kind: string }) => `${c.code}:${c.kind}`)).toEqual(['news:news', 'notice:news', 'guide:guide', 'help-account:help', 'help-realname:help', 'help-pay:help', 'help-privacy:help'])
    const dates = tree[0].articles.map((a: { publishedAt: string }) => a.publishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    const article = payloadOf(await callApi(t.app, calls.informationDetail, { id: tree[0].articles[0].id }, { locale: 'en-US' }))
    expect(article.title).toBe(tree[0].articles[0].title)
    expect(article.blocks.some((b: { type: string }) => b.type === 'image')).toBe(true)
    expect(JSON.stringify(article)).not.toMatch(/<script|<\w+[^>]*>/)
  })

  it('refuses an unknown article and a malformed id', async () => {
    expectRefusal(await callApi(t.app, calls.informationDetail, { id: 'no-such-article' }), 'ARTICLE_NOT_FOUND', 404)
    expectRefusal(await callApi(t.app, calls.informationDetail, { id: '../etc' }), 'VALIDATION_FAILED', 400)
  })
})

describe('one-time codes and the exchange', () => {
  let certified: string
  let plain: string
  beforeAll(async () => {
    plain = (await seedAccount(t)).accessToken
    certified = (await seedAccount(t)).accessToken
    const p = DEMO_ROSTER[5]
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: p.name, idNo: p.idNo }, { token: certified }))
  })
  const credentials = () => `Basic ${Buffer.from(`${LEGACY_APP_ID}:${loadLegacySecret(t.config.keysDir)}`).toString('base64')}`
  const exchange = (code: string, authorization = credentials()) =>
    t.app.inject({ method: 'POST', url: EXCHANGE_PATH, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify({ code }) })

  it('gates inner jumps: login (401), real-name verification, a known app', async () => {
    expectRefusal(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'payment' }), 'SESSION_INVALID', 401)
    expectRefusal(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'payment' }, { token: plain }), 'CERTIFICATION_REQUIRED', 403)
    expectRefusal(await callApi(t.app, calls.grantCode, { authAppId: 'nobody' }, { token: plain }), 'UNKNOWN_AUTH_APP', 400)
    expectRefusal(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'lottery' } as never, { token: plain }), 'VALIDATION_FAILED', 400)
    // without a destination, a logged-in user may have a code
    expect(payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID }, { token: plain })).redirect).toBeNull()
  })

  it('is redeemed once by the app it was issued to, with the verified employee; a second time fails', async () => {
    const issued = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'payment' }, { token: certified }))
    expect(issued).toMatchObject({ expiresIn: 120, redirect: '/salary/payslip', legacyLoginUrl: '/sample-provider/loginByCodeAndRedirect' })
    const first = payloadOf(await exchange(issued.code))
    expect(first).toMatchObject({ appId: LEGACY_APP_ID, dest: 'payment', certified: true, employeeNo: DEMO_ROSTER[5].employeeNo, companyName: DEMO_ROSTER[5].companyNameZh })
    expect(first.name).toBe(`*${DEMO_ROSTER[5].name.slice(-1)}`)
    expectRefusal(await exchange(issued.code), 'GRANT_CODE_INVALID', 400)
  })

  it('refuses wrong credentials without spending the code, and an expired code', async () => {
    const issued = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'checkUp' }, { token: certified }))
    expectRefusal(await exchange(issued.code, `Basic ${Buffer.from(`${LEGACY_APP_ID}:wrong`).toString('base64')}`), 'APP_CREDENTIALS_INVALID', 401)
    expectRefusal(await exchange(issued.code, 'Bearer x'), 'APP_CREDENTIALS_INVALID', 401)
    payloadOf(await exchange(issued.code))
    const late = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'checkUp' }, { token: certified }))
    clock.advance(121 * SECOND)
    expectRefusal(await exchange(late.code), 'GRANT_CODE_INVALID', 400)
  })

  it('is redeemed only by the app it was issued to; another app, even a known one, spends nothing', async () => {
    await t.database.db.insert(authApp).values({ id: 'other', name: 'Other app', secretHash: sha256Hex('other-secret') }).onConflictDoNothing()
    const issued = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'medClaims' }, { token: certified }))
    expectRefusal(await exchange(issued.code, `Basic ${Buffer.from('other:other-secret').toString('base64')}`), 'GRANT_CODE_INVALID', 400)
    expectRefusal(await exchange('not-a-code'), 'GRANT_CODE_INVALID', 400)
    expect(payloadOf(await exchange(issued.code))).toMatchObject({ dest: 'medClaims', certified: true })
  })

  it('the sample provider page redeems the code through the exchange and shows who signed in, clearly labelled', async () => {
    const issued = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'insurance' }, { token: certified }))
    const url = `/sample-provider/loginByCodeAndRedirect?code=${encodeURIComponent(issued.code)}&redirect=${encodeURIComponent(issued.redirect)}&lang=en-US&openId=&source=h5`
    const shown = await t.app.inject({ url })
    expect(shown.statusCode).toBe(200)
    expect(shown.body).toContain('Sample provider page')
    expect(shown.body).toContain('Signed in with a one-time code')
    expect(shown.body).toContain(DEMO_ROSTER[5].employeeNo)
    expect(shown.body).toContain('insurance')
    const again = await t.app.inject({ url })
    expect(again.body).toContain('The one-time code is invalid, used or expired')
  })

  it('the sample provider page takes redirect for a page of its own only (issue 39: the hostile cases)', async () => {
    // The page is reached at http://ouc.example.com here (its Host header).
    const show = async (redirect: string) => {
      const issued = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID }, { token: certified }))
      const shown = await t.app.inject({
        url: `/sample-provider/loginByCodeAndRedirect?code=${encodeURIComponent(issued.code)}&redirect=${encodeURIComponent(redirect)}&lang=en-US`,
        headers: { host: 'ouc.example.com' },
      })
      return /data-testid="sample-redirect"><span class="k">Page<\/span><span>([^<]*)<\/span>/.exec(shown.body)?.[1]
    }
    expect(await show('/salary/payslip')).toBe('/salary/payslip')
    expect(await show('http://ouc.example.com/claims/apply?x=1')).toBe('/claims/apply?x=1')
    const hostiles = ['//evil.example/', '/\\evil.example', 'http://ouc.example.com.evil.example/', 'http://ouc.example.comevil.example/', 'http://ouc.example.com@evil.example/']
    for (const hostile of [...hostiles, 'http://ouc.example.com\\@evil.example/', 'http://ouc%2Eexample.com/', 'javascript:alert(1)', 'data:text/html,x', 'http://ouc.example.com/\r\nx']) {
      expect(await show(hostile), hostile).toMatch(/^Refused \(not a page of this system\): /)
    }
  })

  it('refuses real-name destinations once the verification has expired, and the exchange then reports the user as not verified', async () => {
    const plainCode = payloadOf(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID }, { token: certified }))
    const userId = (await t.database.db.select({ userId: userCertification.userId }).from(userCertification)).map((r) => r.userId)
    expect(userId).toHaveLength(1)
    // both records of the verification lapse (the session's user flag and the certification row)
    const lapsed = new Date(clock.now().getTime() - (REAL_NAME_VALIDITY_DAYS + 1) * DAY)
    await t.database.db.update(appUser).set({ certifiedAt: lapsed }).where(eq(appUser.id, userId[0]))
    await t.database.db.update(userCertification).set({ expiresAt: lapsed })
    // As every writer of a user does once committed (session/user-stamp.ts).
    await userChanged(t.kv, userId[0])
    expectRefusal(await callApi(t.app, calls.grantCode, { authAppId: LEGACY_APP_ID, dest: 'insurance' }, { token: certified }), 'CERTIFICATION_REQUIRED', 403)
    expect(payloadOf(await exchange(plainCode.code))).toMatchObject({ userId: userId[0], certified: false, name: null, employeeNo: null, dest: null })
  })
})
