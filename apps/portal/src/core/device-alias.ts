import { generateId } from './device-id'
import { clientStorage } from './storage'

/**
 * What this device is called by an outside app (the micro-assistant's `sessionId`, the older user
 * center's `pushId`): the pseudonym the gateway hands out with each grant code of that app (an HMAC
 * of the device id with a key of the gateway's), never the device id itself, which binds this
 * device's calls and sign-in flows here (issue 39).
 */
export function rememberDeviceAlias(appId: string, alias: string | undefined): void {
  if (!alias) return
  const known = clientStorage.get('deviceAliases') ?? {}
  if (known[appId] !== alias) clientStorage.set('deviceAliases', { ...known, [appId]: alias })
}

/**
 * The pseudonym of this device for an app. Before the gateway named one (the native app opened the
 * assistant with a code of its own), a random one is made and kept for that app: still not the
 * device id, and replaced by the gateway's at its first grant code.
 */
export function deviceAliasFor(appId: string): string {
  const known = clientStorage.get('deviceAliases')?.[appId]
  if (known) return known
  const made = generateId(43)
  rememberDeviceAlias(appId, made)
  return made
}
