import type { Locale } from '@ess/contract/wire'

/**
 * Times of planned publishes are written and shown in China time (the provider's and its
 * employees' zone, UTC+8, no daylight saving), whatever the operator's computer says.
 */
export const CHINA_ZONE = 'Asia/Shanghai'
const CHINA_OFFSET = '+08:00'

/** `YYYY-MM-DD HH:mm` read as China time → the instant (ISO with offset, as the gateway takes it). */
export function chinaWallClockToIso(wallClock: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallClock.trim())
  if (!match) throw new RangeError(`not a wall-clock time: ${wallClock}`)
  const [, y, mo, d, h, mi, s] = match
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${CHINA_OFFSET}`).toISOString()
}

/** An instant as China time in the console's language, e.g. `2026/11/28 09:30`. */
export function formatChinaTime(iso: string, locale: Locale): string {
  return new Date(iso).toLocaleString(locale, { timeZone: CHINA_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false })
}

/** The wall clock in China now, `YYYY-MM-DD HH:mm` (to keep a picker off the past). */
export function chinaNowWallClock(now = new Date()): string {
  const shifted = new Date(now.getTime() + 8 * 3_600_000)
  return shifted.toISOString().slice(0, 16).replace('T', ' ')
}
