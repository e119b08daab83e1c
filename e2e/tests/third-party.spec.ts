import { expect, test, type Page } from '@playwright/test'
import type { Locale } from '@ess/contract'
import {
  DICTIONARIES,
  agreedPrivacy,
  buttonIn,
  expectRoute,
  field,
  forgetSession,
  newPassword,
  newPhone,
  onPage,
  registerWithPassword,
  verifyWithPassword,
  solveSlider,
  watchErrors,
} from './support'

// Third-party accounts in the browser (issue 15), through the providers' local stand-in that the
// gateway serves under /dev/oauth: the whole redirect dance, as with the real providers.
// IDENTITY_CHECK_REQUIRED: the binding list asks for the identity check on the first try (toasted).
const ALLOWED = ['IMAGE_CAPTCHA_FAILED', 'IDENTITY_CHECK_REQUIRED']

/** At the provider's page (the stand-in): picks a demo identity; the browser comes back to the portal. */
async function atProvider(page: Page, identity: string) {
  await page.waitForURL(/\/dev\/oauth\/interaction\//)
  await page.getByTestId(`oauth-identity-${identity}`).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/dev/oauth'))
}

test('bind a WeChat account from account security, log in with it, unbind it (zh-CN)', async ({ page }) => {
  test.setTimeout(120_000)
  const locale: Locale = 'zh-CN'
  const t = DICTIONARIES[locale]
  const tp = t.thirdParty
  const errors = watchErrors(page, ALLOWED)
  await agreedPrivacy(page, locale)
  const password = newPassword('Tp')
  await registerWithPassword(page, locale, { phone: newPhone() }, password)

  await page.goto('/#/packages/users/account/index')
  await onPage(page, 'packages/users/account/index').getByTestId('account-third-party').click()
  const list = onPage(page, 'packages/safety/thirdParty')
  await expectRoute(page, 'packages/safety/thirdParty', locale)
  await expect(list.getByTestId('binding-wechat')).toContainText(tp.notBound)

  // Binding asks for the identity check first, then goes to the provider and comes back bound.
  await list.getByTestId('bind-wechat').click()
  await verifyWithPassword(page, locale, password)
  await expectRoute(page, 'packages/safety/thirdParty', locale)
  await list.getByTestId('bind-wechat').click()
  await atProvider(page, 'li-na')
  await expectRoute(page, 'packages/safety/thirdParty', locale)
  await expect(page.getByText(tp.bound, { exact: true })).toBeVisible()
  await expect(list.getByTestId('binding-wechat')).toHaveAttribute('data-bound', 'yes')
  await expect(list.getByTestId('binding-wechat')).toContainText('李*')
  expect(page.url()).not.toContain('oauthTicket')

  // Logged out, the WeChat account logs in.
  await forgetSession(page)
  await page.goto('/#/packages/login/login-type/index')
  const login = onPage(page, 'packages/login/login-type/index')
  await expectRoute(page, 'packages/login/login-type/index', locale)
  await expect(login.getByTestId('third-party-login')).toContainText(tp.otherWays)
  await login.getByTestId('login-with-wechat').click()
  await atProvider(page, 'li-na')
  await expect(page.getByText(t.auth.loggedIn, { exact: true })).toBeAttached()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

  // Unbinding: the SPEC's sentence, a new identity check (a new login), and WeChat no longer logs in.
  await page.goto('/#/packages/safety/thirdParty')
  await expectRoute(page, 'packages/safety/thirdParty', locale)
  await list.getByTestId('unbind-wechat').click()
  await expect(page.locator('.confirm-host')).toContainText('解绑微信后，将无法再使用微信登录此账号')
  await buttonIn(page.locator('.confirm-host'), tp.unbind).click()
  await verifyWithPassword(page, locale, password)
  await expectRoute(page, 'packages/safety/thirdParty', locale)
  await list.getByTestId('unbind-wechat').click()
  await buttonIn(page.locator('.confirm-host'), tp.unbind).click()
  await expect(page.getByText(tp.unbound, { exact: true })).toBeVisible()
  await expect(list.getByTestId('binding-wechat')).toHaveAttribute('data-bound', 'no')
  expect(errors).toEqual([])
})

test('log in with a QQ account nobody has bound, bind it to an existing account by its password (en-US)', async ({ page }) => {
  test.setTimeout(120_000)
  const locale: Locale = 'en-US'
  const t = DICTIONARIES[locale]
  const tp = t.thirdParty
  const errors = watchErrors(page, ALLOWED)
  await agreedPrivacy(page, locale)
  const phone = newPhone()
  const password = newPassword('Qq')
  await registerWithPassword(page, locale, { phone }, password)
  await forgetSession(page)

  await page.goto('/#/packages/login/login-type/index')
  const login = onPage(page, 'packages/login/login-type/index')
  await login.getByTestId('login-with-qq').click()
  await atProvider(page, 'wang-lei')
  const panel = login.getByTestId('bind-panel')
  await expect(panel).toContainText('Bind your QQ account')
  await expect(panel).toContainText('"王*"')
  await field(panel, t.auth.accountPlaceholder).fill(phone)
  await field(panel, t.auth.passwordPlaceholder).fill(password)
  await panel.getByTestId('agree').click()
  await buttonIn(panel, tp.bindSubmit).click()
  await solveSlider(page)
  await expectRoute(page, 'pages/home/index', locale)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

  // From now on QQ logs this account in directly.
  await forgetSession(page)
  await page.goto('/#/packages/login/login-type/index')
  await login.getByTestId('login-with-qq').click()
  await atProvider(page, 'wang-lei')
  await expect(page.getByText(t.auth.loggedIn, { exact: true })).toBeAttached()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
  expect(errors).toEqual([])
})
