import { expect, test, type Page } from '@playwright/test'
import type { Locale } from '@ess/contract'
import { DICTIONARIES, expectRoute, onPage, signUpByCode, visitor, watchErrors, screenshotIfAsked } from './support'

// Help center, customer service and the notices inbox (issue 16).

const LOCALES: Locale[] = ['zh-CN', 'en-US']
const SEARCH: Record<Locale, { query: string; question: string }> = {
  'zh-CN': { query: '忘记 密码', question: '忘记密码怎么办？' },
  'en-US': { query: 'forgot PASSWORD', question: 'I forgot my password. What can I do?' },
}

/** With SHOTS_DIR set, screenshots of each screen on the way (375 px, both languages), to look at. */
const shot = (page: Page, name: string, locale: Locale) => screenshotIfAsked(page, `${name}`, locale, { settleMs: 500 })

for (const locale of LOCALES) {
  const t = DICTIONARIES[locale]

  test(`search the help center, open an answer and vote it helpful (${locale})`, async ({ page }) => {
    const errors = watchErrors(page)
    await visitor(page, locale)
    // My account → help center.
    await page.goto('/#/pages/user-center/index')
    await onPage(page, 'pages/user-center/index').getByTestId('entry-help').click()
    const route = 'packages/users/help/index'
    await expectRoute(page, route, locale)
    const help = onPage(page, route)
    await expect(help.getByTestId('topic-help-account')).toBeVisible()
    await shot(page, 'help-center', locale)
    await help.getByTestId('help-search').fill(SEARCH[locale].query)
    await expect(help.getByTestId('help-results')).toBeVisible()
    await shot(page, 'help-search', locale)
    await help.getByTestId('question-help-forgot-password').click()

    const more = 'packages/users/help/more'
    await expectRoute(page, more, locale)
    const answer = onPage(page, more)
    await expect(answer.getByTestId('help-question')).toHaveText(SEARCH[locale].question)
    const helpful = answer.getByTestId('vote-helpful')
    await expect(helpful).toHaveAttribute('aria-pressed', 'false')
    await helpful.click()
    await expect(page.getByText(t.help.help.thanks).first()).toBeVisible()
    await expect(helpful).toHaveAttribute('aria-pressed', 'true')
    await shot(page, 'help-answer', locale)
    // Kept by the server for this device: still there after a reload, and changeable.
    await page.reload()
    await expectRoute(page, more, locale)
    await expect(onPage(page, more).getByTestId('vote-helpful')).toHaveAttribute('aria-pressed', 'true')
    await onPage(page, more).getByTestId('vote-not-helpful').click()
    await expect(onPage(page, more).getByTestId('vote-not-helpful')).toHaveAttribute('aria-pressed', 'true')
    await expect(onPage(page, more).getByTestId('vote-helpful')).toHaveAttribute('aria-pressed', 'false')

    // A topic's full list.
    await page.goto(`/#/${route}`)
    await onPage(page, route).getByTestId('topic-help-pay').click()
    await expectRoute(page, more, locale)
    await expect(onPage(page, more).getByTestId('question-help-payslip-missing')).toBeVisible()
    await shot(page, 'help-topic', locale)
    expect(errors).toEqual([])
  })

  test(`open the customer-service hub, its regional desks, and the assistant entry asks a visitor to sign in (${locale})`, async ({ page }) => {
    const errors = watchErrors(page)
    await visitor(page, locale)
    await page.goto('/#/pages/user-center/index')
    await onPage(page, 'pages/user-center/index').getByTestId('entry-customerService').click()
    const route = 'packages/users/service/index'
    await expectRoute(page, route, locale)
    const hub = onPage(page, route)
    await expect(hub.getByTestId('hotline-number')).toHaveText('400-820-6688')
    await shot(page, 'service-hub', locale)
    await hub.getByTestId('service-regions').click()
    await expectRoute(page, 'packages/users/service/header', locale)
    await expect(onPage(page, 'packages/users/service/header').getByTestId('region-east')).toContainText('021-6288-5100')
    await shot(page, 'service-regions', locale)
    await page.goBack()
    await expectRoute(page, route, locale)
    // The AI assistant needs a signed-in user (assistant.spec.ts chats): a visitor signs in first.
    await onPage(page, route).getByTestId('service-assistant').click()
    await expectRoute(page, 'packages/login/login-type/index', locale)
    expect(errors).toEqual([])
  })

  test(`see the notice badge, open the inbox, read a notice and the badge clears (${locale})`, async ({ page }) => {
    test.setTimeout(150_000)
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    await visitor(page, locale)
    // A visitor's inbox asks to log in.
    await page.goto('/#/packages/users/notices/index')
    await expect(onPage(page, 'packages/users/notices/index').getByTestId('notices-login')).toBeVisible()
    await page.goto('/#/pages/user-center/index')
    const uc = onPage(page, 'pages/user-center/index')
    await expect(uc.getByTestId('notice-badge')).toHaveCount(0)
    await uc.getByTestId('login-register').click()
    await signUpByCode(page, locale)
    await expectRoute(page, 'pages/user-center/index', locale)
    // The seeded "salary paid" notice is unread.
    await expect(uc.getByTestId('notice-badge')).toHaveText('1')
    await shot(page, 'my-account-badge', locale)
    await uc.getByTestId('entry-notices').click()
    const route = 'packages/users/notices/index'
    await expectRoute(page, route, locale)
    const inbox = onPage(page, route)
    const notice = inbox.locator('[data-testid^="notice-"][data-read]').first()
    await expect(notice).toHaveAttribute('data-read', '0')
    await expect(notice).toContainText(locale === 'zh-CN' ? '本月工资已发放' : "This month's salary has been paid")
    await expect(inbox.getByTestId('notices-unread')).toHaveText(locale === 'zh-CN' ? '1条未读' : '1 unread')
    await shot(page, 'notices-unread', locale)
    await notice.click()
    await expect(notice).toHaveAttribute('data-read', '1')
    await expect(inbox.getByTestId('notices-unread')).toHaveText(locale === 'zh-CN' ? '0条未读' : '0 unread')
    await shot(page, 'notices-read', locale)
    await page.goBack()
    await expectRoute(page, 'pages/user-center/index', locale)
    await expect(uc.getByTestId('notice-badge')).toHaveCount(0)
    expect(errors).toEqual([])
  })
}
