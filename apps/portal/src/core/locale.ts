import { DEFAULT_LOCALE, TAB_ROUTES, type Locale } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { getDictionary, getLocale, localeStore } from '../i18n/store'
import { platform } from './platform'
import { clientStorage } from './storage'

/** The tab bar texts in the current language, in TAB_ROUTES order. */
export function tabBarTexts(locale: Locale = getLocale()): string[] {
  const { tabs } = getDictionary(locale)
  const byRoute: Record<(typeof TAB_ROUTES)[number], string> = {
    'pages/home/index': tabs.home,
    'pages/service/index': tabs.service,
    'pages/user-center/index': tabs.userCenter,
  }
  return TAB_ROUTES.map((route) => byRoute[route])
}

/**
 * Writes the tab bar texts. The mini-program refuses this outside a tab page, so tab pages call
 * it again when they show; failures are expected and ignored.
 */
export function syncTabBarTexts(locale: Locale = getLocale()): void {
  tabBarTexts(locale).forEach((text, index) => {
    try {
      const pending = Taro.setTabBarItem({ index, text }) as unknown
      if (pending && typeof (pending as Promise<unknown>).catch === 'function') {
        ;(pending as Promise<unknown>).catch(() => undefined)
      }
    } catch {
      /* no tab bar on this page */
    }
  })
}

function apply(locale: Locale): void {
  platform().system.setDocumentLocale(locale)
  syncTabBarTexts(locale)
}

/** Reads the stored choice (`locale-lang`, zh-CN by default) before the first render. */
export function initLocale(): Locale {
  const locale = clientStorage.get('locale') ?? DEFAULT_LOCALE
  localeStore.setState({ locale })
  platform().system.setDocumentLocale(locale)
  return locale
}

/**
 * Switches the whole app at once: every mounted screen re-renders from the store, the tab bar,
 * the UI kit (ConfigProvider follows the store), the `accept-language` of later calls and the
 * document language follow; the choice survives a reload.
 */
export function setLocale(locale: Locale): void {
  clientStorage.set('locale', locale)
  localeStore.setState({ locale })
  apply(locale)
}
