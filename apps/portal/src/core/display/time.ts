import type { Locale } from '@ess/contract/wire'
import { getDictionary, getLocale } from '../../i18n/store'

/**
 * The one clock rule of every screen that shows a time (issue 38): devices, security activity,
 * privacy lists and records, notices, bindings, articles, real-name dates — and the gateway's own
 * texts (notices it writes, the export), which cannot know the device's zone.
 *
 * - Times are shown in China Standard Time (UTC+8; China keeps no daylight saving): the zone of
 *   the service, its records and its texts, so a time reads the same on every screen, in every
 *   message and in the export, wherever the device is.
 * - Where the device's own zone is not UTC+8 at that moment, a time carries the zone
 *   (`common.chinaTime`: "09:02 (UTC+8)" / "09:02（北京时间）"), so that no one reads it as their
 *   own clock's. On a device in China nothing is added.
 * - "Today" is today in China. A date alone (an article's, a validity's) is the date in China,
 *   without a label: a calendar day, not a moment.
 *
 * No Intl time-zone data is needed (the mini-program's runtime may lack it): UTC+8 is a fixed offset.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000

/** "YYYY-MM-DD" and "HH:mm" of a moment in China. */
function inChina(at: number): { day: string; time: string } {
  const shifted = new Date(at + CHINA_OFFSET_MS).toISOString()
  return { day: shifted.slice(0, 10), time: shifted.slice(11, 16) }
}

/** Whether the device's clock shows China time at that moment (its offset is UTC+8). */
export const deviceInChinaTime = (at: number): boolean => new Date(at).getTimezoneOffset() === -CHINA_OFFSET_MS / 60_000

/**
 * `YYYY-MM-DD HH:mm` of an ISO time in China, or `{today} HH:mm` when `today` is given and it is
 * today there; labelled with the zone when the device is elsewhere. '' for an unreadable time.
 */
export function formatDateTime(iso: string, { today, now = Date.now(), locale = getLocale() }: { today?: string; now?: number; locale?: Locale } = {}): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return ''
  const { day, time } = inChina(at)
  const shown = today && day === inChina(now).day ? `${today} ${time}` : `${day} ${time}`
  return deviceInChinaTime(at) ? shown : getDictionary(locale).common.chinaTime.replace('{time}', shown)
}

/** `YYYY-MM-DD` of an ISO time (or date) in China; '' for an unreadable one. */
export function formatDate(iso: string): string {
  const at = new Date(iso).getTime()
  return Number.isNaN(at) ? '' : inChina(at).day
}
