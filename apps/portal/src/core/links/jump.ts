import { AUTO_JUMP_GUARD_S, wire, type InnerJumpDestination } from '@ess/contract/wire'
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

/** The legacy login URL with the SPEC §7 parameters: code, redirect, lang, openId, source (mp or h5). */
export function legacyJumpUrl(base: string, params: { code: string; redirect: string | null; openId?: string }): string {
  const absolute = /^https?:\/\//i.test(base) ? base : `${platform().apiBase}${base}`
  const url = new URL(absolute, typeof location === 'undefined' ? 'http://localhost' : location.origin)
  url.searchParams.set('code', params.code)
  url.searchParams.set('redirect', params.redirect ?? '')
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
  if (platform().system.leaveTo(url)) return 'left'
  await openRoute('packages/webview/index', { url }, { replace: true })
  return 'left'
}
