import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { ruleMessage, type ConsoleRole, type Locale } from '@ess/contract'
import { TEXTS } from '../../apps/console/src/i18n'
import { buttonIn, DICTIONARIES, onPage, seriousA11yViolations, signUpByCode, visitor, watchErrors, demoOperator, screenshotIfAsked, type DemoOperator, claimOneTimeCode } from './support'

// The console's content pages (issue 33) at 1280 px, as the operators use them: a content editor
// changes a home banner and saves the draft (no publish button for an editor); a content
// publisher publishes it through the step-up and a visitor's portal at 375 px shows it; an
// article written with the rich-text editor is published and opens in the portal; an agreement
// manager publishes a new privacy policy, the difference shown, and a signed-in employee is asked
// to sign again. axe on every console page; both languages (the editor switches language).

// The three flows share the demo operators, whose TOTP codes are good once each and come from
// claimOneTimeCode (a step to one sign-in only; the gateway takes a code at most one step ahead).
// The two publisher flows run in turn (side by side, the second waited ~30 s for a step of its own);
// the agreement manager's beside them, on the other worker: this project runs after all the other
// specs, and one worker in order left the other idle for a minute of every run. The privacy policy it
// publishes asks signed-in employees to sign again; the publisher flows look at the portal as visitors.
test.describe.configure({ mode: 'parallel' })
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })
const PORTAL_VIEW = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }



/** With SHOTS_DIR set, screenshots of the content pages (docs/screenshots/console-content-*.png). */
const shot = (page: Page, name: string, locale: Locale) => screenshotIfAsked(page, `console-content-${name}`, locale)

/** Types a fresh code into the scope's code inputs and submits it; a refused code (used elsewhere, e.g. a retry's first run) marks the window as used and tries the next. */
async function answerCode(page: Page, operator: DemoOperator, scope: Locator, call: string, submit: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = page.waitForResponse((response) => response.url().endsWith(call))
    const input = scope.locator('.ant-otp input')
    for (let i = (await input.count()) - 1; i >= 0; i--) await input.nth(i).fill('')
    await typeCode(page, await claimOneTimeCode(operator), scope)
    await scope.getByRole('button', { name: submit }).click()
    if ((await answer).ok()) return
  }
}

async function typeCode(page: Page, code: string, scope = page.locator('body')) {
  await scope.locator('.ant-otp input').first().click()
  await page.keyboard.type(code)
}

/** Signs in through the page with password and TOTP (a code not used yet). */
async function signIn(page: Page, locale: Locale, operator: DemoOperator) {
  const t = TEXTS[locale].auth.signIn
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-console-locale')) {
      localStorage.setItem('ess-console-locale', value)
      sessionStorage.setItem('e2e-console-locale', '1')
    }
  }, locale)
  await page.goto('/console/#/sign-in')
  await page.getByLabel(t.email).fill(operator.email)
  await page.getByLabel(t.password).fill(operator.password)
  await page.getByRole('button', { name: t.next }).click()
  await expect(page.getByRole('heading', { name: t.secondFactorTitle })).toBeVisible()
  await answerCode(page, operator, page.locator('body'), '/app/console/auth/totp', t.submit)
  await expect(page.getByRole('heading', { level: 2 })).toContainText(TEXTS[locale].home.welcome.split('{')[0].trim())
}

/** Answers the step-up modal with a code not used yet. */
async function stepUp(page: Page, locale: Locale, operator: DemoOperator) {
  const t = TEXTS[locale].auth.stepUp
  const modal = page.locator('.ant-modal').filter({ hasText: t.title })
  await expect(modal).toBeVisible()
  await answerCode(page, operator, modal, '/app/console/auth/step-up', t.verify)
  await expect(modal).toBeHidden()
}

/**
 * axe on the page at rest: the pointer moved off (a hovered primary button is drawn lighter) and the
 * tooltip it opened gone (seriousA11yViolations itself waits for animations and passing messages).
 */
async function axe(page: Page) {
  await page.mouse.move(1, 799)
  await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0)
  return seriousA11yViolations(page)
}

const menu = (page: Page) => page.locator('.ant-layout-sider .ant-menu')

async function operatorPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

// A real PNG of the repository (the portal's tab icon), uploaded so the gateway sniffs its bytes.
const PNG = readFileSync(resolve(__dirname, '../../apps/portal/src/assets/tabbar/home-active.png'))

