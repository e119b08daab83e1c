import { platform } from '../platform'
import { CODECS, STORAGE_KEYS, type StorageName, type StoredValues } from './keys'

export { STORAGE_KEYS, type CachedPublicKey, type StorageName, type StoredValues } from './keys'

/**
 * Typed access to the stored client values of SPEC §3 through the platform's storage adapter.
 * A value that cannot be decoded (hand-edited, older format) reads as absent.
 */
export const clientStorage = {
  get<K extends StorageName>(name: K): StoredValues[K] | null {
    const raw = platform().storage.get(STORAGE_KEYS[name])
    if (raw === null || raw === '') return null
    return CODECS[name].decode(raw) as StoredValues[K] | null
  },
  set<K extends StorageName>(name: K, value: StoredValues[K]): void {
    platform().storage.set(STORAGE_KEYS[name], (CODECS[name] as { encode(v: StoredValues[K]): string }).encode(value))
  },
  remove(name: StorageName): void {
    platform().storage.remove(STORAGE_KEYS[name])
  },
}

/** The cached open id of one environment. */
export function getOpenId(env: string): string | null {
  return clientStorage.get('openIds')?.[env] ?? null
}

export function setOpenId(env: string, openId: string): void {
  clientStorage.set('openIds', { ...(clientStorage.get('openIds') ?? {}), [env]: openId })
}
