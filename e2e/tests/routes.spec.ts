import { expect, test } from '@playwright/test'
import { LOCALES, ROUTES } from '@ess/contract'
import { expectRoute, useLocale, watchErrors } from './support'

// SPEC §2: every route opens by its hash URL, in both languages, with no console error.
for (const locale of LOCALES) {
  test.describe(`all ${ROUTES.length} routes in ${locale}`, () => {
    for (const route of ROUTES) {
      test(route, async ({ page }) => {
        const errors = watchErrors(page)
        await useLocale(page, locale)
        await page.goto(`/#/${route}`)
        await expectRoute(page, route, locale)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        expect(errors).toEqual([])
      })
    }
  })
}
