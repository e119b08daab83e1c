import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testKv } from '../../../test/helpers/stores'
import type { Kv } from '../../infra/kv/kv'
import { STAMPED_MAX_AGE_MS, StampedCache, everyUserChanged, readUserStamp, userChanged } from './user-stamp'

interface Row {
  userId: string
  name: string
}

let kv: Kv
beforeAll(async () => {
  kv = await testKv()
})
afterAll(() => kv.close())

/** A store of rows the cache reads through, counting its loads. */
function source(rows: Record<string, Row>) {
  let loads = 0
  return {
    load: (key: string) => async () => {
      loads++
      const row = rows[key]
      return row ? { ...row } : undefined
    },
    get loads() {
      return loads
    },
  }
}

const userOf = (row: Row) => row.userId

/** The KV with its reads counted. */
function countingKv(inner: Kv) {
  let count = 0
  const counted: Kv = Object.assign(Object.create(inner) as Kv, {
    get: (key: string) => {
      count++
      return inner.get(key)
    },
    // One round trip (MGET), as a stamp is read: the user's own and everyone's part.
    getMany: (keys: readonly string[]) => {
      count++
      return inner.getMany(keys)
    },
  })
  return {
    kv: counted,
    get count() {
      return count
    },
  }
}
const at = (ms: number) => new Date(1_800_000_000_000 + ms)

