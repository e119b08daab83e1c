import { ROUTE_PATHS, type RoutePath, type UserInfo } from '@ess/contract/wire'
import { openRoute, type RouteQuery } from '../navigation'
import { platform } from '../platform'
import { isRoute } from '../auth/target'

/**
 * Real-name gating (SPEC §4, §6): a link or destination that needs real-name verification sends an
 * uncertified or expired user to `packages/auth/realNameAuthOption?origin=<origin>`, remembering
 * where they were going; after a successful verification `resumeAfterRealName` (./resume.ts, with
 * the verification pages) opens it.
 */
export const TARGET_KEY = 'real-name-target'
/** The page the gate was opened from and its depth in the page stack (see resumeAfterRealName). */
export const ORIGIN_KEY = 'real-name-origin'

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
    session.set(TARGET_KEY, JSON.stringify({ route: target.route, query } satisfies RealNameTarget))
  } else {
    session.remove(TARGET_KEY)
  }
  // A page replaced by the option page is gone from the stack: nothing to come back to.
  if (replace) session.remove(ORIGIN_KEY)
  else session.set(ORIGIN_KEY, JSON.stringify({ route: nav.currentRoute(), depth: nav.stackDepth() } satisfies OriginMark))
  return openRoute(ROUTE_PATHS.realNameAuthOption, { origin }, { replace })
}

export interface OriginMark {
  route: string
  depth: number
}
