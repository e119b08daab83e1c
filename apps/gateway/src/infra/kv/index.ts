import type { Kv, KvOptions } from './kv'
import { memoryKv } from './memory'
import { redisKv } from './redis'

export type { Kv, KvOptions } from './kv'

/** Redis when a URL is given, else the in-memory store. */
export function openKv(redisUrl: string | undefined, options: KvOptions, onError: (error: Error) => void): Promise<Kv> {
  return redisUrl ? redisKv(redisUrl, options, onError) : Promise.resolve(memoryKv(options))
}
