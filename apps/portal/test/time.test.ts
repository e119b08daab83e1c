import { afterEach, describe, expect, it } from 'vitest'
import { deviceInChinaTime, formatDate, formatDateTime } from '../src/core/display/time'

// Node reads TZ again when it changes: the device's zone, as the test sets it.
const zone = process.env.TZ
afterEach(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

describe('the clock rule (core/display/time.ts)', () => {
  const now = Date.parse('2026-11-25T06:00:00.000Z')

  it('on a device in China: China time, today marked, no label', () => {
    process.env.TZ = 'Asia/Shanghai'
    expect(deviceInChinaTime(now)).toBe(true)
    expect(formatDateTime('2026-11-25T01:02:00.000Z', { today: '今天', now, locale: 'zh-CN' })).toBe('今天 09:02')
    expect(formatDateTime('2026-11-24T17:30:00.000Z', { today: 'Today', now, locale: 'en-US' })).toBe('Today 01:30')
    expect(formatDateTime('2026-11-20T01:00:00.000Z', { today: 'Today', now, locale: 'en-US' })).toBe('2026-11-20 09:00')
    expect(formatDateTime('2026-11-20T01:00:00.000Z', { locale: 'zh-CN' })).toBe('2026-11-20 09:00')
  })

  it('on a device elsewhere: the same China time, labelled with the zone in each language', () => {
    for (const tz of ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Tokyo']) {
      process.env.TZ = tz
      expect(deviceInChinaTime(now), tz).toBe(false)
      expect(formatDateTime('2026-11-25T01:02:00.000Z', { today: 'Today', now, locale: 'en-US' })).toBe('Today 09:02 (UTC+8)')
      expect(formatDateTime('2026-11-24T16:08:00.000Z', { locale: 'en-US' })).toBe('2026-11-25 00:08 (UTC+8)')
      expect(formatDateTime('2026-11-24T16:08:00.000Z', { locale: 'zh-CN' })).toBe('2026-11-25 00:08（北京时间）')
    }
  })

  it('a date alone is the day in China, unlabelled; an unreadable time shows nothing', () => {
    process.env.TZ = 'America/Los_Angeles'
    expect(formatDate('2026-11-24T16:30:00.000Z')).toBe('2026-11-25')
    expect(formatDate('2026-11-24')).toBe('2026-11-24')
    expect(formatDateTime('not a time')).toBe('')
    expect(formatDate('')).toBe('')
  })
})
