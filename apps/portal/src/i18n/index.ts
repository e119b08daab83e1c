import type { Locale } from '@ess/contract/wire'
import { useStore } from 'zustand'
import { DICTIONARIES, localeStore } from './store'
import type { Dictionary } from './types'

export { DICTIONARIES, LANGUAGE_NAMES, getDictionary, getLocale, localeStore } from './store'
export { fill, type Dictionary } from './types'

/** The current language and its dictionary; the component re-renders when the language changes. */
export function useI18n(): { locale: Locale; t: Dictionary } {
  const locale = useStore(localeStore, (s) => s.locale)
  return { locale, t: DICTIONARIES[locale] }
}
