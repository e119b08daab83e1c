import { AUTO_JUMP_GUARD_S, allowedRedirect, parseAllowList, wire, type InnerJumpDestination } from '@ess/contract/wire'
import { getLocale } from '../../i18n/store'
import { request } from '../http/request'
import { openRoute } from '../navigation'
import { platform } from '../platform'
import { clientStorage, getOpenId } from '../storage'
import { openIdEnvironment } from '../wechat'

/** The provider's older user center, as registered with the gateway (the app that redeems the codes). */
export const LEGACY_AUTH_APP_ID = 'ouc'

/**
 * Auto-jump guard (SPEC §4, §9): at least AUTO_JUMP_GUARD_S between automatic jumps; answers
 * whether this one may go, and records it when it does.
 */
export function claimAutoJump(now = Date.now()): boolean {
  const last = clientStorage.get('autoJumpAt')
  if (last && now - last < AUTO_JUMP_GUARD_S * 1000 && now >= last) return false
  clientStorage.set('autoJumpAt', now)
  return true
}

/**
 * The legacy login URL with the SPEC §7 parameters: code, redirect, lang, openId, source (mp or h5).
 * The `redirect` must be a page of the older system itself (a path, or an address on its origin:
 * contract allowedRedirect); null when it is not, and the jump does not go.
 */
export function legacyJumpUrl(base: string, params: { code: string; redirect: string | null; openId?: string }): string | null {
  const absolute = /^https?:\/\//i.test(base) ? base : `${platform().apiBase}${base}`
  const url = new URL(absolute, typeof location === 'undefined' ? 'http://localhost' : location.origin)
  const redirect = params.redirect ? allowedRedirect(params.redirect, parseAllowList([`${url.origin}/`])) : null
  if (params.redirect && !redirect) return null
  url.searchParams.set('code', params.code)
  url.searchParams.set('redirect', redirect ? `${redirect.pathname}${redirect.search}${redirect.hash}` : '')
  url.searchParams.set('lang', getLocale())
  url.searchParams.set('openId', params.openId ?? '')
  url.searchParams.set('source', platform().kind === 'weapp' ? 'mp' : 'h5')
  return url.toString()
}

export type JumpOutcome = 'left' | 'guarded' | 'failed'

/**
 * An inner jump (medClaims, payment, insurance, checkUp): a one-time code for the older system,
 * then the browser goes to its loginByCodeAndRedirect (the mini-program opens it in the web-view
 * page). An empty code is logged as "Failed to get one-time code" (SPEC §8).
 */
export async function innerJump(dest: InnerJumpDestination, now = Date.now()): Promise<JumpOutcome> {
  if (!claimAutoJump(now)) return 'guarded'
  const grant = await request(wire.grantCode, { authAppId: LEGACY_AUTH_APP_ID, dest })
  if (!grant?.code) {
    console.error('Failed to get one-time code')
    return 'failed'
  }
  const url = legacyJumpUrl(grant.legacyLoginUrl, { code: grant.code, redirect: grant.redirect, openId: getOpenId(openIdEnvironment()) ?? '' })
  if (!url) {
    console.error('Refused an inner jump: its redirect is not a page of the older system')
    return 'failed'
  }
  if (platform().system.leaveTo(url)) return 'left'
  await openRoute('packages/webview/index', { url }, { replace: true })
  return 'left'
}
