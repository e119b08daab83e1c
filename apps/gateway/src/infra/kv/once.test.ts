import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testKv } from '../../../test/helpers/stores'
import type { Kv } from './kv'
import { memoryOnceKeys, onceKeys } from './once'

const TTL_MS = 10 * 60_000

describe('once keys in memory', () => {
  it('accepts a key once and refuses it again, each key apart', async () => {
    const keys = memoryOnceKeys(TTL_MS, () => 1_000_000)
    expect(await keys.claim('nonce:101:a')).toBe(true)
    expect(await keys.claim('nonce:101:a')).toBe(false)
    expect(await keys.claim('nonce:101:b')).toBe(true)
    expect(await keys.claim('nonce:102:a')).toBe(true)
  })

  it('refuses a key for all of its time, whatever the time of its claim, then forgets it', async () => {
    // Claims at the start, the middle and the end of a generation (a tenth of the time).
    for (const at of [5 * 60_000, 5 * 60_000 + 30_000, 5 * 60_000 + 59_999]) {
      let now = at
      const keys = memoryOnceKeys(TTL_MS, () => now)
      const key = `k${at}`
      expect(await keys.claim(key)).toBe(true)
      for (const later of [1, 60_000, TTL_MS / 2, TTL_MS - 1, TTL_MS]) {
        now = at + later
        expect(await keys.claim(key), `${later} ms after its claim`).toBe(false)
      }
      // Kept at most one generation more than its time.
      now = at + TTL_MS + TTL_MS / 10
      expect(await keys.claim(key)).toBe(true)
    }
  })

  it('keeps refusing keys of the remembered generations while older ones are dropped', async () => {
    let now = 0
    const keys = memoryOnceKeys(TTL_MS, () => now)
    for (let minute = 0; minute < 30; minute++) {
      now = minute * 60_000
      expect(await keys.claim(`m${minute}`)).toBe(true)
      expect(await keys.claim(`m${minute}`)).toBe(false)
      if (minute >= 10) expect(await keys.claim(`m${minute - 10}`)).toBe(false)
      if (minute >= 12) expect(await keys.claim(`m${minute - 12}`)).toBe(true)
    }
  })
})

describe('once keys in memory, each with its own time', () => {
  it('refuses a key for its own time, then forgets it at most a tenth of the longest time later', async () => {
    let now = 7 * 60_000 + 12_345
    const keys = memoryOnceKeys(TTL_MS, () => now)
    const start = now
    expect(await keys.claim('short', 90_000)).toBe(true)
    expect(await keys.claim('long')).toBe(true)
    for (const later of [1, 45_000, 90_000]) {
      now = start + later
      expect(await keys.claim('short'), `${later} ms after its claim`).toBe(false)
    }
    now = start + 90_000 + TTL_MS / 10 + 1
    expect(await keys.claim('short')).toBe(true)
    // The other key keeps the longest time.
    expect(await keys.claim('long')).toBe(false)
  })

  it('never keeps a key longer than the longest time, whatever it asks', async () => {
    let now = 0
    const keys = memoryOnceKeys(TTL_MS, () => now)
    expect(await keys.claim('greedy', 100 * TTL_MS)).toBe(true)
    now = TTL_MS
    expect(await keys.claim('greedy')).toBe(false)
    now = TTL_MS + TTL_MS / 10 + 1
    expect(await keys.claim('greedy')).toBe(true)
  })
})

describe(`once keys on the KV (${process.env.REDIS_URL ? 'redis' : 'memory'})`, () => {
  let kv: Kv
  beforeAll(async () => {
    kv = await testKv()
  })
  afterAll(() => kv.close())

  it('accepts a key once within its time, and again once it has passed', async () => {
    const keys = onceKeys(kv, 150)
    const key = `once-test:${Date.now()}`
    expect(await keys.claim(key)).toBe(true)
    expect(await keys.claim(key)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await keys.claim(key)).toBe(true)
  })

  it('keeps a key for the time its claim asks, within the store\'s longest', async () => {
    const keys = onceKeys(kv, 5000)
    const key = `once-test-short:${Date.now()}`
    expect(await keys.claim(key, 150)).toBe(true)
    expect(await keys.claim(key)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(await keys.claim(key)).toBe(true)
  })

  it.runIf(process.env.REDIS_URL)('claims on Redis, where every gateway sees them', async () => {
    const key = `once-test-shared:${Date.now()}`
    expect(await onceKeys(kv, 5000).claim(key)).toBe(true)
    expect(await kv.get(key)).toBe('1')
    expect(await onceKeys(kv, 5000).claim(key)).toBe(false)
  })
})

describe('once keys in memory, when the clock steps back', () => {
  it('still refuses the keys already claimed, and remembers new ones at least their time', async () => {
    let now = 30 * 60_000
    const keys = memoryOnceKeys(TTL_MS, () => now)
    expect(await keys.claim('before')).toBe(true)
    now -= 5 * 60_000
    expect(await keys.claim('before')).toBe(false)
    expect(await keys.claim('after')).toBe(true)
    now += TTL_MS
    expect(await keys.claim('after')).toBe(false)
  })
})
