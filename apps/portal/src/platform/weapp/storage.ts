import Taro from '@tarojs/taro'
import type { StorageAdapter } from '../types'

/** The mini-program's synchronous storage, strings only. */
export function createMiniStorage(): StorageAdapter {
  return {
    get(key) {
      try {
        const v: unknown = Taro.getStorageSync(key)
        return typeof v === 'string' && v !== '' ? v : v === '' || v === undefined || v === null ? null : String(v)
      } catch {
        return null
      }
    },
    set(key, value) {
      try {
        Taro.setStorageSync(key, value)
      } catch {
        /* storage full: the value is lost, as on the web */
      }
    },
    remove(key) {
      try {
        Taro.removeStorageSync(key)
      } catch {
        /* ignore */
      }
    },
  }
}
