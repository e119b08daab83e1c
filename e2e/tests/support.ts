import { expect, type Page } from '@playwright/test'
import type { Locale, RoutePath } from '@ess/contract'
import zhCN from '../../apps/portal/src/i18n/zh-CN'
import enUS from '../../apps/portal/src/i18n/en-US'

export const DICTIONARIES = { 'zh-CN': zhCN, 'en-US': enUS } as const

export function titleOf(route: RoutePath, locale: Locale): string {
  return DICTIONARIES[locale].titles[route]
}

/** Collects console errors and uncaught page errors; assert on them at the end of a test. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return errors
}

/** Starts the page in a language, as a returning user who picked it would (stored `locale-lang`). */
export async function useLocale(page: Page, locale: Locale) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale-lang', l)
      sessionStorage.setItem('e2e-locale-set', '1')
    }
  }, locale)
}

export async function expectRoute(page: Page, route: RoutePath, locale: Locale) {
  const frame = page.locator(`[data-route="${route}"]`)
  await expect(frame).toBeVisible()
  await expect(frame.getByTestId('nav-title')).toHaveText(titleOf(route, locale))
}
