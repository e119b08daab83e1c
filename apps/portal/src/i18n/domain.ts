import type { Locale } from '@ess/contract/wire'
import { useStore } from 'zustand'
import { getLocale, localeStore } from './store'

/**
 * The texts of one domain (account security, help, settings…) in every language, one object of
 * the domain's type per language (a missing key fails the type check).
 *
 * They are not part of the app's `Dictionary`: that one comes with the start-up (zh-CN) or with the
 * language's chunk (en-US), and the domains' texts are needed only by their own screens. A domain's
 * `index.ts` imports both languages and is imported only by those screens, so on H5 the texts come
 * with the screens' chunks, in both languages (a few KB gzip each), and the start-up carries none.
 */
export type DomainTexts<T> = Readonly<Record<Locale, T>>

/** A domain's texts in the current language; the component re-renders when the language changes. */
export function useTexts<T>(texts: DomainTexts<T>): T {
  return texts[useStore(localeStore, (s) => s.locale)]
}

/** A domain's texts in the current language, outside a component (a toast after a call). */
export function textsNow<T>(texts: DomainTexts<T>): T {
  return texts[getLocale()]
}
