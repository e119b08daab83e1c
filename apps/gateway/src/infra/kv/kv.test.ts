import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testKv } from '../../../test/helpers/stores'
import type { Kv } from './kv'
import { memoryKv } from './memory'
import { redisKv } from './redis'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe(`KV (${process.env.REDIS_URL ? 'redis' : 'memory'})`, () => {
  let kv: Kv
  beforeAll(async () => {
    kv = await testKv()
  })
  afterAll(() => kv.close())

  it('sets, gets and deletes', async () => {
    expect(await kv.get('a')).toBeNull()
    await kv.set('a', 'one')
    expect(await kv.get('a')).toBe('one')
    await kv.set('a', 'two')
    expect(await kv.get('a')).toBe('two')
    await kv.del('a')
    expect(await kv.get('a')).toBeNull()
    await kv.del('never-set')
  })

  it('reads several values in one call, in the order of the keys', async () => {
    await kv.set('many:a', 'one')
    await kv.set('many:c', 'three', 80)
    expect(await kv.getMany(['many:a', 'many:b', 'many:c'])).toEqual(['one', null, 'three'])
    await sleep(150)
    expect(await kv.getMany(['many:c', 'many:a'])).toEqual([null, 'one'])
    expect(await kv.getMany([])).toEqual([])
  })

  it('expires a value after its TTL', async () => {
    await kv.set('ttl', 'x', 80)
    expect(await kv.get('ttl')).toBe('x')
    await sleep(150)
    expect(await kv.get('ttl')).toBeNull()
  })

  it('sets only when absent, and again once the first one expired', async () => {
    expect(await kv.setNX('nx', 'first', 80)).toBe(true)
    expect(await kv.setNX('nx', 'second', 80)).toBe(false)
    expect(await kv.get('nx')).toBe('first')
    await sleep(150)
    expect(await kv.setNX('nx', 'third', 80)).toBe(true)
    expect(await kv.get('nx')).toBe('third')
  })

  it('counts with incr; the TTL starts with the counter and is not extended', async () => {
    expect(await kv.incr('count', 150)).toBe(1)
    expect(await kv.incr('count', 150)).toBe(2)
    await sleep(80)
    expect(await kv.incr('count', 150)).toBe(3)
    await sleep(120)
    expect(await kv.get('count')).toBeNull()
    expect(await kv.incr('count', 150)).toBe(1)
  })

  it('takes a value once', async () => {
    await kv.set('once', 'v', 1000)
    const [a, b] = await Promise.all([kv.take('once'), kv.take('once')])
    expect([a, b].sort()).toEqual(['v', null].sort())
    expect(await kv.get('once')).toBeNull()
    expect(await kv.take('never-set')).toBeNull()
  })

  it('answers a ping', async () => {
    await expect(kv.ping()).resolves.toBeUndefined()
  })

  it.runIf(process.env.REDIS_URL)('stores every key under its prefix in Redis', async () => {
    const url = process.env.REDIS_URL as string
    const prefixed = await redisKv(url, { prefix: 'ess-test-prefix:' }, () => {})
    const raw = new Redis(url)
    try {
      await prefixed.set('key', 'value', 5000)
      expect(await raw.get('ess-test-prefix:key')).toBe('value')
      expect(await raw.get('key')).toBeNull()
    } finally {
      await raw.del('ess-test-prefix:key')
      raw.disconnect()
      await prefixed.close()
    }
  })
})

describe('memory KV', () => {
  it('refuses to count a value that is not an integer', async () => {
    const kv = memoryKv()
    await kv.set('word', 'hello')
    await expect(kv.incr('word', 1000)).rejects.toThrow(/integer/)
    await kv.close()
  })
})
