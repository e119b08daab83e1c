import type { Kv, KvOptions } from './kv'

interface Entry {
  value: string
  /** Epoch ms; Infinity when the entry never expires. */
  expiresAt: number
}

const SWEEP_INTERVAL_MS = 60_000

/** In-process store for a single gateway; expired entries are dropped on read and every minute. */
export function memoryKv({ prefix = '' }: KvOptions = {}): Kv {
  const entries = new Map<string, Entry>()
  const expiry = (ttlMs?: number) => (ttlMs === undefined ? Infinity : Date.now() + ttlMs)
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(prefix + key)
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(prefix + key)
      return undefined
    }
    return entry
  }
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
  }, SWEEP_INTERVAL_MS)
  sweep.unref()

  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.value ?? null
    },
    async getMany(keys) {
      return keys.map((key) => live(key)?.value ?? null)
    },
    async set(key, value, ttlMs) {
      entries.set(prefix + key, { value, expiresAt: expiry(ttlMs) })
    },
    async setNX(key, value, ttlMs) {
      if (live(key)) return false
      entries.set(prefix + key, { value, expiresAt: expiry(ttlMs) })
      return true
    },
    async incr(key, ttlMs) {
      const entry = live(key)
      if (!entry) {
        entries.set(prefix + key, { value: '1', expiresAt: expiry(ttlMs) })
        return 1
      }
      const next = Number(entry.value) + 1
      if (!Number.isSafeInteger(next)) throw new Error(`kv: ${key} does not hold an integer`)
      entry.value = String(next)
      return next
    },
    async take(key) {
      const entry = live(key)
      entries.delete(prefix + key)
      return entry?.value ?? null
    },
    async del(key) {
      entries.delete(prefix + key)
    },
    async ping() {},
    async close() {
      clearInterval(sweep)
      entries.clear()
    },
  }
}
