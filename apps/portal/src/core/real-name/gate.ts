import { HOME_ROUTE, ROUTE_PATHS, isTabRoute, type RoutePath, type UserInfo } from '@ess/contract/wire'
import { openRoute, type RouteQuery } from '../navigation'
import { platform } from '../platform'
import { isRoute } from '../auth/target'

/**
 * Real-name gating (SPEC §4, §6): a link or destination that needs real-name verification sends an
 * uncertified or expired user to `packages/auth/realNameAuthOption?origin=<origin>`, remembering
 * where they were going; after a successful verification `resumeAfterRealName` opens it.
 */
const KEY = 'real-name-target'
/** The page the gate was opened from and its depth in the page stack (see resumeAfterRealName). */
const ORIGIN_KEY = 'real-name-origin'

export interface RealNameTarget {
  route: RoutePath
  query?: Record<string, string>
}

/** True when the user must verify (again) before a real-name-gated service. */
export function needsRealName(user: Pick<UserInfo, 'certificationStatus' | 'isExpired'> | null | undefined): boolean {
  return !user || user.certificationStatus !== 1 || user.isExpired
}

/** Remembers where to go after verification and opens the option page with `origin`. */
export function openRealName(origin: string, target?: { route: RoutePath; query?: RouteQuery }, { replace = false } = {}): Promise<void> {
  const { session, nav } = platform()
  if (target && isRoute(target.route)) {
    const query: Record<string, string> = {}
    for (const [k, v] of Object.entries(target.query ?? {})) if (v !== undefined && v !== null && v !== '') query[k] = String(v)
    session.set(KEY, JSON.stringify({ route: target.route, query } satisfies RealNameTarget))
  } else {
    session.remove(KEY)
  }
  // A page replaced by the option page is gone from the stack: nothing to come back to.
  if (replace) session.remove(ORIGIN_KEY)
  else session.set(ORIGIN_KEY, JSON.stringify({ route: nav.currentRoute(), depth: nav.stackDepth() } satisfies OriginMark))
  return openRoute(ROUTE_PATHS.realNameAuthOption, { origin }, { replace })
}

interface OriginMark {
  route: string
  depth: number
}

function originMark(): OriginMark | null {
  try {
    const raw = platform().session.get(ORIGIN_KEY)
    const value = raw ? (JSON.parse(raw) as OriginMark) : null
    return value && typeof value.route === 'string' && Number.isInteger(value.depth) && value.depth > 0 ? value : null
  } catch {
    return null
  }
}

/** The remembered target, if any (not cleared). */
export function realNameTarget(): RealNameTarget | null {
  try {
    const raw = platform().session.get(KEY)
    const value = raw ? (JSON.parse(raw) as RealNameTarget) : null
    return value && typeof value.route === 'string' && isRoute(value.route) ? value : null
  } catch {
    return null
  }
}

/**
 * The `origin` query value as it was meant. Page parameters reach the pages still URI-encoded on
 * the web, and every hop (option page → form → success or fail) encodes them once more, so a route
 * path arrives as `pages%252F…`: decode until it stops changing (a bad escape keeps what we have).
 */
export function realNameOrigin(raw: string | undefined): string {
  let value = raw ?? ''
  for (let i = 0; i < 8 && value.includes('%'); i++) {
    let next: string
    try {
      next = decodeURIComponent(value)
    } catch {
      break
    }
    if (next === value) break
    value = next
  }
  return value
}

/** The route an `origin` query value names: `home` → home tab, a route path → itself, else home. */
export function originRoute(origin: string | undefined): RoutePath {
  origin = realNameOrigin(origin)
  if (!origin) return HOME_ROUTE
  if (origin === 'home') return HOME_ROUTE
  if (origin === 'service') return ROUTE_PATHS.service
  if (origin === 'userCenter' || origin === 'user-center') return ROUTE_PATHS.userCenter
  const clean = origin.replace(/^\//, '').split('?')[0]
  return isRoute(clean) ? clean : HOME_ROUTE
}

/**
 * After a successful verification: the remembered target (tabs as tabs, other pages replacing the
 * current one), else the page `origin` names (back to it when it is still in the page stack).
 */
export function resumeAfterRealName(origin: string | undefined): Promise<void> {
  const { session, nav } = platform()
  const target = realNameTarget()
  const mark = originMark()
  session.remove(KEY)
  session.remove(ORIGIN_KEY)
  const route = target?.route ?? originRoute(origin)
  if (isTabRoute(route)) return openRoute(route)
  // The page that opened the gate for itself (personal info, employee record) is still under the
  // verification pages: go back to it (it reloads on show) rather than stacking a second copy
  // above them, so that Back afterwards does not land on the option page again.
  const depth = nav.stackDepth()
  if (!target && mark && mark.route === route && depth > mark.depth) return nav.navigateBack(depth - mark.depth)
  return openRoute(route, target?.query, { replace: true })
}
