import type { Locale } from '@ess/contract/wire'
import { useStore } from 'zustand'
import { getDictionary, localeStore } from './store'
import type { Dictionary } from './types'

export { LANGUAGE_NAMES, getDictionary, getLocale, getNutLocale, localeStore } from './store'
export { fill, splitSentence, type Dictionary } from './types'

/** The current language and its dictionary; the component re-renders when the language changes. */
export function useI18n(): { locale: Locale; t: Dictionary } {
  const locale = useStore(localeStore, (s) => s.locale)
  // Re-render when the texts of the language arrive (start-up with a language fetched on H5).
  useStore(localeStore, (s) => s.pending)
  return { locale, t: getDictionary(locale) }
}
