import { expect, test, type Browser, type Page } from '@playwright/test'
import type { Locale } from '@ess/contract'
import { TEXTS } from '../../apps/console/src/i18n'
import { agreedPrivacy, buttonIn, DICTIONARIES, expectRoute, field, forgetSession, newPassword, newPhone, onPage, registerWithPassword, seriousA11yViolations, solveSlider, typeOneTimeCode, watchErrors, screenshotIfAsked, demoOperator, claimOneTimeCode } from './support'

// The support look-up (issue 34) at 1280 px: an employee locks their account with wrong passwords
// in the portal; the demo support agent finds it by phone, unlocks it with a reason, and the
// employee signs in. The support pages in both languages, with axe-core.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

/** axe on the page as it rests (the pointer off any button: a hovered button is a passing state). */
async function axe(page: Page) {
  await page.mouse.move(1, 1)
  await page.waitForTimeout(300)
  return seriousA11yViolations(page)
}

const shot = (page: Page, name: string, locale: Locale) => screenshotIfAsked(page, `console-${name}`, locale, { fullPage: true })

/** The portal on a phone, in its own browser context. */
async function phone(browser: Browser, baseURL: string | undefined, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await agreedPrivacy(page, locale)
  return page
}

/** One password sign-in try from the portal's login page (slider dragged). */
async function tryPassword(page: Page, locale: Locale, account: string, password: string) {
  const t = DICTIONARIES[locale]
  await page.goto('/#/packages/login/login-type/index')
  const login = onPage(page, 'packages/login/login-type/index')
  await expectRoute(page, 'packages/login/login-type/index', locale)
  await field(login, t.auth.accountPlaceholder).fill(account)
  await field(login, t.auth.passwordPlaceholder).fill(password)
  await login.getByTestId('agree').click()
  const answer = page.waitForResponse((response) => response.url().includes('/login/loginByAccount'))
  await buttonIn(login, t.auth.login).click()
  await solveSlider(page)
  return (await answer).json() as Promise<{ code: number; errorCode?: string }>
}


async function signInSupport(page: Page, locale: Locale) {
  const operator = await demoOperator(page, 'support_agent')
  const t = TEXTS[locale].auth.signIn
  await page.addInitScript((value) => localStorage.setItem('ess-console-locale', value), locale)
  await page.goto('/console/#/sign-in')
  await page.getByLabel(t.email).fill(operator.email)
  await page.getByLabel(t.password).fill(operator.password)
  await page.getByRole('button', { name: t.next }).click()
  await expect(page.getByRole('heading', { name: t.secondFactorTitle })).toBeVisible()
  for (let attempt = 0; attempt < 2; attempt++) {
    const code = await claimOneTimeCode(operator)
    const done = page.waitForResponse((response) => response.url().endsWith('/app/console/auth/totp'))
    await typeOneTimeCode(page, code)
    await page.getByRole('button', { name: t.submit }).click()
    if ((await done).ok()) break
  }
  await expect(page.getByRole('heading', { level: 2 })).toContainText(TEXTS[locale].home.welcome.split('{')[0].trim())
}

test('a support agent finds a locked-out employee by phone and unlocks them; the employee signs in (zh-CN, then the pages in en-US)', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000)
  const locale: Locale = 'zh-CN'
  const portal = await phone(browser, baseURL, locale)
  const portalErrors = watchErrors(portal, ['IMAGE_CAPTCHA_FAILED', 'WRONG_CREDENTIALS', 'ACCOUNT_LOCKED'])
  const mobile = newPhone()
  const password = newPassword('Sup')
  await registerWithPassword(portal, locale, { phone: mobile }, password)
  await forgetSession(portal)
  // Five wrong passwords lock the account; the right one is then refused too.
  let last = { code: 0 } as { code: number; errorCode?: string }
  for (let i = 0; i < 5; i++) last = await tryPassword(portal, locale, mobile, 'Wrong-pass-123')
  expect(last.errorCode).toBe('ACCOUNT_LOCKED')
  expect((await tryPassword(portal, locale, mobile, password)).errorCode).toBe('ACCOUNT_LOCKED')

  // The support agent finds the account by phone: masked, locked.
  const errors = watchErrors(page, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR'])
  await signInSupport(page, locale)
  const t = TEXTS[locale].support
  await page.locator('.ant-layout-sider .ant-menu').getByText(TEXTS[locale].common.menu.support).click()
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible()
  await page.getByLabel(t.search.value).fill(mobile)
  await page.getByRole('button', { name: TEXTS[locale].common.actions.search }).click()
  const row = page.locator('.ant-table-row').first()
  await expect(row).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
  await expect(row).toContainText(t.state.locked)
  await expect(page.locator('body')).not.toContainText(mobile)
  await shot(page, 'support-search', locale)
  expect(await axe(page)).toEqual([])

  await row.click()
  await expect(page.getByTestId('support-lock')).toContainText(t.detail.lockedUntil.split('{')[0].trim())
  await expect(page.locator('.ant-table')).not.toHaveCount(0)
  expect(await axe(page)).toEqual([])
  await shot(page, 'support-account', locale)

  // Unlock, with a reason (required).
  await page.getByRole('button', { name: t.actions.unlock }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(t.actions.explain.unlock)
  await dialog.getByRole('button', { name: t.actions.confirm.unlock }).click()
  await expect(dialog).toContainText(t.actions.reasonRequired)
  await dialog.getByLabel(t.actions.reason).fill('来电核实身份后解锁（工单 4711）')
  await dialog.getByRole('button', { name: t.actions.confirm.unlock }).click()
  await expect(page.getByText(t.actions.done.unlock)).toBeVisible()
  await expect(page.getByTestId('support-lock')).toContainText(t.state.notLocked)

  // The employee signs in.
  expect((await tryPassword(portal, locale, mobile, password)).code).toBe(200)
  await expectRoute(portal, 'pages/home/index', locale)

  // The same pages in English.
  const en: Locale = 'en-US'
  const te = TEXTS[en].support
  await page.evaluate((value) => localStorage.setItem('ess-console-locale', value), en)
  await page.addInitScript((value) => localStorage.setItem('ess-console-locale', value), en)
  await page.reload()
  await expect(page.getByTestId('support-lock')).toContainText(te.state.notLocked)
  await expect(page.getByText(te.detail.history)).toBeVisible()
  await expect(page.getByRole('button', { name: te.actions.disable })).toBeVisible()
  expect(await axe(page)).toEqual([])
  await shot(page, 'support-account', en)
  await page.goto('/console/#/support')
  await expect(page.getByRole('heading', { name: te.title })).toBeVisible()
  // antd's Select: its shown value covers the input the label names, so the box is clicked.
  await page.locator('form .ant-select').first().click()
  await page.getByTitle(te.search.byOptions.employee).click()
  await expect(page.getByLabel(te.search.companyCode)).toBeVisible()
  expect(await axe(page)).toEqual([])
  await shot(page, 'support-search', en)

  expect(errors).toEqual([])
  expect(portalErrors).toEqual([])
  await portal.context().close()
})
