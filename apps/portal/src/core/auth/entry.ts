import { ROUTE_PATHS } from '@ess/contract/wire'
import { openRoute } from '../navigation'
import { platform } from '../platform'

/** pages/login/index is the mini-program's login entry; elsewhere it shows the login screen. */
export function miniLoginEntryShown(): boolean {
  return platform().kind === 'weapp'
}

export function openLoginScreen(query?: Record<string, string>, replace = false): Promise<void> {
  return openRoute(ROUTE_PATHS.login, query, { replace })
}
