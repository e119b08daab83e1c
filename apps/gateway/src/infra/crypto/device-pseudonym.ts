import { createHmac } from 'node:crypto'
import path from 'node:path'
import { loadOrCreate256BitKey } from './key-file'

/**
 * What an outside system is told instead of our device id (`_ut`): an HMAC-SHA256 of the device id
 * keyed with a key of ours and labelled with the system's app id (the micro-assistant's `sessionId`,
 * the older user center's `pushId`). Stable for one device and one system, so the system can keep
 * its own records by it; unlinkable across systems, and worthless to us: it cannot be presented as a
 * device id, and the device id cannot be recovered from it without the key.
 */
export interface DevicePseudonyms {
  /** 43 base64url characters. */
  of(appId: string, deviceId: string): string
}

/** The key, made at first start in `<keysDir>/device-pseudonym.key` (32 random bytes, base64). */
export function loadDevicePseudonyms(keysDir: string): DevicePseudonyms {
  const key = loadOrCreate256BitKey(path.join(keysDir, 'device-pseudonym.key'))
  return {
    of: (appId, deviceId) => createHmac('sha256', key).update(appId).update('\0').update(deviceId).digest('base64url'),
  }
}
