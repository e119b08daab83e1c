import { DEFAULT_LOCALE, type Locale } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import enUS from './en-US'
import type { Dictionary } from './types'
import zhCN from './zh-CN'

export const DICTIONARIES: Record<Locale, Dictionary> = { 'zh-CN': zhCN, 'en-US': enUS }

/** The language of the app; every mounted screen subscribes to it (core/locale.ts persists it). */
export const localeStore = createStore<{ locale: Locale }>(() => ({ locale: DEFAULT_LOCALE }))

export function getLocale(): Locale {
  return localeStore.getState().locale
}

export function getDictionary(locale: Locale = getLocale()): Dictionary {
  return DICTIONARIES[locale]
}

/** Native names of the languages, shown as such whatever the current language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' }
