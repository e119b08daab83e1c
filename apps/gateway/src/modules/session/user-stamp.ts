import { randomUUID } from 'node:crypto'
import type { Kv } from '../../infra/kv/kv'
import { cacheCounts } from '../../infra/observe/signals'

/**
 * A user's stamp: a random value in the KV, replaced after every committed write that changes what
 * the access check or the user info reads of the user (its sessions, certification, agreement
 * signatures, contacts, personal fields, avatar, password, the account itself). Every gateway keeps
 * in memory what it last read of a user with the stamp it saw before reading; an entry whose stamp
 * is no longer the KV's is read again. On Redis every gateway sees every other one's writes.
 *
 * Entries are also dropped after STAMPED_MAX_AGE_MS whatever the stamp says: that bounds what no
 * write announces (an agreement version whose publication time comes, a roster import run by
 * another process), and it keeps a stamp that expired from the KV from matching an old entry
 * (stamps live USER_STAMP_TTL_MS, far longer than any entry).
 */
export const STAMPED_MAX_AGE_MS = 30_000
const USER_STAMP_TTL_MS = 24 * 3600_000
const NO_STAMP = '-'

const stampKey = (userId: string) => `stamp:user:${userId}`
/** Part of every user's stamp: replaced by a change that concerns all users at once. */
const EVERY_USER_KEY = 'stamp:every-user'

/** Announces a committed change of the user to every gateway. Call it after the transaction. */
export async function userChanged(kv: Kv, userId: string): Promise<void> {
  await kv.set(stampKey(userId), randomUUID(), USER_STAMP_TTL_MS)
}

/**
 * Announces a committed change of every user at once (a new agreement version that all must sign):
 * every gateway reads each user again at their next call. Call it after the transaction.
 */
export async function everyUserChanged(kv: Kv): Promise<void> {
  await kv.set(EVERY_USER_KEY, randomUUID(), USER_STAMP_TTL_MS)
}

/** The user's current stamp: their own and everyone's, in one KV round trip. */
export async function readUserStamp(kv: Kv, userId: string): Promise<string> {
  const [own, every] = await kv.getMany([stampKey(userId), EVERY_USER_KEY])
  return `${own ?? NO_STAMP}/${every ?? NO_STAMP}`
}

/** Whose value a read is, known before loading; with the user's stamp when the request has read it. */
export interface KnownUser {
  userId: string
  /**
   * The user's stamp as read earlier in the same request, before anything of that request was
   * loaded (the access check's): using it is reading the stamp at that moment instead of now.
   * Not for a call that has written the user since: its stamp changes only as it answers.
   */
  stamp?: string
}

/** A value with the user's stamp it was checked against; no stamp when the value is not the user's asked for. */
export interface Stamped<V> {
  value: V
  stamp: string | undefined
}

interface Entry<V> {
  value: V
  userId: string
  stamp: string
  readAt: number
}

/**
 * What a gateway last read of users, by key (an access token's digest, a user id), each entry
 * checked against its user's stamp before use: one KV read instead of the database statements.
 * Bounded: past `capacity` entries the oldest goes.
 */
export class StampedCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private readonly reads: { hits: number; misses: number }

  constructor(
    private readonly kv: Kv,
    /** Its name in the read-cache metrics. */
    name = 'stamped',
    private readonly capacity = 20_000,
  ) {
    this.reads = cacheCounts(name)
  }

  /**
   * The value of `key`: the entry when its stamp is still the user's and it is young enough, else
   * `load` again. `userIdOf` tells whose value a load is. Unless `known` names the user before
   * loading, a miss loads twice around the stamp (first to learn the user, then for the value kept):
   * a write committed before the stamp was read is in the second load, and one committed after it
   * also replaced the stamp, so the entry is never newer-stamped than its data. `known.stamp` is the
   * user's stamp as the request already read it (the access check's, `read`): it is not read again.
   */
  async get(key: string, now: Date, load: () => Promise<V | undefined>, userIdOf: (value: V) => string, known?: KnownUser): Promise<V | undefined> {
    return (await this.read(key, now, load, userIdOf, known))?.value
  }

  /** `get`, with the user's stamp it was checked against (or stored with) when it is the user's. */
  async read(key: string, now: Date, load: () => Promise<V | undefined>, userIdOf: (value: V) => string, known?: KnownUser): Promise<Stamped<V> | undefined> {
    const at = now.getTime()
    const entry = this.entries.get(key)
    if (entry) {
      if (at >= entry.readAt && at - entry.readAt < STAMPED_MAX_AGE_MS) {
        const stamp = known?.userId === entry.userId && known.stamp !== undefined ? known.stamp : await readUserStamp(this.kv, entry.userId)
        if (stamp === entry.stamp) {
          this.reads.hits++
          return { value: entry.value, stamp }
        }
      }
      this.entries.delete(key)
    }
    this.reads.misses++
    let userId = known?.userId
    if (userId === undefined) {
      const first = await load()
      if (first === undefined) return undefined
      userId = userIdOf(first)
    }
    const stamp = known?.userId === userId && known.stamp !== undefined ? known.stamp : await readUserStamp(this.kv, userId)
    const value = await load()
    if (value === undefined) return undefined
    if (userIdOf(value) !== userId) return { value, stamp: undefined }
    this.entries.set(key, { value, userId, stamp, readAt: at })
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string)
    return { value, stamp }
  }

  /** Replaces the value of a kept entry (this process's own write, e.g. the last-active time). */
  update(key: string, value: V): void {
    const entry = this.entries.get(key)
    if (entry) entry.value = value
  }

  get size(): number {
    return this.entries.size
  }
}
