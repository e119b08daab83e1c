import { expect, test } from '@playwright/test'
import { ERRORS } from '@ess/contract'
import { DICTIONARIES, expectRoute, titleOf, useLocale, watchErrors } from './support'

test('flag=1 is added to the hash, other parameters kept, no extra history entry', async ({ page }) => {
  await page.goto('/#/pages/home/index')
  await expect(page).toHaveURL(/#\/pages\/home\/index\?flag=1$/)
  await page.goto('/#/packages/news/index?newscode=news')
  await expect(page).toHaveURL(/#\/packages\/news\/index\?newscode=news&flag=1$/)
  await page.goto('/#/packages/users/help/index?flag=1')
  await expect(page).toHaveURL(/#\/packages\/users\/help\/index\?flag=1$/)
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(4)
})

test('the tabs switch between home, services and my account', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/#/pages/home/index')
  await expectRoute(page, 'pages/home/index', 'zh-CN')
  const tabs = page.locator('.weui-tabbar__item')
  await expect(tabs).toHaveCount(3)
  await expect(tabs).toHaveText([DICTIONARIES['zh-CN'].tabs.home, DICTIONARIES['zh-CN'].tabs.service, DICTIONARIES['zh-CN'].tabs.userCenter])
  await tabs.nth(1).click()
  await expectRoute(page, 'pages/service/index', 'zh-CN')
  await expect(page).toHaveURL(/#\/pages\/service\/index/)
  await tabs.nth(2).click()
  await expectRoute(page, 'pages/user-center/index', 'zh-CN')
  await tabs.nth(0).click()
  await expectRoute(page, 'pages/home/index', 'zh-CN')
  expect(errors).toEqual([])
})

test('the language page switches everything at once and the choice survives a reload', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/#/pages/user-center/index')
  await expectRoute(page, 'pages/user-center/index', 'zh-CN')
  await page.getByText(titleOf('packages/users/language/index', 'zh-CN'), { exact: true }).click()
  await expectRoute(page, 'packages/users/language/index', 'zh-CN')

  await page.getByTestId('lang-en-US').click()
  await expectRoute(page, 'packages/users/language/index', 'en-US')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  expect(await page.evaluate(() => localStorage.getItem('locale-lang'))).toBe('en-US')

  // the page underneath (my account) switched too
  await page.goBack()
  await expectRoute(page, 'pages/user-center/index', 'en-US')
  await expect(page.locator('.weui-tabbar__item')).toHaveText([
    DICTIONARIES['en-US'].tabs.home,
    DICTIONARIES['en-US'].tabs.service,
    DICTIONARIES['en-US'].tabs.userCenter,
  ])

  await page.reload()
  await expectRoute(page, 'pages/user-center/index', 'en-US')

  // and back to Chinese
  await page.goto('/#/packages/users/language/index')
  await page.getByTestId('lang-zh-CN').click()
  await expectRoute(page, 'packages/users/language/index', 'zh-CN')
  await page.reload()
  await expectRoute(page, 'packages/users/language/index', 'zh-CN')
  expect(errors).toEqual([])
})

test('the gateway refuses an unsigned call with a translated envelope', async ({ page, request }) => {
  await useLocale(page, 'en-US')
  const res = await request.get('/app/user/api/dict/list?type=gender', { headers: { 'accept-language': 'en-US' } })
  expect(res.status()).toBe(ERRORS.SIGNATURE_MISSING.status)
  const body = await res.json()
  expect(body).toMatchObject({
    code: ERRORS.SIGNATURE_MISSING.code,
    errorCode: 'SIGNATURE_MISSING',
    errorMsg: ERRORS.SIGNATURE_MISSING.message['en-US'],
    data: { success: false, data: null },
  })
  const zh = await (await request.get('/app/user/api/dict/list?type=gender', { headers: { 'accept-language': 'zh-CN' } })).json()
  expect(zh.errorMsg).toBe(ERRORS.SIGNATURE_MISSING.message['zh-CN'])
})
