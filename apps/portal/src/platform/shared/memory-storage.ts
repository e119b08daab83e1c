import type { StorageAdapter } from '../types'

/** A storage that lives as long as the JS context (tests, the mini-program's session storage). */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageAdapter {
  const map = new Map(Object.entries(initial))
  return {
    get: (key) => (map.has(key) ? (map.get(key) as string) : null),
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  }
}