test.describe('the content publisher', () => {
  // Both publish through the one demo publisher: four of its codes, two steps' worth, so in turn.
  test.describe.configure({ mode: 'default' })

  test('an editor changes the home banner and saves the draft; a publisher publishes it with the step-up; the portal at 375 px shows it', async ({ page, browser }) => {
    test.setTimeout(240_000)
    const stamp = Date.now().toString(36).slice(-5)
    const titleZh = `冬季福利上线 ${stamp}`
    const titleEn = `Winter benefits are here ${stamp}`

    // The editor works in Chinese.
    const zh = TEXTS['zh-CN']
    const errors = watchErrors(page, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR'])
    const editor = await demoOperator(page, 'content_editor')
    await signIn(page, 'zh-CN', editor)
    await expect(menu(page).getByRole('menuitem')).toHaveText([zh.common.menu.home, zh.content.menu.floors, zh.content.menu.articles, zh.common.menu.security])
    await menu(page).getByRole('menuitem', { name: zh.content.menu.floors }).click()
    await expect(page.getByText(zh.content.floors.pages.homepage).first()).toBeVisible()
    await expect(page.getByText(zh.content.floors.pages.servicegrid).first()).toBeVisible()
    expect(await axe(page)).toEqual([])
    await shot(page, 'floors', 'zh-CN')

    await page.getByTestId('open-homepage').click()
    const banner = page.locator('[data-testid^="floor-"]').filter({ has: page.locator('.ant-tag', { hasText: zh.content.floors.kinds.banner }) }).first()
    await expect(banner).toBeVisible()
    // An editor publishes nothing: no publish, schedule or restore in the page.
    await expect(page.getByRole('button', { name: zh.content.common.publish })).toHaveCount(0)
    await expect(page.getByRole('button', { name: zh.content.common.schedule })).toHaveCount(0)
    await banner.getByTestId('slides-0-title-zh').fill(titleZh)
    await banner.getByTestId('slides-0-title-en').fill(titleEn)
    // The phone preview follows as it is typed.
    await expect(page.getByTestId('phone-preview')).toContainText(titleZh)
    // A link the portal cannot open is refused per field, in the page's language.
    // (The demo home's first slide opens the payslips.)
    const slideLink = banner.getByTestId('slides-0-item-link')
    const before = await slideLink.inputValue()
    await slideLink.fill('http://example.com')
    await expect(banner.getByText(ruleMessage('link.httpsOnly', 'zh-CN'))).toBeVisible()
    await slideLink.fill(before)
    await expect(banner.getByText(ruleMessage('link.httpsOnly', 'zh-CN'))).toHaveCount(0)
    expect(await axe(page)).toEqual([])
    await shot(page, 'floors-editor', 'zh-CN')
    const saved = page.waitForResponse((response) => response.url().endsWith('/app/console/cms/pages/homepage/draft') && response.request().method() === 'PUT')
    await page.getByRole('button', { name: zh.content.common.save }).click()
    expect((await saved).ok()).toBe(true)
    await expect(page.getByText(zh.content.common.saved)).toBeVisible()
    await expect(page.getByText(zh.content.common.draftChanged)).toBeVisible()
    // The version history opens for an editor too (without restore).
    await page.getByRole('button', { name: zh.content.common.versions }).click()
    const drawer = page.locator('.ant-drawer')
    await expect(drawer.locator('.ant-table-row').first()).toBeVisible()
    await expect(drawer.getByRole('button', { name: zh.content.common.restore })).toHaveCount(0)
    expect(await axe(page)).toEqual([])
    await drawer.getByRole('button', { name: /close|关闭/i }).click()
    expect(errors).toEqual([])

    // The publisher works in English.
    const en = TEXTS['en-US']
    const publisherPage = await operatorPage(browser)
    const publisherErrors = watchErrors(publisherPage, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR', 'STEP_UP_REQUIRED'])
    const publisher = await demoOperator(publisherPage, 'content_publisher')
    await signIn(publisherPage, 'en-US', publisher)
    await publisherPage.goto('/console/#/floors/homepage')
    await expect(publisherPage.getByTestId('phone-preview')).toBeVisible()
    await publisherPage.locator('.ant-segmented-item', { hasText: en.content.common.zh }).click()
    await expect(publisherPage.getByTestId('phone-preview')).toContainText(titleZh)
    await shot(publisherPage, 'floors-editor', 'en-US')
    await publisherPage.getByRole('button', { name: en.content.common.publish }).click()
    await publisherPage.locator('.ant-popconfirm').getByRole('button', { name: en.content.floors.publishNow }).click()
    await stepUp(publisherPage, 'en-US', publisher)
    await expect(publisherPage.getByText(en.content.common.published)).toBeVisible()
    await expect(publisherPage.getByText(en.content.common.upToDate)).toBeVisible()
    // The schedule modal: its time in China time.
    await publisherPage.getByRole('button', { name: en.content.common.schedule }).click()
    await expect(publisherPage.locator('.ant-modal').getByText(en.content.common.chinaTime).first()).toBeVisible()
    expect(await axe(publisherPage)).toEqual([])
    await shot(publisherPage, 'floors-schedule', 'en-US')
    await publisherPage.keyboard.press('Escape')
    expect(publisherErrors).toEqual([])

    // A visitor's portal at a phone's width shows the new banner, in each language.
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const context = await browser.newContext(PORTAL_VIEW)
      const portal = await context.newPage()
      await visitor(portal, locale)
      await portal.goto('/#/pages/home/index')
      await expect(onPage(portal, 'pages/home/index').getByTestId('floor-banner')).toContainText(locale === 'en-US' ? titleEn : titleZh)
      await context.close()
    }
    await publisherPage.context().close()
  })

  test('an article written with the rich-text editor is published and opens in the portal', async ({ page, browser }) => {
    test.setTimeout(180_000)
    const locale: Locale = 'en-US'
    const t = TEXTS[locale]
    const stamp = Date.now().toString(36)
    const id = `e2e-article-${stamp}`
    const errors = watchErrors(page, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR', 'STEP_UP_REQUIRED'])
    const publisher = await demoOperator(page, 'content_publisher')
    await signIn(page, locale, publisher)
    await menu(page).getByRole('menuitem', { name: t.content.menu.articles }).click()
    await expect(page.locator('.ant-table-row').first()).toBeVisible()
    expect(await axe(page)).toEqual([])
    await shot(page, 'articles', locale)

    await page.getByRole('button', { name: t.content.articles.create }).click()
    await page.getByLabel(t.content.articles.id).fill(id)
    await page.getByLabel(t.content.articles.category).click()
    await page.locator('.ant-select-item-option').first().click()
    await page.locator('input[type=file]').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.locator('img[alt="' + t.content.articles.cover + '"]')).toBeVisible()
    await page.getByLabel(`${t.content.articles.titleField} · ${t.content.common.zh}`).fill(`测试文章 ${stamp}`)
    await page.getByLabel(`${t.content.articles.titleField} · ${t.content.common.en}`).fill(`A test article ${stamp}`)
    await page.getByLabel(`${t.content.articles.summary} · ${t.content.common.zh}`).fill('由浏览器测试写成的文章。')
    await page.getByLabel(`${t.content.articles.summary} · ${t.content.common.en}`).fill('An article the browser test wrote.')
    // The body with the editor's tools: a heading, bold, a list.
    const bodyZh = page.getByTestId('body-zh')
    await bodyZh.click()
    await page.getByRole('toolbar').first().getByRole('button', { name: `${t.content.articles.toolbar.heading} H2`, exact: true }).click()
    await page.keyboard.type('第一部分')
    await page.keyboard.press('Enter')
    await page.keyboard.type('正文第一段。')
    await page.getByRole('tab', { name: `${t.content.articles.body} · ${t.content.common.en}` }).click()
    const bodyEn = page.getByTestId('body-en')
    await bodyEn.click()
    await page.keyboard.type('Part one')
    await page.getByRole('toolbar').getByRole('button', { name: `${t.content.articles.toolbar.heading} H2`, exact: true }).click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.getByRole('toolbar').getByRole('button', { name: t.content.articles.toolbar.bold }).click()
    await page.keyboard.type('Bold words')
    await page.getByRole('toolbar').getByRole('button', { name: t.content.articles.toolbar.bold }).click()
    await page.keyboard.type(' and the first paragraph.')
    await page.keyboard.press('Enter')
    await page.getByRole('toolbar').getByRole('button', { name: t.content.articles.toolbar.bulletList }).click()
    await page.keyboard.type('One point')
    await expect(bodyEn.locator('h2')).toHaveText('Part one')
    await expect(bodyEn.locator('strong')).toHaveText('Bold words')
    expect(await axe(page)).toEqual([])
    await shot(page, 'article-editor', locale)
    await page.getByRole('button', { name: t.content.common.save }).click()
    await expect(page.getByText(t.content.articles.created)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`#/articles/${id}`))

    // The preview is what the server kept.
    await page.getByRole('button', { name: t.content.common.preview }).click()
    const preview = page.locator('.ant-drawer')
    await expect(preview.locator('h2')).toHaveText('Part one')
    await expect(preview.locator('li')).toHaveText('One point')
    await preview.getByRole('button', { name: /close/i }).click()

    await page.getByRole('button', { name: t.content.common.publish }).click()
    await page.locator('.ant-popconfirm').getByRole('button', { name: t.content.floors.publishNow }).click()
    await stepUp(page, locale, publisher)
    await expect(page.getByText(t.content.common.published)).toBeVisible()
    await expect(page.locator('.ant-tag', { hasText: t.content.articles.states.published })).toBeVisible()
    expect(errors).toEqual([])

    const context = await browser.newContext(PORTAL_VIEW)
    const portal = await context.newPage()
    await visitor(portal, locale)
    await portal.goto(`/#/packages/news/newsDetail?id=${id}`)
    const detail = onPage(portal, 'packages/news/newsDetail')
    await expect(detail).toContainText(`A test article ${stamp}`)
    await expect(detail).toContainText('Bold words and the first paragraph.')
    await expect(detail).toContainText('One point')
    await context.close()
  })
})

