import { DEFAULT_LOCALE, type Locale, isLocale } from '@ess/contract/wire'
import type { I18nProvider } from '@refinedev/core'
import { createContext, useContext } from 'react'
import { session } from '../api/client'
import { TEXTS, type Texts, translate } from '../i18n'

const STORAGE_KEY = 'ess-console-locale'

/** The language kept from the last visit, else the browser's if it is English, else zh-CN. */
export function initialLocale(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage, languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  const kept = storage?.getItem(STORAGE_KEY)
  if (isLocale(kept)) return kept
  return languages.some((language) => language.toLowerCase().startsWith('en')) && !languages[0]?.toLowerCase().startsWith('zh') ? 'en-US' : DEFAULT_LOCALE
}

export function keepLocale(locale: Locale) {
  globalThis.localStorage?.setItem(STORAGE_KEY, locale)
  session.locale = locale
  document.documentElement.lang = locale
}

/** Refine's i18n provider over the typed dictionaries; `setLocale` re-renders the app in the other language. */
export function i18nProvider(locale: Locale, setLocale: (locale: Locale) => void): I18nProvider {
  return {
    translate: (key, options, fallback) => translate(TEXTS[locale], key, typeof options === 'string' ? options : fallback),
    changeLocale: async (next) => {
      if (isLocale(next)) setLocale(next)
    },
    getLocale: () => locale,
  }
}

export const LocaleContext = createContext<{ locale: Locale; texts: Texts; setLocale: (locale: Locale) => void }>({
  locale: DEFAULT_LOCALE,
  texts: TEXTS[DEFAULT_LOCALE],
  setLocale: () => {},
})

/** The console's language and its texts (typed: `texts.audit.columns.at`). */
export const useTexts = () => useContext(LocaleContext)
