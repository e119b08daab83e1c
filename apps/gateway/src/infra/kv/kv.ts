/**
 * A small key-value store with expiry: nonces, codes, counters and short-lived tokens.
 * TTLs are in milliseconds. Keys are prefixed by the adapter (one Redis can serve many gateways).
 */
export interface Kv {
  readonly kind: 'memory' | 'redis'
  get(key: string): Promise<string | null>
  /** Several values in one round trip, in the order of the keys. */
  getMany(keys: readonly string[]): Promise<Array<string | null>>
  /** Sets the value; without a TTL it never expires. */
  set(key: string, value: string, ttlMs?: number): Promise<void>
  /** Sets the value only when the key is absent; true when it was set. */
  setNX(key: string, value: string, ttlMs: number): Promise<boolean>
  /** Adds 1 and returns the new count; a new counter starts at 1 and expires after the TTL. */
  incr(key: string, ttlMs: number): Promise<number>
  /** Reads and deletes the value in one step: of two concurrent takes, one gets it. */
  take(key: string): Promise<string | null>
  del(key: string): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

export interface KvOptions {
  /** Prepended to every key, e.g. "ess:". */
  prefix?: string
}
