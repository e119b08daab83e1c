import type { Locale } from '@ess/contract/wire'
import type { LocalePack } from './types'

/**
 * H5: the languages besides zh-CN are chunks of their own, fetched when chosen or stored
 * (packs.weapp.ts: the mini-program has them all with the start-up, as it has no chunks to fetch).
 */
export const BUNDLED: Partial<Record<Locale, LocalePack>> = {}

/** How each language's chunk is fetched. */
export const FETCH: Record<Exclude<Locale, 'zh-CN'>, () => Promise<LocalePack>> = {
  'en-US': () => import('./en-US.pack').then((m) => m.default),
}

export function fetchLocalePack(locale: Locale): Promise<LocalePack> {
  if (locale === 'zh-CN') return Promise.reject(new Error('zh-CN comes with the start-up'))
  return FETCH[locale]()
}
