import { hmac } from '@noble/hashes/hmac'
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from '@noble/hashes/utils'
import { PORTAL_APP_ID, SIGNATURE_WINDOW_MS } from './constants'

/**
 * Request signature (SPEC §3 headers `_tk _t _aid _n _s _c _ut _tid accept-language`).
 *
 * Canonical string (lines joined by "\n"):
 *   ESS1-HMAC-SHA256
 *   METHOD                      upper case
 *   PATH                        URL path as sent, without query (e.g. /app/user/api/dict/list)
 *   CANONICAL-QUERY             pairs sorted by key then value, RFC 3986 encoded, joined by &
 *   BODY-SHA256                 hex SHA-256 of the exact body string sent ("" when none;
 *                               the literal UNSIGNED-PAYLOAD for multipart uploads)
 *   _aid, _c, _n, _t, _tk, _ut  one line each, in that order ("" when absent)
 * `_s` = hex HMAC-SHA256(appKey(_aid), canonical string).
 *
 * What it protects:
 * - Replay: the gateway refuses a `_t` more than SIGNATURE_WINDOW_MS from its clock, and a `_n`
 *   already seen inside that window (each nonce is remembered until its `_t` has left the window).
 * - Tampering with a captured request: method, path, query, body, token and device id are bound
 *   together, so a recorded request cannot be altered (say, to another query) and sent again.
 * - Accidental corruption and naive scripted calls that do not go through the client library.
 *
 * What it does NOT protect:
 * - It does not authenticate the app: the app key is shipped inside every client and is public
 *   by nature; anyone who reads the bundle can sign. Authentication is the access token (`_tk`).
 * - It gives no confidentiality: only TLS does. Without TLS a token can be stolen and used in
 *   freshly signed requests.
 * - Headers outside the list (accept-language, `_tid`) are not signed; they change only the
 *   language of messages and the trace id of logs.
 * - A path rewritten by a reverse proxy breaks verification; sign and verify the same path.
 */

export const SIGNATURE_SCHEME = 'ESS1-HMAC-SHA256'
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'

/** Header names of SPEC §3. */
export const HEADERS = {
  token: '_tk',
  timestamp: '_t',
  appId: '_aid',
  nonce: '_n',
  signature: '_s',
  client: '_c',
  deviceId: '_ut',
  traceId: '_tid',
  language: 'accept-language',
} as const

/**
 * Public app keys per app id. Not secrets (see above): they only make the signature app-specific.
 * The native app's outer clients sign with the key of the app id they pass as `_aid`.
 */
export const APP_KEYS: Record<string, string> = {
  [PORTAL_APP_ID]: 'ess-portal-public-app-key-101-v1',
}

export function appKey(appId: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(APP_KEYS, appId) ? APP_KEYS[appId] : undefined
}

/** The key of an app id, or undefined for an app with none (its requests cannot be signed). */
export type AppKeyLookup = (appId: string) => string | undefined

export const OUTER_APP_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/
export const OUTER_APP_KEY_PATTERN = /^[\x21-\x7e]{16,128}$/

/**
 * Outer apps' keys from configuration (`OUTER_APP_KEYS`, README): `appId:key` pairs separated by
 * commas or white space. An app id is 1–32 of `A-Z a-z 0-9 _ -`; a key 16–128 printable ASCII
 * characters. The portal's own app id cannot be given another key. Throws on anything else, naming
 * the pair, so a deployment with a typo does not start.
 */
export function parseOuterAppKeys(text: string | undefined): Record<string, string> {
  const keys: Record<string, string> = {}
  for (const pair of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const colon = pair.indexOf(':')
    const id = colon < 0 ? pair : pair.slice(0, colon)
    const key = colon < 0 ? '' : pair.slice(colon + 1)
    if (!OUTER_APP_ID_PATTERN.test(id)) throw new Error(`OUTER_APP_KEYS: "${id}" is not an app id (1-32 of A-Z a-z 0-9 _ -)`)
    if (!OUTER_APP_KEY_PATTERN.test(key)) throw new Error(`OUTER_APP_KEYS: the key of app ${id} must be 16-128 printable ASCII characters`)
    if (appKey(id) !== undefined) throw new Error(`OUTER_APP_KEYS: app ${id} is the portal's own; its key is fixed`)
    if (Object.prototype.hasOwnProperty.call(keys, id)) throw new Error(`OUTER_APP_KEYS: app ${id} is given twice`)
    keys[id] = key
  }
  return keys
}

