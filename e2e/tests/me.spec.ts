import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import type { Locale, RoutePath } from '@ess/contract'
import { buttonIn, DICTIONARIES, expectRoute, onPage, signUpByCode, visitor, watchErrors } from './support'

// Personal center: display settings, push settings, the privacy summary and my data.

const LOCALES: Locale[] = ['zh-CN', 'en-US']
const primaryColour = (page: Page) => page.locator('.ess-root').evaluate((el) => getComputedStyle(el).getPropertyValue('--nutui-color-primary').trim())

/**
 * Real-name verification by ID number (demo roster people not used by the other specs). A person
 * links to one account only, so CI's retry of a test verifies with a spare person.
 */
const EMPLOYEES: Record<Locale, Array<{ name: string; idNo: string }>> = {
  'zh-CN': [
    { name: '刘洋', idNo: '510107199006015790' },
    { name: '赵敏', idNo: '320102198711286826' },
  ],
  'en-US': [
    { name: '吴昊', idNo: '440106198905279117' },
    { name: '郑丽', idNo: '420102199408300240' },
  ],
}

for (const locale of LOCALES) {
  const t = DICTIONARIES[locale]

  test(`change the theme colour and keep it after a reload (${locale})`, async ({ page }) => {
    const errors = watchErrors(page)
    await visitor(page, locale)
    const route = 'packages/user-center/settings/config/index'
    await page.goto(`/#/${route}`)
    await expectRoute(page, route, locale)
    const screen = onPage(page, route)
    await screen.getByTestId('swatch-0f9d58').click()
    // The green preset is darkened just enough for white text on it (legibleBrand: 4.5:1).
    await expect.poll(() => primaryColour(page)).toBe('#0d874c')
    await screen.locator('input').first().fill('#12')
    await buttonIn(screen, t.me.display.apply).click()
    await expect(screen.getByTestId('color-error')).toHaveText(locale === 'zh-CN' ? '请输入3位或6位十六进制颜色值' : 'Please enter a colour of 3 or 6 hex digits')
    await expect.poll(() => primaryColour(page)).toBe('#0d874c')
    await screen.locator('input').first().fill('C25')
    await buttonIn(screen, t.me.display.apply).click()
    await expect.poll(() => primaryColour(page)).toBe('#cc2255')
    await screen.getByTestId('size-large').click()
    await page.reload()
    await expectRoute(page, route, locale)
    await expect.poll(() => primaryColour(page)).toBe('#cc2255')
    await expect(onPage(page, route).getByTestId('size-large')).toHaveAttribute('aria-checked', 'true')
    expect(errors).toEqual([])
  })

  test(`switch a push notice off and on (${locale})`, async ({ page }) => {
    test.setTimeout(150_000)
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    await visitor(page, locale)
    const route = 'packages/users/setting/pushSet'
    // A visitor is sent to login and comes back.
    await page.goto(`/#/${route}`)
    await signUpByCode(page, locale)
    await expectRoute(page, route, locale)
    const toggle = onPage(page, route).getByTestId('push-switch-examReport')
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByText(t.me.push.off).first()).toBeVisible()
    await page.reload()
    await expectRoute(page, route, locale)
    await expect(onPage(page, route).getByTestId('push-switch-examReport')).toHaveAttribute('aria-checked', 'false')
    await expect(onPage(page, route).getByTestId('push-switch-salary')).toHaveAttribute('aria-checked', 'true')
    await onPage(page, route).getByTestId('push-switch-examReport').click()
    await expect(onPage(page, route).getByTestId('push-switch-examReport')).toHaveAttribute('aria-checked', 'true')
    expect(errors).toEqual([])
  })

  test(`see what was collected after registering and verifying, and download my data (${locale})`, async ({ page }) => {
    test.setTimeout(180_000)
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    const employee = EMPLOYEES[locale][Math.min(test.info().retry, 1)]
    await visitor(page, locale)
    const route = 'packages/users/setting/privacyList'
    // Within two taps of My account: settings → privacy.
    await page.goto('/#/pages/user-center/index')
    await onPage(page, 'pages/user-center/index').getByTestId('entry-settings').click()
    await onPage(page, 'packages/users/setting/index').getByTestId('setting-privacy').click()
    await expectRoute(page, route, locale)
    await expect(onPage(page, route).getByText(t.me.privacy.loginFirst)).toBeVisible()
    await onPage(page, route).getByTestId('open-third-party').click()
    await expectRoute(page, 'packages/users/setting/thirdInfoList', locale)
    await expect(page.getByTestId('third-party-legacyUserCenter')).toBeVisible()
    // The app's own Back (the browser's Back left a blank page now and then in full-suite runs).
    await onPage(page, 'packages/users/setting/thirdInfoList').getByTestId('nav-back').click()
    await expectRoute(page, route, locale)
    await onPage(page, route).getByTestId('privacy-login').click()
    const phone = await signUpByCode(page, locale)
    await expectRoute(page, route, locale)

    // Real-name verification, then back to the summary.
    await page.goto('/#/packages/auth/idNumberAuthentication')
    const form = onPage(page, 'packages/auth/idNumberAuthentication')
    await form.locator(`input[placeholder="${t.realName.namePlaceholder}"]`).fill(employee.name)
    await form.locator(`input[placeholder="${t.realName.idNoPlaceholder}"]`).fill(employee.idNo)
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/success', locale)
    await page.goto(`/#/${route}`)
    const summary = onPage(page, route)
    const once = locale === 'zh-CN' ? '1次' : '1×'
    await expect(summary.getByTestId('count-phone')).toHaveText(once)
    await expect(summary.getByTestId('count-name')).toHaveText(once)
    await expect(summary.getByTestId('count-idNumber')).toHaveText(once)
    await expect(summary.getByTestId('count-deviceId')).not.toHaveText(t.me.privacy.notCollected)
    await expect(summary.getByTestId('count-bankCard')).toHaveText(t.me.privacy.notCollected)
    await summary.getByTestId('period-1y').click()
    await expect(summary.getByTestId('count-phone')).toHaveText(once)
    await summary.getByTestId('privacy-idNumber').click()
    await expectRoute(page, 'packages/users/setting/singleList', locale)
    await expect(page.getByTestId('privacy-record').first()).toContainText(employee.idNo.slice(-4))
    await onPage(page, 'packages/users/setting/singleList').getByTestId('nav-back').click()
    await expectRoute(page, route, locale)

    // My data: a JSON copy through the one-time link.
    const downloaded = page.waitForEvent('download')
    await onPage(page, route).getByTestId('download-json').click()
    const file = await downloaded
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/)
    const data = JSON.parse(await readFile((await file.path())!, 'utf8'))
    expect(data.account.phone).toBe(`+86${phone}`)
    expect(data.collections.map((row: { type: string }) => row.type)).toEqual(expect.arrayContaining(['phone', 'name', 'idNumber']))
    expect(errors).toEqual([])
  })
}
