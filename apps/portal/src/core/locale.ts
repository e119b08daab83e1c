import { DEFAULT_LOCALE, TAB_ROUTES, type Locale } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { getDictionary, getLocale, hasLocalePack, loadLocalePack, localeStore } from '../i18n/store'
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

/** Every screen, the tab bar, the UI kit and the document switch to a language whose texts are at hand. */
function show(locale: Locale): void {
  localeStore.setState({ locale, pending: false })
  platform().system.setDocumentLocale(locale)
  syncTabBarTexts(locale)
}

/** How long the start-up keeps the screens hidden for the stored language's texts (ms). */
export const LOCALE_WAIT_MS = 3000

/**
 * Reads the stored choice (`locale-lang`, zh-CN by default) before the first render. When that
 * language's texts do not come with the start-up (H5: English is a chunk of its own), calls go
 * out in it at once while the screens render hidden until its texts arrive, so no text shows in
 * the wrong language; if they cannot be loaded, the app shows in the default language and keeps
 * the stored choice for the next start (after LOCALE_WAIT_MS it shows in the default language
 * meanwhile).
 */
export function initLocale(): Locale {
  const locale = clientStorage.get('locale') ?? DEFAULT_LOCALE
  const pending = !hasLocalePack(locale)
  localeStore.setState({ locale, pending })
  platform().system.setDocumentLocale(locale)
  if (pending) {
    // A slow network does not keep the screens hidden: past the wait they show in the default
    // language, and switch when the texts arrive.
    const wait = setTimeout(() => {
      if (localeStore.getState().pending) show(DEFAULT_LOCALE)
    }, LOCALE_WAIT_MS)
    loadLocalePack(locale)
      .then(
        // Unless the user chose another language meanwhile (on screen after the wait).
        () => clientStorage.get('locale') === locale && show(locale),
        () => show(DEFAULT_LOCALE),
      )
      .finally(() => clearTimeout(wait))
  }
  return locale
}

/**
 * Switches the whole app at once: every mounted screen re-renders from the store, the tab bar,
 * the UI kit (ConfigProvider follows the store), the `accept-language` of later calls and the
 * document language follow; the choice survives a reload. Resolves once switched (at once when
 * the language's texts are at hand); rejects, changing nothing, when they cannot be loaded.
 */
export function setLocale(locale: Locale): Promise<void> {
  const apply = () => {
    clientStorage.set('locale', locale)
    show(locale)
  }
  if (hasLocalePack(locale)) {
    apply()
    return Promise.resolve()
  }
  return loadLocalePack(locale).then(apply)
}
