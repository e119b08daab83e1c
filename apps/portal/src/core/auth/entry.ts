import { ROUTE_PATHS } from '@ess/contract/wire'
import { openRoute } from '../navigation'

export function openLoginScreen(query?: Record<string, string>, replace = false): Promise<void> {
  return openRoute(ROUTE_PATHS.login, query, { replace })
}
