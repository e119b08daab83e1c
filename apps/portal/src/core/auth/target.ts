import { HOME_ROUTE, ROUTES, isTabRoute, type RoutePath } from '@ess/contract/wire'
import { openRoute, type RouteQuery } from '../navigation'
import { platform } from '../platform'
import { clientStorage } from '../storage'

/**
 * The page to return to after login (SPEC §4: "the remembered target page", default home).
 * Kept in the per-session storage so a reload of the login page keeps it.
 */
const KEY = 'login-target'

export interface LoginTarget {
  route: RoutePath
  query?: Record<string, string>
}

/** Pages that are never a target: the login screens themselves. */
const NOT_TARGETS: ReadonlySet<string> = new Set(['pages/login/index', 'packages/login/login-type/index', 'packages/login/register/index'])

export function isRoute(value: string): value is RoutePath {
  return (ROUTES as readonly string[]).includes(value)
}

export function rememberLoginTarget(route: string, query?: RouteQuery): void {
  const clean = route.replace(/^\//, '').split('?')[0]
  if (!isRoute(clean) || NOT_TARGETS.has(clean)) return
  const q: Record<string, string> = {}
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '' && k !== 'flag') q[k] = String(v)
  platform().session.set(KEY, JSON.stringify({ route: clean, query: q } satisfies LoginTarget))
}

export function loginTarget(): LoginTarget {
  try {
    const raw = platform().session.get(KEY)
    const value = raw ? (JSON.parse(raw) as LoginTarget) : null
    if (value && typeof value.route === 'string' && isRoute(value.route)) return value
  } catch {
    /* unreadable: the default */
  }
  return { route: HOME_ROUTE }
}

export function forgetLoginTarget(): void {
  platform().session.remove(KEY)
}

/** Opens the remembered page: tabs as tabs (switchTab), others by navigation replacing login. */
export async function openLoginTarget(): Promise<void> {
  const target = loginTarget()
  forgetLoginTarget()
  if (isTabRoute(target.route)) return openRoute(target.route)
  return openRoute(target.route, target.query, { replace: true })
}

/**
 * For pages only a logged-in user may see: without a token, remembers the page (with its query)
 * and replaces it with the login page; answers whether the user is logged in.
 */
export function requireLogin(route: RoutePath, query?: RouteQuery): boolean {
  if (clientStorage.get('token')) return true
  rememberLoginTarget(route, query)
  void openRoute(platform().loginRoute, undefined, { replace: true })
  return false
}
