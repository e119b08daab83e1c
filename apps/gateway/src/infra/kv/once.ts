import type { Kv } from './kv'

/**
 * Keys each accepted once within a time: the request nonces (plugins/signature.ts). `claim` is
 * true the first time a key is given, and false again for as long as it is remembered: at least
 * `ttlMs` from its claim (the store's longest time when not given, and never longer than it).
 */
export interface OnceKeys {
  claim(key: string, ttlMs?: number): Promise<boolean>
}

/** The store's longest time, in this many buckets (a key is kept at most one bucket longer than asked). */
const GENERATIONS = 10

/**
 * On Redis, one SET NX PX per key (every gateway sees the others' claims). On the in-memory KV
 * (one process) the keys go into one Set per tenth of the longest time, by the end of their
 * time, and a whole Set is dropped once that end has passed: no entry object, expiry check or
 * sweep per key. The memory KV's own setNX kept each nonce as a Map entry with its expiry object
 * for 10 minutes, read back through its expiry check and swept every minute: the nonce check
 * cost a signed call 6–14 µs of CPU that way, 5–10 µs this way (bench/RESULTS.md, runs with and
 * without the check).
 */
/** The time a key is kept for: what its claim asks, within the store's longest, at least 1 ms. */
const keptFor = (ttlMs: number, maxTtlMs: number) => Math.max(1, Math.min(ttlMs, maxTtlMs))

export function onceKeys(kv: Kv, maxTtlMs: number, clock: () => number = Date.now): OnceKeys {
  if (kv.kind !== 'memory') return { claim: (key, ttlMs = maxTtlMs) => kv.setNX(key, '1', keptFor(ttlMs, maxTtlMs)) }
  return memoryOnceKeys(maxTtlMs, clock)
}

export function memoryOnceKeys(maxTtlMs: number, clock: () => number = Date.now): OnceKeys {
  const span = Math.max(1, Math.ceil(maxTtlMs / GENERATIONS))
  /** Bucket i holds the keys whose time ends by i × span; it is dropped once that moment has passed. */
  const buckets = new Map<number, Set<string>>()
  let sweptAt = Number.NEGATIVE_INFINITY

  return {
    async claim(key, ttlMs = maxTtlMs) {
      const now = clock()
      const current = Math.floor(now / span)
      if (current !== sweptAt) {
        // Should the clock step back, nothing is dropped before its end by the new clock.
        for (const index of buckets.keys()) if (index * span < now) buckets.delete(index)
        sweptAt = current
      }
      for (const keys of buckets.values()) if (keys.has(key)) return false
      const end = Math.ceil((now + keptFor(ttlMs, maxTtlMs)) / span)
      let keys = buckets.get(end)
      if (!keys) buckets.set(end, (keys = new Set()))
      keys.add(key)
      return true
    },
  }
}
