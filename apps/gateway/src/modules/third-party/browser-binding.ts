import { timingSafeEqual } from 'node:crypto'
import { OAUTH_STATE_TTL_S } from '@ess/contract'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { ClientOrigin } from '../../lib/client-origin'
import { newToken, sha256Hex } from '../../lib/digest'

/**
 * Binds each third-party sign-in flow to the browser that started it (RFC 9700 §2.1 and §4.7: the
 * client must bind the authorization response to the user agent). A random value in an HttpOnly
 * cookie is set when the flow starts; its digest is kept with the state and then with the ticket;
 * the callback and the ticket's redemption refuse a browser that does not present it. The device
 * id alone is not enough: it is not a secret of the browser (it travels in headers and was handed
 * to outside systems).
 *
 * `__Host-` (Secure, Path=/, no Domain: no subdomain or plain-http page can set or overwrite it)
 * everywhere but in development, where the portal may be reached over plain http by a LAN address
 * and a Secure cookie would not be kept. SameSite=Lax: the callback is a top-level navigation from
 * the provider's site, which a Strict cookie would not accompany.
 */
export interface BrowserCookie {
  name: string
  secure: boolean
}

export const browserCookie = (development: boolean): BrowserCookie =>
  development ? { name: 'ess-oauth-browser', secure: false } : { name: '__Host-ess-oauth-browser', secure: true }

/** The cookie lives through the state and then the ticket (10 + 5 minutes). */
export const BROWSER_COOKIE_MAX_AGE_S = OAUTH_STATE_TTL_S + 5 * 60

export const cookieOptions = (cookie: BrowserCookie): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  secure: cookie.secure,
  sameSite: 'lax',
  maxAge: BROWSER_COOKIE_MAX_AGE_S,
})

/**
 * Clients that keep no cookies (the WeChat mini-program, the native apps' own screens): their flow
 * stays bound to the device id alone, and only such a client may redeem it (README "Third-party
 * accounts" says what protects them). A web browser always needs the cookie.
 */
const COOKIELESS_CLIENTS: ReadonlySet<string> = new Set(['weapp', 'ios', 'android'])
export const keepsCookies = (origin: ClientOrigin) => !COOKIELESS_CLIENTS.has(origin.client)

const TOKEN = /^[\w-]{43}$/

/** The browser's value when it sent one of the right form (a started flow keeps it: several tabs may sign in at once). */
export const presentedValue = (value: string | undefined): string | undefined => (value && TOKEN.test(value) ? value : undefined)

/** The value to set for a flow starting now: the browser's own when it has one, else a new one. */
export const valueForFlow = (presented: string | undefined) => presented ?? newToken()

export const browserDigest = (value: string) => sha256Hex(`oauth-browser\n${value}`)

/**
 * Whether the request comes from the browser (or the kind of client) that started a flow: the
 * cookie's digest matches the one kept; a flow started without a cookie is redeemed only by a
 * client that keeps none.
 */
export function sameBrowser(kept: string | undefined, presented: string | undefined, origin?: ClientOrigin): boolean {
  if (!kept) return origin !== undefined && !keepsCookies(origin)
  if (!presented) return false
  return timingSafeEqual(Buffer.from(browserDigest(presented), 'hex'), Buffer.from(kept, 'hex'))
}
