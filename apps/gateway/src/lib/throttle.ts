import type { Kv } from '../infra/kv'

/**
 * Counters and locks in the KV store. Decisions use the app's clock (`now`); the KV expiry only
 * clears what is no longer needed, a little after the app's clock says it ended.
 */
const CLEANUP_MARGIN_MS = 60_000

/** Repeated failures of one subject (a client, an account) lock it for a while. */
export interface Lockout {
  /** What is counted, e.g. `login:user:<id>`. */
  key: string
  maxFailures: number
  /** Failures count within this window from the first one. */
  windowMs: number
  lockMs: number
}

/** Milliseconds the subject stays locked (or 0), and its failures counted so far (one look-up). */
export async function lockState(kv: Kv, lockout: Lockout, now: Date): Promise<{ remainingMs: number; failures: number }> {
  const [locked, failures] = await kv.getMany([`${lockout.key}:locked`, `${lockout.key}:failures`])
  const until = Number(locked)
  return {
    remainingMs: locked !== null && Number.isFinite(until) && until > now.getTime() ? until - now.getTime() : 0,
    failures: Number(failures ?? 0) || 0,
  }
}

/** Counts a failure; true when it locked the subject. */
export async function recordFailure(kv: Kv, lockout: Lockout, now: Date): Promise<boolean> {
  const failures = await kv.incr(`${lockout.key}:failures`, lockout.windowMs)
  if (failures < lockout.maxFailures) return false
  await kv.set(`${lockout.key}:locked`, String(now.getTime() + lockout.lockMs), lockout.lockMs + CLEANUP_MARGIN_MS)
  await kv.del(`${lockout.key}:failures`)
  return true
}

/** Forgets the failures after a success; nothing to do (no round trip) when none were counted. */
export async function clearFailures(kv: Kv, lockout: Lockout, counted: number): Promise<void> {
  if (counted > 0) await kv.del(`${lockout.key}:failures`)
}

/** Ends a lock and forgets the failures counted (a support agent's unlock). */
export async function clearLock(kv: Kv, lockout: Lockout): Promise<void> {
  await Promise.all([kv.del(`${lockout.key}:locked`), kv.del(`${lockout.key}:failures`)])
}

/** The calendar day of China Standard Time (UTC+8), where daily caps restart at midnight. */
export function chinaDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
}

/** Counts one more use today; answers the count including this one. */
export function countToday(kv: Kv, key: string, now: Date): Promise<number> {
  return kv.incr(`${key}:${chinaDay(now)}`, 26 * 3_600_000)
}

/** Counts one more use in the current fixed window of `windowMs`; answers the count. */
export function countInWindow(kv: Kv, key: string, windowMs: number, now: Date): Promise<number> {
  return kv.incr(`${key}:${Math.floor(now.getTime() / windowMs)}`, windowMs + CLEANUP_MARGIN_MS)
}

/** A JSON record that lives `lifetimeMs` from `now` by the app's clock. */
export async function putRecord(kv: Kv, key: string, value: object, now: Date, lifetimeMs: number): Promise<void> {
  await kv.set(key, JSON.stringify({ ...value, expiresAt: now.getTime() + lifetimeMs }), lifetimeMs + CLEANUP_MARGIN_MS)
}

/** Parses a record of `putRecord`; undefined when absent or expired by the app's clock. */
export function liveRecord<T>(raw: string | null, now: Date): (T & { expiresAt: number }) | undefined {
  if (!raw) return undefined
  const record = JSON.parse(raw) as T & { expiresAt: number }
  return record.expiresAt > now.getTime() ? record : undefined
}

/**
 * Starts a cooldown of `ms` unless one is running; answers the milliseconds left of a running one
 * (0 when this call started it). Of two concurrent claims, one wins.
 */
export async function claimCooldown(kv: Kv, key: string, now: Date, ms: number): Promise<number> {
  const until = String(now.getTime() + ms)
  if (await kv.setNX(key, until, ms)) return 0
  const running = Number(await kv.get(key))
  if (running > now.getTime()) return running - now.getTime()
  await kv.set(key, until, ms)
  return 0
}

/** Lifts a lock and forgets the failures (after the owner proved themselves another way, e.g. a password reset). */
export async function unlock(kv: Kv, lockout: Lockout): Promise<void> {
  await Promise.all([kv.del(`${lockout.key}:locked`), kv.del(`${lockout.key}:failures`)])
}
