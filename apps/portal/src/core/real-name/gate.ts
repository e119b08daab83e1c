import { HOME_ROUTE, ROUTE_PATHS, isTabRoute, type RoutePath, type UserInfo } from '@ess/contract'
import { openRoute, type RouteQuery } from '../navigation'
import { platform } from '../platform'
import { isRoute } from '../auth/target'

/**
 * Real-name gating (SPEC §4, §6): a link or destination that needs real-name verification sends an
 * uncertified or expired user to `packages/auth/realNameAuthOption?origin=<origin>`, remembering
 * where they were going; after a successful verification `resumeAfterRealName` opens it.
 */
const KEY = 'real-name-target'

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
  if (target && isRoute(target.route)) {
    const query: Record<string, string> = {}
    for (const [k, v] of Object.entries(target.query ?? {})) if (v !== undefined && v !== null && v !== '') query[k] = String(v)
    platform().session.set(KEY, JSON.stringify({ route: target.route, query } satisfies RealNameTarget))
  } else {
    platform().session.remove(KEY)
  }
  return openRoute(ROUTE_PATHS.realNameAuthOption, { origin }, { replace })
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

/** The route an `origin` query value names: `home` → home tab, a route path → itself, else home. */
export function originRoute(origin: string | undefined): RoutePath {
  if (!origin) return HOME_ROUTE
  if (origin === 'home') return HOME_ROUTE
  if (origin === 'service') return ROUTE_PATHS.service
  if (origin === 'userCenter' || origin === 'user-center') return ROUTE_PATHS.userCenter
  const clean = origin.replace(/^\//, '').split('?')[0]
  return isRoute(clean) ? clean : HOME_ROUTE
}

/**
 * After a successful verification: the remembered target (tabs as tabs, other pages replacing the
 * current one), else the page `origin` names.
 */
export function resumeAfterRealName(origin: string | undefined): Promise<void> {
  const target = realNameTarget()
  platform().session.remove(KEY)
  const route = target?.route ?? originRoute(origin)
  if (isTabRoute(route)) return openRoute(route)
  return openRoute(route, target?.query, { replace: true })
}