test('an agreement manager publishes a new privacy policy with the difference shown; a signed-in employee is asked to sign again', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const locale: Locale = 'zh-CN'
  const t = TEXTS[locale]
  const stamp = Date.now().toString(36)

  // An employee signed in on the portal, who signed the current agreements at sign-up.
  const context = await browser.newContext(PORTAL_VIEW)
  const portal = await context.newPage()
  const portalErrors = watchErrors(portal, ['IMAGE_CAPTCHA_FAILED', 'PRIVACY_REAGREE'])
  await visitor(portal, locale)
  await portal.goto('/#/packages/users/setting/pushSet')
  await signUpByCode(portal, locale)

  const errors = watchErrors(page, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR', 'STEP_UP_REQUIRED'])
  const manager = await demoOperator(page, 'agreement_manager')
  await signIn(page, locale, manager)
  await menu(page).getByRole('menuitem', { name: t.content.menu.agreements }).click()
  const row = page.locator('.ant-table-row').filter({ hasText: 'privacy' })
  await expect(row).toBeVisible()
  await expect(row).toContainText(/\d+/)
  expect(await axe(page)).toEqual([])
  await shot(page, 'agreements', locale)
  await row.getByRole('button', { name: new RegExp(t.content.agreements.editDraft) }).click()

  const body = page.getByTestId('agreement-body-zh')
  await expect(body).not.toHaveValue('')
  const added = `第十条 本政策自 ${stamp} 起适用。`
  await body.fill(`${await body.inputValue()}\n\n${added}\n`)
  await page.getByRole('button', { name: t.content.common.save }).click()
  await expect(page.getByText(t.content.common.saved)).toBeVisible()
  const diff = page.getByTestId('diff').last()
  await expect(diff.locator('[data-diff="added"]').filter({ hasText: added })).toBeVisible()
  await expect(page.locator('.ant-btn-loading')).toHaveCount(0)
  expect(await axe(page)).toEqual([])
  await shot(page, 'agreement-editor', locale)

  // Switched to English for the publish (the console's language switch).
  // A person clicks the select's shown value (it lies over the combobox input).
  await page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: t.common.language }) }).click()
  await page.locator('.ant-select-item-option', { hasText: 'English' }).click()
  const en = TEXTS['en-US']
  await expect(page.getByText(en.content.agreements.modes.resign)).toBeVisible()
  await page.getByLabel(en.content.agreements.versionField).fill(`9.${stamp}`)
  await expect(page.getByText(en.content.agreements.resignWarning.split('{')[0])).toBeVisible()
  await shot(page, 'agreement-editor', 'en-US')
  await page.getByRole('button', { name: en.content.agreements.publishButton }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: en.content.agreements.publishButton }).click()
  await stepUp(page, 'en-US', manager)
  await expect(page.getByText(en.content.agreements.publishedResign)).toBeVisible()
  await expect(page.getByText(`${en.content.agreements.current}: v9.${stamp}`)).toBeVisible()
  expect(errors).toEqual([])

  // The employee's next call answers 430: the portal asks to sign again. A fresh load of My account
  // (by way of a blank page: a reload at once would cut the first load's calls off mid-answer).
  await portal.goto('about:blank')
  await portal.goto('/#/pages/user-center/index')
  await expect(portal.getByText(DICTIONARIES[locale].agreements.updateTitle)).toBeVisible()
  await buttonIn(portal.locator('.confirm-host'), DICTIONARIES[locale].agreements.agree).click()
  await expect(portal.getByText(DICTIONARIES[locale].agreements.signed)).toBeVisible()
  expect(portalErrors).toEqual([])
  await context.close()
})