/** The portal's keys and the configured outer apps' keys. */
export function appKeyLookup(outer: Record<string, string>): AppKeyLookup {
  return (appId) => appKey(appId) ?? (Object.prototype.hasOwnProperty.call(outer, appId) ? outer[appId] : undefined)
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * One pair of RFC 3986 unreserved characters (`type=gender`, the query of most calls) is its own
 * canonical form: nothing to decode, encode or sort. The gateway checks a query on every signed call.
 */
const CANONICAL_PAIR = /^[A-Za-z0-9._~-]*=[A-Za-z0-9._~-]*$/

/** Sorted, RFC 3986-encoded query from a search string (with or without the leading "?"). */
export function canonicalQuery(search: string): string {
  const raw = search.startsWith('?') ? search.slice(1) : search
  if (!raw) return ''
  if (CANONICAL_PAIR.test(raw)) return raw
  const pairs: Array<[string, string]> = []
  for (const part of raw.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const k = eq < 0 ? part : part.slice(0, eq)
    const v = eq < 0 ? '' : part.slice(eq + 1)
    pairs.push([safeDecode(k), safeDecode(v)])
  }
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
  return pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return s
  }
}

/** Builds a query string (without "?") from a flat object; undefined and null values are left out. */
export function buildQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return ''
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${enc(k)}=${enc(String(params[k]))}`)
    .join('&')
}

/**
 * UTF-8 bytes of a string, as TextEncoder gives them (a lone surrogate becomes U+FFFD), without
 * TextEncoder: the mini-program's logic layer has none, and @noble/hashes' utf8ToBytes calls it
 * (every signed call of the mini-program threw before it was sent; found by apps/portal/test/weapp).
 */
export function utf8Bytes(text: string): Uint8Array {
  const out: number[] = []
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1)
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
        i++
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
    if (code < 0x80) out.push(code)
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f))
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
  }
  return Uint8Array.from(out)
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8Bytes(text)))
}

export interface SignInput {
  method: string
  /** URL path without query. */
  path: string
  /** Query string, with or without "?". */
  query?: string
  /** Exact body string sent, or UNSIGNED_PAYLOAD for multipart; undefined/"" when none. */
  body?: string
  appId: string
  client: string
  nonce: string
  timestamp: string
  token?: string
  deviceId: string
}

/**
 * The two hash functions of the signature. The default is @noble/hashes (pure JS: every client
 * platform has it); the gateway passes node:crypto's native ones, same results, several times faster.
 */
export interface SignatureHashes {
  sha256Hex(text: string): string
  hmacSha256Hex(key: string, text: string): string
}

const JS_HASHES: SignatureHashes = {
  sha256Hex,
  hmacSha256Hex: (key, text) => bytesToHex(hmac(sha256, utf8Bytes(key), utf8Bytes(text))),
}

export function canonicalString(input: SignInput, hashes: SignatureHashes = JS_HASHES): string {
  const bodyHash = input.body === UNSIGNED_PAYLOAD ? UNSIGNED_PAYLOAD : hashes.sha256Hex(input.body ?? '')
  return [
    SIGNATURE_SCHEME,
    input.method.toUpperCase(),
    input.path,
    canonicalQuery(input.query ?? ''),
    bodyHash,
    input.appId,
    input.client,
    input.nonce,
    input.timestamp,
    input.token ?? '',
    input.deviceId,
  ].join('\n')
}

/** Returns the `_s` value, or undefined when the app id has no key. */
export function signRequest(input: SignInput, hashes: SignatureHashes = JS_HASHES, keys: AppKeyLookup = appKey): string | undefined {
  const key = keys(input.appId)
  if (!key) return undefined
  return hashes.hmacSha256Hex(key, canonicalString(input, hashes))
}

/**
 * The signed headers of a request as a client sends them: `_aid _c _n _t _tk _ut` (`_tk` empty when
 * logged out, which the gateway reads as no token) and `_s`, left out when the app id has no key.
 * The inverse of what `verifySignature` reads; callers add `accept-language` and `_tid`.
 */
export function signHeaders(input: SignInput, keys: AppKeyLookup = appKey): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.appId]: input.appId,
    [HEADERS.client]: input.client,
    [HEADERS.nonce]: input.nonce,
    [HEADERS.timestamp]: input.timestamp,
    [HEADERS.token]: input.token ?? '',
    [HEADERS.deviceId]: input.deviceId,
  }
  const signature = signRequest(input, JS_HASHES, keys)
  if (signature) headers[HEADERS.signature] = signature
  return headers
}

/** Constant-time comparison of two hex strings. */
export function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
export const TIMESTAMP_PATTERN = /^\d{10,16}$/

export type SignatureVerdict =
  | { ok: true }
  | { ok: false; reason: 'SIGNATURE_MISSING' | 'SIGNATURE_INVALID' | 'TIMESTAMP_STALE' }

/**
 * Checks the headers and the signature of a request (the nonce's single use is checked by the
 * caller against its store, after this passes). `headers` are lower-cased names as Node gives them.
 */
export function verifySignature(
  req: { method: string; path: string; query: string; body?: string; headers: Record<string, string | string[] | undefined> },
  now: number,
  windowMs: number = SIGNATURE_WINDOW_MS,
  hashes: SignatureHashes = JS_HASHES,
  keys: AppKeyLookup = appKey,
): SignatureVerdict {
  const h = (name: string) => {
    const v = req.headers[name]
    return Array.isArray(v) ? v[0] : v
  }
  const s = h(HEADERS.signature)
  const t = h(HEADERS.timestamp)
  const n = h(HEADERS.nonce)
  const aid = h(HEADERS.appId)
  const ut = h(HEADERS.deviceId)
  if (!s || !t || !n || !aid || !ut) return { ok: false, reason: 'SIGNATURE_MISSING' }
  if (!TIMESTAMP_PATTERN.test(t) || !NONCE_PATTERN.test(n) || !/^[0-9a-f]{64}$/.test(s)) {
    return { ok: false, reason: 'SIGNATURE_INVALID' }
  }
  const expected = signRequest({
    method: req.method,
    path: req.path,
    query: req.query,
    body: req.body,
    appId: aid,
    client: h(HEADERS.client) ?? '',
    nonce: n,
    timestamp: t,
    token: h(HEADERS.token) ?? '',
    deviceId: ut,
  }, hashes, keys)
  if (!expected || !safeEqualHex(expected, s)) return { ok: false, reason: 'SIGNATURE_INVALID' }
  if (Math.abs(now - Number(t)) > windowMs) return { ok: false, reason: 'TIMESTAMP_STALE' }
  return { ok: true }
}

/**
 * The signature of a server-to-server call of the notices API (`/open/api/v1/…`): the same
 * canonical string, with `_c`, `_tk` and `_ut` empty, keyed with the app's own secret (made under
 * the gateway's KEYS_DIR and handed to that system only). Unlike the portal's public app key, the
 * secret authenticates the app. Headers `_aid _t _n _s`.
 */
export function signOpenRequest(
  input: { method: string; path: string; query?: string; body?: string; appId: string; nonce: string; timestamp: string },
  secret: string,
  hashes: SignatureHashes = JS_HASHES,
): Record<string, string> {
  const signature = hashes.hmacSha256Hex(secret, canonicalString({ ...input, client: '', token: '', deviceId: '' }, hashes))
  return { [HEADERS.appId]: input.appId, [HEADERS.timestamp]: input.timestamp, [HEADERS.nonce]: input.nonce, [HEADERS.signature]: signature }
}
