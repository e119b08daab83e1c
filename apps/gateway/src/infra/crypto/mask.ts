export interface MaskOptions {
  /** Characters kept at the start (default 3). */
  keepStart?: number
  /** Characters kept at the end (default 4). */
  keepEnd?: number
}

/**
 * Masks the middle of a value for display: `mask('13812345678')` → `138****5678`,
 * `mask('6222020200112233445', { keepStart: 0 })` → `***************3445`. A value too short to keep
 * both ends shows only its last quarter.
 */
export function mask(value: string, { keepStart = 3, keepEnd = 4 }: MaskOptions = {}): string {
  const chars = Array.from(value)
  if (chars.length <= keepStart + keepEnd) {
    const shown = Math.floor(chars.length / 4)
    return '*'.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('')
  }
  return chars.slice(0, keepStart).join('') + '*'.repeat(chars.length - keepStart - keepEnd) + chars.slice(chars.length - keepEnd).join('')
}
