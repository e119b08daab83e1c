/** Locales of the product (SPEC §1, §9): Simplified Chinese is the default. */
export const LOCALES = ['zh-CN', 'en-US'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'zh-CN'

/** A text in every locale; a missing locale fails the type check. */
export type Bilingual = Record<Locale, string>

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * Picks the product locale from an `accept-language` header or a stored value.
 * English of any region maps to en-US; everything else (including no header) to zh-CN.
 */
export function resolveLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US'
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN'
  }
  return DEFAULT_LOCALE
}

export function pick(text: Bilingual, locale: Locale): string {
  return text[locale]
}
