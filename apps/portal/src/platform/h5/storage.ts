import { createMemoryStorage } from '../shared/memory-storage'
import type { StorageAdapter } from '../types'

/**
 * Web Storage as plain strings (values stay readable by the provider's older pages and by tests).
 * Falls back to memory where storage is refused (private mode, sandboxed frames).
 */
export function createWebStorage(getStore: () => Storage): StorageAdapter {
  const memory = createMemoryStorage()
  const store = (): Storage | null => {
    try {
      return getStore()
    } catch {
      return null
    }
  }
  return {
    get(key) {
      try {
        const s = store()
        return s ? s.getItem(key) : memory.get(key)
      } catch {
        return memory.get(key)
      }
    },
    set(key, value) {
      try {
        const s = store()
        if (s) s.setItem(key, value)
        else memory.set(key, value)
      } catch {
        memory.set(key, value)
      }
    },
    remove(key) {
      try {
        store()?.removeItem(key)
      } catch {
        /* ignore */
      }
      memory.remove(key)
    },
  }
}
