import { expect, test, type Page } from '@playwright/test'
import { LOCALES, type Locale } from '@ess/contract'
import { buttonIn, DICTIONARIES, exactly, expectRoute, field, onPage, signUpByCode, useLocale, watchErrors, watchLayoutShifts } from './support'

// Home and services from the CMS in the browser, both languages: floors render; SPEC §4 click
// rules (login first, then real-name with origin=home, then the inner jump reaching the sample
// provider page through a real one-time code); `service` opens the services tab; news → detail;
// pull-down refresh fetches again while a second visit inside 600 s does not.

/** Demo roster employees not used by other browser tests (they share one server). */
const EMPLOYEE: Record<Locale, { name: string; idNo: string; employeeNo: string }> = {
  'zh-CN': { name: '张强', idNo: '440305198501093572', employeeNo: 'HS-0003' },
  'en-US': { name: '陈静', idNo: '330106199304184680', employeeNo: 'HS-0004' },
}

/** Requests of the home page's floors. */
function countFloorReads(page: Page) {
  const counter = { home: 0 }
  page.on('request', (req) => {
    if (req.url().includes('/app/cms/resource/page?pageCode=homepage')) counter.home++
  })
  return counter
}

/** A real drag on the page from y = `from` to y = `to` (touch events through the DevTools protocol). */
async function drag(page: Page, from: number, to: number) {
  const cdp = await page.context().newCDPSession(page)
  const point = (y: number) => [{ x: 180, y }]
  const step = from < to ? 20 : -20
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) })
  for (let y = from + step; step > 0 ? y <= to : y >= to; y += step) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}
/** A pull-down gesture. */
const pullDown = (page: Page) => drag(page, 150, 450)
/** The page on screen (the tab pages behind it stay in the document, shaded). */
const shownPage = (page: Page) => page.locator('.taro_page_stationed:not(.taro_page_shade)')
/** How far the page on screen is scrolled. */
const scrolled = (page: Page) => shownPage(page).evaluate((el) => el.scrollTop)

