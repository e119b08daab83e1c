/**
 * What the code base counts for the metrics, as plain numbers of this process: an increment costs
 * nothing whether metrics are on or off, so the services call these without knowing which, and
 * prom-client (loaded only when METRICS_PORT is set, metrics.ts) reads them at each scrape.
 * Counters only grow; a test reads the change across what it does.
 */

/** Password sign-in refusals (a wrong password or an unknown account), of which `locked` locked the account. */
export const signIn = { failures: 0, lockouts: 0 }

/** Messages queued for sending, by `channel` then `template` (codes are `verificationCode`). */
export const messagesQueued = new Map<string, Map<string, number>>()

/** Reads of the in-memory read caches, by cache name: answered from memory (hit) or loaded (miss). */
export const cacheReads = new Map<string, { hits: number; misses: number }>()

export function countSignInFailure(locked: boolean): void {
  signIn.failures++
  if (locked) signIn.lockouts++
}

export function countMessageQueued(channel: string, template: string): void {
  let byTemplate = messagesQueued.get(channel)
  if (!byTemplate) messagesQueued.set(channel, (byTemplate = new Map()))
  byTemplate.set(template, (byTemplate.get(template) ?? 0) + 1)
}

/** The counts of one cache, made at its construction so a hit is one property increment. */
export function cacheCounts(name: string): { hits: number; misses: number } {
  let counts = cacheReads.get(name)
  if (!counts) cacheReads.set(name, (counts = { hits: 0, misses: 0 }))
  return counts
}
