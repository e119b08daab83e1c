import type { Locale } from '@ess/contract/wire'
import enUS from './en-US.pack'
import type { LocalePack } from './types'

/** The mini-program has every language with the start-up (no chunks to fetch there). */
export const BUNDLED: Partial<Record<Locale, LocalePack>> = { 'en-US': enUS }

export function fetchLocalePack(locale: Locale): Promise<LocalePack> {
  const pack = BUNDLED[locale]
  return pack ? Promise.resolve(pack) : Promise.reject(new Error(`no texts for ${locale}`))
}