for (const locale of LOCALES) {
  test(`home floors, click rules, inner jump to the provider page, news (${locale})`, async ({ page }) => {
    test.setTimeout(180_000)
    const t = DICTIONARIES[locale]
    const who = EMPLOYEE[locale]
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    const reads = countFloorReads(page)
    await useLocale(page, locale)
    await page.addInitScript(() => localStorage.setItem('user-agreed-privacy', '1'))

    // Home renders its floors, carried by the page (no read); a second visit inside 600 s reads
    // nothing; pull-down refresh does.
    await page.goto('/#/pages/home/index')
    const home = onPage(page, 'pages/home/index')
    await expect(home.getByTestId('floor-banner')).toBeVisible()
    await expect(home.getByTestId('link-payroll')).toContainText(locale === 'zh-CN' ? '工资条' : 'Payslips')
    await expect(home.getByTestId('floor-news')).toBeVisible()
    await expect(home.getByTestId('floor-float')).toBeVisible()
    expect(reads.home).toBe(0)
    await page.locator('.weui-tabbar__item').nth(1).click()
    await expectRoute(page, 'pages/service/index', locale)
    await page.locator('.weui-tabbar__item').nth(0).click()
    await expectRoute(page, 'pages/home/index', locale)
    expect(reads.home).toBe(0)
    // On a page scrolled down, a downward drag scrolls it back up and refreshes nothing.
    await drag(page, 500, 150)
    await expect.poll(() => scrolled(page)).toBeGreaterThan(50)
    const down = await scrolled(page)
    await drag(page, 150, 350)
    await expect.poll(() => scrolled(page)).toBeLessThan(down)
    await expect(page.locator('.rmc-pull-to-refresh-indicator')).toHaveCount(0)
    await shownPage(page).evaluate((el) => el.scrollTo(0, 0))
    expect(reads.home).toBe(0)
    await pullDown(page)
    await expect.poll(() => reads.home).toBe(1)

    // `service` opens the services tab.
    await home.getByTestId('link-allServices').click()
    await expectRoute(page, 'pages/service/index', locale)
    await page.locator('.weui-tabbar__item').nth(0).click()

    // News list → detail.
    await home.getByTestId('news-more').click()
    await expectRoute(page, 'packages/news/index', locale)
    const firstArticle = onPage(page, 'packages/news/index').locator('[data-testid^="article-"]').first()
    const title = (await firstArticle.locator('.article-list__title').textContent())?.trim() ?? ''
    await firstArticle.click()
    await expectRoute(page, 'packages/news/newsDetail', locale)
    await expect(page.getByTestId('article-title')).toHaveText(title)
    await page.goto('/#/pages/home/index')

    // Logged out, payroll needs login: the login page, then (new account) back to the target,
    // which needs real-name verification: the option page with origin=home.
    await home.getByTestId('link-payroll').click()
    await signUpByCode(page, locale)
    await expectRoute(page, 'packages/auth/realNameAuthOption', locale)
    expect(page.url()).toContain('origin=home')

    // Verify by ID number; Continue resumes the jump: the sample provider page, signed in.
    await onPage(page, 'packages/auth/realNameAuthOption').getByTestId('option-id-number').click()
    const form = onPage(page, 'packages/auth/idNumberAuthentication')
    await field(form, t.realName.namePlaceholder).fill(who.name)
    await field(form, t.realName.idNoPlaceholder).fill(who.idNo)
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/success', locale)
    await buttonIn(onPage(page, 'packages/users/identity/success'), t.realName.continue).click()
    await expect(page.getByTestId('sample-signed-in')).toBeVisible()
    await expect(page.getByTestId('sample-banner')).toContainText(locale === 'zh-CN' ? '示例服务商页面' : 'Sample provider page')
    await expect(page.getByTestId('sample-employee-no')).toContainText(who.employeeNo)
    await expect(page.getByTestId('sample-dest')).toContainText('payment')
    const url = new URL(page.url())
    expect(url.pathname).toBe('/sample-provider/loginByCodeAndRedirect')
    expect(url.searchParams.get('lang')).toBe(locale)
    expect(url.searchParams.get('source')).toBe('h5')
    // The code was single use: reloading the provider page shows the refusal.
    await page.reload()
    await expect(page.getByTestId('sample-failed')).toBeVisible()

    // A certified tap from home goes straight there (after the 5 s auto-jump guard).
    await page.goto('/#/pages/home/index')
    await page.waitForTimeout(5200)
    await home.getByTestId('link-socialInsurance').click()
    await expect(page.getByTestId('sample-dest')).toContainText('insurance')

    expect(errors).toEqual([])
  })
}

for (const locale of LOCALES) {
  test(`a first-time visitor sees the public content before answering the consent, and after declining (${locale})`, async ({ page }) => {
    const errors = watchErrors(page, ['ARTICLE_NOT_FOUND'])
    const layoutShifts = await watchLayoutShifts(page)
    await useLocale(page, locale)
    await page.goto('/#/pages/home/index')
    const home = onPage(page, 'pages/home/index')
    // Floors load while the first-launch question is still open: they carry nothing personal.
    await expect(home.getByTestId('privacy-consent')).toBeVisible()
    await expect(home.getByTestId('floor-banner')).toBeVisible()
    await expect(home.getByTestId('floor-news')).toBeVisible()
    // Nothing moved while the page, the tab bar and the consent panel with its links came in.
    await expect(home.getByTestId('consent-agreement-link')).toHaveCount(2)
    expect(await layoutShifts()).toEqual([])
    await home.getByTestId('consent-disagree').click()
    await expect(page.getByTestId('privacy-consent')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('user-agreed-privacy'))).toBe('0')
    // Declined: still a visitor who browses the news.
    await home.getByTestId('floor-news').locator('.floor-news__item').first().click()
    await expectRoute(page, 'packages/news/newsDetail', locale)
    await expect(page.getByTestId('article-title')).not.toBeEmpty()
    // An article that is not there says so, with a way back.
    await page.goto('/#/packages/news/newsDetail?id=withdrawn-article')
    const missing = onPage(page, 'packages/news/newsDetail').getByTestId('article-missing')
    await expect(missing).toContainText(DICTIONARIES[locale].cms.articleMissing)
    await missing.locator('.taro-button-core').first().click()
    await expectRoute(page, 'pages/home/index', locale)
    expect(errors).toEqual([])
  })
}
