import { DEFAULT_LOCALE, type Locale } from '@ess/contract/wire'
import nutZhCN from '@nutui/nutui-react-taro/dist/es/locales/zh-CN'
import { createStore } from 'zustand/vanilla'
import { BUNDLED, fetchLocalePack } from './packs'
import type { LocalePack } from './types'
import zhCN from './zh-CN'

/**
 * The texts of each language the app has at hand: zh-CN (the default) always; the others where
 * they come with the start-up (the mini-program) or once fetched (H5: a chunk per language,
 * ./packs.ts), so the start-up JS carries one language.
 */
const packs: Partial<Record<Locale, LocalePack>> = { 'zh-CN': { dictionary: zhCN, nutui: nutZhCN }, ...BUNDLED }

/**
 * The language of the app; every mounted screen subscribes to it (core/locale.ts persists it).
 * Calls carry it (`accept-language`) from the start. `pending` is true while the start-up waits
 * for its texts (H5: a stored English): the screens stay hidden meanwhile, and re-render when
 * `pending` turns false.
 */
export const localeStore = createStore<{ locale: Locale; pending: boolean }>(() => ({ locale: DEFAULT_LOCALE, pending: false }))

export function getLocale(): Locale {
  return localeStore.getState().locale
}

const packOf = (locale: Locale): LocalePack => packs[locale] ?? (packs[DEFAULT_LOCALE] as LocalePack)

/** The app's texts in a language (the default language's until that language's texts are at hand). */
export function getDictionary(locale: Locale = getLocale()): LocalePack['dictionary'] {
  return packOf(locale).dictionary
}

/** The UI kit's texts in a language (for its ConfigProvider). */
export function getNutLocale(locale: Locale = getLocale()): LocalePack['nutui'] {
  return packOf(locale).nutui
}

export function hasLocalePack(locale: Locale): boolean {
  return packs[locale] !== undefined
}

/** Makes a language's texts available (fetched once); rejects when they cannot be loaded. */
export async function loadLocalePack(locale: Locale): Promise<void> {
  packs[locale] ??= await fetchLocalePack(locale)
}

/** Test helper: forgets the languages fetched so far. */
export function forgetFetchedLocalePacks(): void {
  for (const locale of Object.keys(packs) as Locale[]) {
    if (locale !== DEFAULT_LOCALE && !BUNDLED[locale]) delete packs[locale]
  }
}

/** Native names of the languages, shown as such whatever the current language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' }