describe('StampedCache (what a gateway keeps of a user while its stamp stands)', () => {
  it('reads an unknown key twice around the stamp, then serves it without loading while the stamp stands', async () => {
    const rows = { tokenA: { userId: 'u-hit', name: 'first' } }
    const db = source(rows)
    const cache = new StampedCache<Row>(kv)
    expect(await cache.get('tokenA', at(0), db.load('tokenA'), userOf)).toEqual({ userId: 'u-hit', name: 'first' })
    expect(db.loads).toBe(2)
    rows.tokenA.name = 'changed without announcing it'
    expect(await cache.get('tokenA', at(1000), db.load('tokenA'), userOf)).toMatchObject({ name: 'first' })
    expect(db.loads).toBe(2)
  })

  it('reads again once the user changed (here or on another gateway sharing the KV)', async () => {
    const rows = { tokenB: { userId: 'u-changed', name: 'before' } }
    const db = source(rows)
    const cache = new StampedCache<Row>(kv)
    await cache.get('tokenB', at(0), db.load('tokenB'), userOf)
    rows.tokenB.name = 'after'
    const stamp = await readUserStamp(kv, 'u-changed')
    await userChanged(kv, 'u-changed')
    expect(await readUserStamp(kv, 'u-changed')).not.toBe(stamp)
    expect(await cache.get('tokenB', at(10), db.load('tokenB'), userOf)).toMatchObject({ name: 'after' })
  })

  it('sees a change announced for every user (a new agreement to sign) in every user\'s stamp', async () => {
    const before = [await readUserStamp(kv, 'u-a'), await readUserStamp(kv, 'u-b')]
    await everyUserChanged(kv)
    expect(await readUserStamp(kv, 'u-a')).not.toBe(before[0])
    expect(await readUserStamp(kv, 'u-b')).not.toBe(before[1])
  })

  it('with the user known, loads once; a key of another user is not kept', async () => {
    const rows = { 'u-known': { userId: 'u-known', name: 'x' } }
    const db = source(rows)
    const cache = new StampedCache<Row>(kv)
    await cache.get('u-known', at(0), db.load('u-known'), userOf, { userId: 'u-known' })
    expect(db.loads).toBe(1)
    await cache.get('u-known', at(5), db.load('u-known'), userOf, { userId: 'u-known' })
    expect(db.loads).toBe(1)
    const other = source({ k: { userId: 'someone-else', name: 'y' } })
    await cache.get('k', at(0), other.load('k'), userOf, { userId: 'u-known' })
    expect(cache.size).toBe(1)
  })

  it('checks against the stamp the request already read instead of reading it again, and still sees a change announced before that read', async () => {
    const rows = { 'u-once': { userId: 'u-once', name: 'first' } }
    const db = source(rows)
    const reads = countingKv(kv)
    const access = new StampedCache<Row>(reads.kv)
    const info = new StampedCache<Row>(reads.kv)
    // One request: the access check reads the stamp, the user info reuses it.
    const request = async (ms: number) => {
      const checked = await access.read('token', at(ms), db.load('u-once'), userOf)
      return info.get('u-once', at(ms), db.load('u-once'), userOf, { userId: 'u-once', stamp: checked?.stamp })
    }
    expect(await request(0)).toMatchObject({ name: 'first' })
    const before = reads.count
    expect(await request(1)).toMatchObject({ name: 'first' })
    expect(reads.count - before).toBe(1)
    // Another gateway (the same KV) changes the user: the next request's one read sees it in both.
    rows['u-once'].name = 'second'
    await userChanged(kv, 'u-once')
    expect(await request(2)).toMatchObject({ name: 'second' })
    expect((await access.read('token', at(3), db.load('u-once'), userOf))?.value).toMatchObject({ name: 'second' })
  })

  it('a stale stamp given by a request misses and loads again: it never serves an entry stored under a newer stamp', async () => {
    const rows = { 'u-stale': { userId: 'u-stale', name: 'old' } }
    const db = source(rows)
    const cache = new StampedCache<Row>(kv)
    const stale = await readUserStamp(kv, 'u-stale')
    rows['u-stale'].name = 'new'
    await userChanged(kv, 'u-stale')
    expect(await cache.get('u-stale', at(0), db.load('u-stale'), userOf, { userId: 'u-stale' })).toMatchObject({ name: 'new' })
    expect(db.loads).toBe(1)
    // A request that read the stamp before the change: the kept entry is not its stamp's, it reads the database.
    expect(await cache.get('u-stale', at(1), db.load('u-stale'), userOf, { userId: 'u-stale', stamp: stale })).toMatchObject({ name: 'new' })
    expect(db.loads).toBe(2)
  })

  it('never keeps an entry older than the stamp it was stored with: a write between the two loads wins', async () => {
    const rows: Record<string, Row> = { tokenC: { userId: 'u-race', name: 'old' } }
    const cache = new StampedCache<Row>(kv)
    let loads = 0
    // The first load sees the old row; the write commits and announces itself before the stamp is
    // read; the second load (the value kept) sees the new row.
    const load = async () => {
      loads++
      const row = { ...rows.tokenC }
      if (loads === 1) {
        rows.tokenC.name = 'new'
        await userChanged(kv, 'u-race')
      }
      return row
    }
    expect(await cache.get('tokenC', at(0), load, userOf)).toMatchObject({ name: 'new' })
    expect(await cache.get('tokenC', at(1), load, userOf)).toMatchObject({ name: 'new' })
    expect(loads).toBe(2)
  })

  it(`drops an entry after ${STAMPED_MAX_AGE_MS / 1000} s, and when the clock went back`, async () => {
    const rows = { tokenD: { userId: 'u-age', name: 'v1' } }
    const db = source(rows)
    const cache = new StampedCache<Row>(kv)
    await cache.get('tokenD', at(60_000), db.load('tokenD'), userOf)
    rows.tokenD.name = 'v2'
    expect(await cache.get('tokenD', at(60_000 + STAMPED_MAX_AGE_MS - 1), db.load('tokenD'), userOf)).toMatchObject({ name: 'v1' })
    expect(await cache.get('tokenD', at(60_000 + STAMPED_MAX_AGE_MS), db.load('tokenD'), userOf)).toMatchObject({ name: 'v2' })
    rows.tokenD.name = 'v3'
    expect(await cache.get('tokenD', at(0), db.load('tokenD'), userOf)).toMatchObject({ name: 'v3' })
  })

  it('keeps nothing for a key that loads nothing, and at most its capacity', async () => {
    const cache = new StampedCache<Row>(kv, 'test', 2)
    expect(await cache.get('nobody', at(0), async () => undefined, userOf)).toBeUndefined()
    expect(cache.size).toBe(0)
    for (const key of ['k1', 'k2', 'k3']) await cache.get(key, at(0), async () => ({ userId: `u-${key}`, name: key }), userOf)
    expect(cache.size).toBe(2)
    let loaded = false
    await cache.get('k1', at(1), async () => ((loaded = true), { userId: 'u-k1', name: 'k1' }), userOf)
    expect(loaded).toBe(true)
  })
})
