import {
  type AllowedUrlEntry,
  INNER_JUMP_DESTINATIONS,
  ROUTE_PATHS,
  isAllowedUrl,
  isRoutePath,
  type InnerJumpDestination,
  type LinkItem,
  type RoutePath,
} from '@ess/contract/wire'
import { getLocale } from '../../i18n/store'
import { loadUser } from '../auth/session'
import { rememberLoginTarget } from '../auth/target'
import { userStore } from '../auth/user-store'
import { openRoute, type RouteQuery } from '../navigation'
import { platform } from '../platform'
import { needsRealName, openRealName } from '../real-name/gate'
import { webviewEntries } from './allow-lists'
import { miniProgramTarget, type MiniProgramTarget } from './mini'
import { getToken } from '../session'
import { clientStorage } from '../storage'

/** Where a link item leads: a portal route with its query. */
export interface LinkTarget {
  route: RoutePath
  query?: RouteQuery
}

/** `inner:<dest>` links jump to the provider's older pages (SPEC §3 inner jump destinations). */
export function innerDestination(link: string): InnerJumpDestination | undefined {
  const dest = link.startsWith('inner:') ? link.slice('inner:'.length) : undefined
  return (INNER_JUMP_DESTINATIONS as readonly string[]).includes(dest ?? '') ? (dest as InnerJumpDestination) : undefined
}

/**
 * An https link as opened (SPEC §4): the language and gray scheme added; third-party links
 * (`external` 1) also get external, CPAppId (default 101), CPAuthType (default 0) and needOpenId.
 */
export function externalUrl(item: Pick<LinkItem, 'link' | 'external' | 'CPAppId' | 'CPAuthType' | 'needOpenId'>): string {
  const url = new URL(item.link)
  url.searchParams.set('lang', getLocale())
  const gray = clientStorage.get('grayScheme')
  if (gray) url.searchParams.set('gray', gray)
  if (item.external === 1) {
    url.searchParams.set('external', '1')
    url.searchParams.set('CPAppId', item.CPAppId || '101')
    url.searchParams.set('CPAuthType', item.CPAuthType || '0')
    url.searchParams.set('needOpenId', String(item.needOpenId))
  }
  return url.toString()
}

/** A link written as an address (a scheme, or `//host`), as opposed to a name or a route of ours. */
const ADDRESS = /^(?:[a-z][a-z0-9+.-]*:|\/\/|\/\\)/i

/**
 * The page a link item opens, or null when the link is not one the portal can open. An address
 * opens in the web-view page only when on the build's web-view list (compared as URLs: contract
 * urls.ts), as the web-view page itself checks.
 */
export function linkTarget(item: LinkItem, entries: readonly AllowedUrlEntry[] = webviewEntries()): LinkTarget | null {
  const { link } = item
  if (link === 'service') return { route: ROUTE_PATHS.service }
  if (link === 'homeNews') return { route: ROUTE_PATHS.news, query: { newscode: 'news' } }
  const dest = innerDestination(link)
  if (dest) return { route: ROUTE_PATHS.jumpTransition, query: { dest } }
  if (ADDRESS.test(link)) return isAllowedUrl(link, entries) ? { route: ROUTE_PATHS.webview, query: { url: externalUrl(item) } } : null
  if (link.startsWith('/')) {
    const [path, search = ''] = link.slice(1).split('?')
    if (!isRoutePath(path)) return null
    return { route: path, query: parseQuery(search) }
  }
  return null
}

/**
 * The pairs of a query string, read as URLSearchParams reads them ('+' is a space, the last of a
 * repeated key wins), except that a broken escape is kept as written. Not through URLSearchParams: in the mini-program that is Taro's stand-in,
 * which cannot be iterated (a tap on a home floor link threw there; test/weapp found it).
 */
export function parseQuery(search: string): Record<string, string> {
  const decode = (text: string) => {
    const spaced = text.replace(/\+/g, ' ')
    try {
      return decodeURIComponent(spaced)
    } catch {
      return spaced
    }
  }
  const query: Record<string, string> = {}
  for (const pair of search.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    query[decode(eq < 0 ? pair : pair.slice(0, eq))] = decode(eq < 0 ? '' : pair.slice(eq + 1))
  }
  return query
}

/**
 * A tap on a link item (SPEC §4 page click rules): login required and logged out → login, then
 * the target; real-name required and not verified (or expired) → the real-name option page with
 * `origin`, then the target; otherwise the target opens. Resolves the target opened (or null).
 */
export async function openLinkItem(item: LinkItem, origin = 'home'): Promise<LinkTarget | MiniProgramTarget | null> {
  const openMini = platform().system.openMiniProgram
  const mini = openMini ? miniProgramTarget(item.miniLink) : null
  if (openMini && mini) return openMiniProgramItem(item, mini, openMini, origin)
  const target = linkTarget(item)
  if (!target) {
    await openRoute(ROUTE_PATHS.thirdPartAddress)
    return null
  }
  // In the native app a web page opens in the app's own webview (docs/native-bridge.md), which
  // signs the user in first when the link needs it (needLogin).
  const bridge = target.route === ROUTE_PATHS.webview ? platform().bridge : null
  const signedIn = !!getToken()
  if (item.loginRequired && !signedIn && !bridge) {
    rememberLoginTarget(target.route, target.query)
    await openRoute(platform().loginRoute)
    return target
  }
  // The user may not be loaded yet right after start: the gate needs their certification state.
  const user = userStore.getState().user ?? (item.authenticationRequired && signedIn ? await loadUser() : null)
  if (item.authenticationRequired && (signedIn || !bridge) && needsRealName(user)) {
    await openRealName(origin, target)
    return target
  }
  if (bridge) bridge.webview({ needLogin: !!item.loginRequired, url: String(target.query?.url) })
  else await openRoute(target.route, target.query)
  return target
}

/**
 * A link item whose `miniLink` names a partner mini-program, in the WeChat mini-program (SPEC §3
 * healthMini, welfareMini): the same login and real-name gates, then wx.navigateToMiniProgram. After
 * a login it asked for, the user is back on the page they tapped (the partner is not reopened by itself).
 */
async function openMiniProgramItem(
  item: LinkItem,
  mini: MiniProgramTarget,
  open: (target: { appId: string; path: string }) => Promise<boolean>,
  origin: string,
): Promise<MiniProgramTarget> {
  const here = platform().nav.currentRoute()
  if (item.loginRequired && !getToken()) {
    rememberLoginTarget(here)
    await openRoute(platform().loginRoute)
    return mini
  }
  const user = userStore.getState().user ?? (item.authenticationRequired ? await loadUser() : null)
  if (item.authenticationRequired && needsRealName(user)) {
    await openRealName(origin, isRoutePath(here) ? { route: here } : undefined)
    return mini
  }
  await open({ appId: mini.appId, path: mini.path })
  return mini
}
