import type { Kv } from './kv'

/**
 * Keys each accepted once within a time: the request nonces (plugins/signature.ts). `claim` is
 * true the first time a key is given, and false again for as long as it is remembered: at least
 * `ttlMs` from its claim.
 */
export interface OnceKeys {
  claim(key: string): Promise<boolean>
}

/** The time a memory store remembers keys for, in this many generations (at most one more is kept). */
const GENERATIONS = 10

/**
 * On Redis, one SET NX PX per key (every gateway sees the others' claims). On the in-memory KV
 * (one process) the keys go into one Set per tenth of the time and a whole Set is dropped once
 * all its keys are older than `ttlMs`: no entry object, expiry check or sweep per key. The memory
 * KV's own setNX kept each nonce as a Map entry with its expiry object for 10 minutes, read back
 * through its expiry check and swept every minute: the nonce check cost a signed call 6–14 µs of
 * CPU that way, 5–10 µs this way (bench/RESULTS.md, runs with and without the check).
 */
export function onceKeys(kv: Kv, ttlMs: number, clock: () => number = Date.now): OnceKeys {
  if (kv.kind !== 'memory') return { claim: (key) => kv.setNX(key, '1', ttlMs) }
  return memoryOnceKeys(ttlMs, clock)
}

export function memoryOnceKeys(ttlMs: number, clock: () => number = Date.now): OnceKeys {
  const span = Math.max(1, Math.ceil(ttlMs / GENERATIONS))
  /** The keys claimed in each generation (the time divided by `span`), newest first. */
  let generations: Array<{ index: number; keys: Set<string> }> = []
  let newest = Number.NEGATIVE_INFINITY

  return {
    async claim(key) {
      const index = Math.floor(clock() / span)
      // A key claimed in generation g is kept until generation g + GENERATIONS has ended: at least
      // ttlMs. Should the clock step back, keys go on into the newest generation (kept longer).
      if (index > newest) {
        generations = [{ index, keys: new Set() }, ...generations.filter((generation) => generation.index >= index - GENERATIONS)]
        newest = index
      }
      for (const { keys } of generations) if (keys.has(key)) return false
      generations[0].keys.add(key)
      return true
    },
  }
}
