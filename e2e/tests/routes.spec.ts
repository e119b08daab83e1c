import { expect, test } from '@playwright/test'
import { LOCALES, ROUTES } from '@ess/contract'
import { REDIRECTED, REDIRECTED_SIGNED_IN } from './redirects'
import { expectRoute, seriousA11yViolations, signInVerified, useLocale, visitor, watchErrors } from './support'

/** Routes per visitor test: each test walks its share in one page, as a person opening links would. */
const ROUTES_PER_WALK = 9

// SPEC §2: every route opens by its hash URL, in both languages, with no console error; and
// (issue 18) no serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA).
for (const locale of LOCALES) {
  // A signed-in, real-name-verified user: one test walking all the routes in one page. Declared
  // first: the longest test of the suite starts early instead of running on alone at its end.
  test(`all ${ROUTES.length} routes signed in and verified, accessible (${locale})`, async ({ page }) => {
    test.setTimeout(600_000)
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    await signInVerified(page, locale)
    const found: string[] = []
    for (const route of ROUTES) {
      // A fresh load per route, as a link opened from outside would be.
      await page.goto('about:blank')
      await page.goto(`/#/${route}`)
      await expectRoute(page, REDIRECTED_SIGNED_IN[route] ?? route, locale)
      if (REDIRECTED_SIGNED_IN[route]) continue // that page is checked under its own route
      for (const violation of await seriousA11yViolations(page)) found.push(`${route}: ${violation}`)
    }
    expect(found).toEqual([])
    expect(errors).toEqual([])
  })

  // A visitor: the routes in walks of ROUTES_PER_WALK, each route a fresh load of its hash URL (a
  // step named by the route, so a failure names it). One test per route cost a new browser context
  // and a cold cache each: about twice the time per route of a walk (2026-11-25).
  test.describe(`all ${ROUTES.length} routes in ${locale}`, () => {
    for (let first = 0; first < ROUTES.length; first += ROUTES_PER_WALK) {
      const routes = ROUTES.slice(first, first + ROUTES_PER_WALK)
      test(`routes ${first + 1}–${first + routes.length}: ${routes[0]} … ${routes[routes.length - 1]}`, async ({ page }) => {
        test.setTimeout(routes.length * 30_000)
        const errors = watchErrors(page)
        await useLocale(page, locale)
        for (const route of routes) {
          await test.step(route, async () => {
            const before = errors.length
            await page.goto('about:blank')
            await page.goto(`/#/${route}`)
            await expectRoute(page, REDIRECTED[route] ?? route, locale)
            await expect(page.locator('html')).toHaveAttribute('lang', locale)
            // A route a visitor is sent away from shows another route's page, checked by that route's own step.
            if (!REDIRECTED[route]) expect(await seriousA11yViolations(page)).toEqual([])
            expect(errors.slice(before)).toEqual([])
          })
        }
      })
    }
  })

  // The web view's page (issue 37: Lighthouse's `frame-title`): an agreement opened from the sign-in
  // page shows in a frame whose title names whose page it is; axe checks the page with its frame.
  test(`an agreement opens in the web view, in a titled frame (${locale})`, async ({ page }) => {
    const errors = watchErrors(page)
    await visitor(page, locale)
    await page.goto('/#/pages/login/index')
    await page.getByTestId('agreement-link').first().click()
    await expectRoute(page, 'packages/webview/index', locale)
    const frame = page.getByTestId('webview')
    await expect(frame).toHaveAttribute('title', locale === 'en-US' ? 'Web page of Employee Services' : '员工服务的网页')
    await expect(page.frameLocator('[data-testid="webview"]').locator('h1').first()).toHaveText(locale === 'en-US' ? 'User Service Agreement' : '用户服务协议')
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
}
