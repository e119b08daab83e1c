import { timingSafeEqual } from 'node:crypto'
import { PAGE_CODE_PATTERN, PREVIEW_PARAM, PREVIEW_TTL_S, ROUTE_PATHS, PAGE_CODES } from '@ess/contract'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { AppError } from '../../lib/app-error'

const PURPOSE = 'cms-preview'

/**
 * A preview token: `<page code>.<expiry in epoch seconds>.<HMAC>`, made with the gateway's HMAC
 * key (shared by every gateway through KEYS_DIR). It lets whoever holds the link read the page's
 * draft until it expires; it grants nothing else.
 */
export function previewToken(hmacKey: HmacKey, code: string, now: Date): { token: string; expiresAt: Date } {
  const expiresS = Math.floor(now.getTime() / 1000) + PREVIEW_TTL_S
  const body = `${code}.${expiresS}`
  return { token: `${body}.${hmacKey.digest(PURPOSE, body)}`, expiresAt: new Date(expiresS * 1000) }
}

/** The page code a token opens; PREVIEW_INVALID for a forged, altered, expired or other page's token. */
export function checkPreviewToken(hmacKey: HmacKey, token: string, code: string, now: Date): void {
  const [tokenCode, expires, signature] = token.split('.')
  if (!tokenCode || !expires || !signature || !PAGE_CODE_PATTERN.test(tokenCode) || !/^\d{1,12}$/.test(expires)) throw new AppError('PREVIEW_INVALID')
  const expected = Buffer.from(hmacKey.digest(PURPOSE, `${tokenCode}.${expires}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('PREVIEW_INVALID')
  if (tokenCode !== code || Number(expires) * 1000 <= now.getTime()) throw new AppError('PREVIEW_INVALID')
}

/** The portal address that shows a page's draft: its tab, with the token in the hash route's query. */
export function previewUrl(publicOrigin: string, code: string, token: string): string {
  const route = code === PAGE_CODES.services ? ROUTE_PATHS.service : ROUTE_PATHS.home
  return `${publicOrigin}/#/${route}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`
}
