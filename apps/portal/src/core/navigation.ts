import { HOME_ROUTE, isTabRoute, type RoutePath } from '@ess/contract/wire'
import { platform } from './platform'

export type RouteQuery = Record<string, string | number | boolean | null | undefined>

/** `/<route>?a=1&b=2` (values URI-encoded, empty ones left out). */
export function routeUrl(route: RoutePath, query?: RouteQuery): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return `/${route}${pairs.length ? `?${pairs.join('&')}` : ''}`
}

export interface OpenOptions {
  /** Replace the current page instead of pushing one. */
  replace?: boolean
}

/**
 * Opens a route the way it must be opened: tab pages with switchTab (they take no query),
 * others with navigateTo (or redirectTo when replacing, or when the page stack is full).
 */
export async function openRoute(route: RoutePath, query?: RouteQuery, { replace = false }: OpenOptions = {}): Promise<void> {
  const { nav } = platform()
  if (isTabRoute(route)) return nav.switchTab(routeUrl(route))
  const url = routeUrl(route, query)
  if (replace) return nav.redirectTo(url)
  try {
    await nav.navigateTo(url)
  } catch {
    // The mini-program keeps at most 10 pages in the stack.
    await nav.redirectTo(url)
  }
}

/** Closes every page and opens `route` (tab pages included). */
export function relaunch(route: RoutePath, query?: RouteQuery): Promise<void> {
  return platform().nav.reLaunch(routeUrl(route, isTabRoute(route) ? undefined : query))
}

export function goHome(): Promise<void> {
  return platform().nav.switchTab(routeUrl(HOME_ROUTE))
}

/** Unknown page in the mini-program (app onPageNotFound): back to home. */
export function relaunchHome(): Promise<void> {
  return relaunch(HOME_ROUTE)
}

/** Back when there is history, home otherwise (a page opened from a shared link). */
export function goBack(): Promise<void> {
  const { nav } = platform()
  return nav.stackDepth() > 1 ? nav.navigateBack(1) : goHome()
}

export function canGoBack(): boolean {
  return platform().nav.stackDepth() > 1
}
