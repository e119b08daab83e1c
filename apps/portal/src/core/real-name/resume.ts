import { HOME_ROUTE, ROUTE_PATHS, isTabRoute, type RoutePath } from '@ess/contract/wire'
import { openRoute } from '../navigation'
import { platform } from '../platform'
import { isRoute } from '../auth/target'
import { ORIGIN_KEY, TARGET_KEY, type OriginMark, type RealNameTarget } from './gate'

/** The way back from real-name verification (SPEC §4, §6): where the gate (./gate.ts) was opened and for what. */

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
    const raw = platform().session.get(TARGET_KEY)
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
  session.remove(TARGET_KEY)
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
