import { HEADERS, PORTAL_APP_ID, appKeyLookup, signHeaders } from '@ess/contract/wire'
import { customRandom } from 'nanoid'
import { getLocale } from '../../i18n/store'
import { generateId, getDeviceId } from '../device-id'
import { platform } from '../platform'
import { clientStorage } from '../storage'

export const NONCE_LENGTH = 32
const HEX = '0123456789abcdef'

/** A fresh trace id: 32 hex digits (the shape of a W3C trace id). */
export function newTraceId(): string {
  return customRandom(HEX, 32, (n) => platform().crypto.randomBytes(n))()
}

/** `_c`: the outer client id when the app was opened by one, else the platform's own type. */
export function clientType(): string {
  return clientStorage.get('outerClient') || platform().system.clientType()
}

/** The keys the portal signs with: its own, and the outer apps' of the build (README OUTER_APP_KEYS). */
export const signingKeys = appKeyLookup(ESS_OUTER_APP_KEYS)

/** `_aid`: the outer app id when one was stored, else the portal's. */
export function appId(): string {
  return clientStorage.get('outerAppId') || PORTAL_APP_ID
}

export interface SignedParts {
  method: string
  /** Path as sent, without the query, e.g. /app/user/api/dict/list. */
  path: string
  /** Query string without "?" ('' when none). */
  query: string
  /** Exact body string, UNSIGNED_PAYLOAD for multipart, undefined when none. */
  body?: string
}

/**
 * Every header of SPEC §3: `_tk _t _aid _n _s _c _ut accept-language _tid`. `_s` signs exactly what
 * is sent (contract signRequest); it is left out only when the app id has no key.
 */
export function buildHeaders(parts: SignedParts, now: number = Date.now()): Record<string, string> {
  return {
    ...signHeaders({
      ...parts,
      appId: appId(),
      client: clientType(),
      nonce: generateId(NONCE_LENGTH),
      timestamp: String(now),
      token: clientStorage.get('token') ?? '',
      deviceId: getDeviceId(),
    }, signingKeys),
    [HEADERS.language]: getLocale(),
    [HEADERS.traceId]: newTraceId(),
  }
}
