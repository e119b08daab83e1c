import { expect, test, type Page } from '@playwright/test'
import type { Locale } from '@ess/contract'
import { buttonIn, DICTIONARIES, exactly, expectRoute, field, onPage, readCode, solveSlider, useLocale, watchErrors } from './support'

// Registration by email, a second login on another device, and "sign out of all devices" from
// account security ending both sessions.

async function agreedPrivacy(page: Page, locale: Locale) {
  await useLocale(page, locale)
  await page.addInitScript(() => localStorage.setItem('user-agreed-privacy', '1'))
}

const locale: Locale = 'zh-CN'
const t = DICTIONARIES[locale]

test(`register by email, sign in on a second device, sign out of all devices (${locale})`, async ({ page, browser }) => {
  test.setTimeout(200_000)
  const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
  await agreedPrivacy(page, locale)
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e4)}@Example.com`
  const password = `Mail${Math.floor(Math.random() * 1e6)}pw`

  await page.goto('/#/packages/login/register/index')
  const reg = onPage(page, 'packages/login/register/index')
  await expectRoute(page, 'packages/login/register/index', locale)
  await reg.getByTestId('tab-email').click()
  await field(reg, t.auth.emailPlaceholder).fill(email)
  await reg.getByTestId('get-code').click()
  await solveSlider(page)
  await expect(reg.getByTestId('get-code')).toContainText(/\d+/)
  const code = await readCode(page, email.toLowerCase())
  await field(reg, t.auth.codePlaceholder).fill(code)
  await field(reg, t.auth.passwordNew).fill(password)
  await field(reg, t.auth.confirmPassword).fill('Different1')
  await reg.getByTestId('agree').click()
  await buttonIn(reg, t.auth.submitRegister).click()
  await expect(reg.getByText('两次输入的密码不一致')).toBeVisible()
  await field(reg, t.auth.confirmPassword).fill(password)
  await buttonIn(reg, t.auth.submitRegister).click()
  await expectRoute(page, 'pages/home/index', locale)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

  // A second device logs in with the email (any case) and the password.
  const other = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  const second = await other.newPage()
  await agreedPrivacy(second, locale)
  await second.goto('/#/packages/login/login-type/index')
  const login = onPage(second, 'packages/login/login-type/index')
  await field(login, t.auth.accountPlaceholder).fill(email.toUpperCase())
  await field(login, t.auth.passwordPlaceholder).fill(password)
  await login.getByTestId('agree').click()
  await buttonIn(login, t.auth.login).click()
  await solveSlider(second)
  await expectRoute(second, 'pages/home/index', locale)

  // Account security on the first device: the email is shown masked; sign out of all devices.
  await page.goto('/#/packages/users/account/index')
  const account = onPage(page, 'packages/users/account/index')
  await expect(account.getByTestId('account-email')).toContainText('e***@example.com')
  await account.getByTestId('sign-out-all').click()
  await buttonIn(page.locator('.confirm-host'), t.common.confirm).click()
  await expectRoute(page, 'pages/user-center/index', locale)
  await expect(onPage(page, 'pages/user-center/index').getByTestId('login-register')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

  // The second device's session is gone too: its next call answers 401, refreshing fails, and
  // it is sent to login.
  await second.goto('/#/pages/user-center/index')
  await expectRoute(second, 'packages/login/login-type/index', locale)
  expect(await second.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await other.close()

  expect(errors).toEqual([])
})
