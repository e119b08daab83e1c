import { PATTERNS } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { BRAND, BRAND_THEME } from '../../theme'
import { clientStorage } from '../storage'
import type { TextSize } from '../storage/keys'

/**
 * Display settings: the brand colour (SPEC §5 theme hex rule: 3 or 6 hex digits, optional #) and
 * the text size, applied at once through NutUI's theme variables (the root ConfigProvider reads
 * this store) and remembered in storage, so both survive a reload.
 */
export const THEME_PRESETS = ['#2563eb', '#0f9d58', '#e8590c', '#c2255c', '#7048e8', '#0c8599'] as const

/** '#abc' / 'ABC' / '#aabbcc' → '#aabbcc'; null when the value breaks the rule. */
export function normaliseHex(value: string): string | null {
  const trimmed = value.trim()
  const match = PATTERNS.themeHex.exec(trimmed)
  if (!match) return null
  const digits = match[1].toLowerCase()
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`
/** Mixes a colour toward white (amount > 0) or black (amount < 0). */
export function mix(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0
  return toHex(channels(hex).map((c) => c + (target - c) * Math.abs(amount)))
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** What normal text needs (WCAG 2.1 AA, 1.4.3). */
export const AA_TEXT_CONTRAST = 4.5

/**
 * The brand colour as the portal uses it: white text on buttons, and links and selected tabs on
 * white. A colour the user picks keeps its hue, and is darkened just enough (in 2% steps toward
 * black) for white text on it to reach AA; one that already does is used as it is.
 */
export function legibleBrand(color: string): string {
  let amount = 0
  let usable = color
  while (contrastRatio(usable, '#ffffff') < AA_TEXT_CONTRAST && amount < 1) {
    amount = Math.min(1, amount + 0.02)
    usable = mix(color, -amount)
  }
  return usable
}

/** NutUI's theme variables for a brand colour (the same keys as theme.ts BRAND_THEME), made legible (legibleBrand). */
export function themeFor(picked: string): typeof BRAND_THEME {
  if (picked === BRAND.primary) return BRAND_THEME
  const color = legibleBrand(picked)
  return {
    nutuiColorPrimary: color,
    nutuiColorPrimaryStop1: color,
    nutuiColorPrimaryStop2: mix(color, 0.15),
    nutuiColorPrimaryPressed: mix(color, -0.15),
    nutuiColorPrimaryLightPressed: mix(color, 0.82),
    nutuiColorPrimaryDisabledSpecial: mix(color, 0.5),
    nutuiColorPrimaryIcon: color,
  }
}

/** The scale of each text size (the page body is zoomed by it). */
export const TEXT_SCALE: Record<TextSize, number> = { small: 0.9, standard: 1, large: 1.1, extraLarge: 1.2 }

export const displayStore = createStore<{ color: string; textSize: TextSize }>(() => ({ color: BRAND.primary, textSize: 'standard' }))

/** Reads the stored choices (at start). */
export function loadDisplay(): void {
  displayStore.setState({ color: clientStorage.get('themeColor') ?? BRAND.primary, textSize: clientStorage.get('textSize') ?? 'standard' })
}

/** Applies and remembers a brand colour; false (nothing changed) when it breaks the hex rule. */
export function setThemeColor(value: string): boolean {
  const color = normaliseHex(value)
  if (!color) return false
  if (color === BRAND.primary) clientStorage.remove('themeColor')
  else clientStorage.set('themeColor', color)
  displayStore.setState({ color })
  return true
}

export function setTextSize(textSize: TextSize): void {
  if (textSize === 'standard') clientStorage.remove('textSize')
  else clientStorage.set('textSize', textSize)
  displayStore.setState({ textSize })
}

export function resetDisplay(): void {
  setThemeColor(BRAND.primary)
  setTextSize('standard')
}
