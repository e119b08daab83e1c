import type { AuthProvider } from '@refinedev/core'
import { api, unwrap } from '../api/client'
import { isSessionEnded, loadMe, type SignedIn, signedIn, signedOut } from './account'

/**
 * Refine's auth provider over the operator session: the cookie (HttpOnly, set by the gateway) and
 * the CSRF token of `me`. The sign-in page runs the two steps itself and hands the answer to
 * `login`; any call answering 401 signs the console out to the sign-in page.
 */
export const authProvider: AuthProvider = {
  login: async ({ answer }: { answer: SignedIn }) => {
    signedIn(answer)
    return { success: true, redirectTo: '/' }
  },
  logout: async () => {
    // The cookie goes with the session on the gateway; a session already ended answers 401.
    await unwrap(api.POST('/app/console/auth/sign-out')).catch(() => undefined)
    signedOut()
    return { success: true, redirectTo: '/sign-in' }
  },
  check: async () => {
    try {
      await loadMe()
      return { authenticated: true }
    } catch (error) {
      if (isSessionEnded(error)) signedOut()
      return { authenticated: false, redirectTo: '/sign-in', error: error as Error }
    }
  },
  onError: async (error) => {
    if (isSessionEnded(error)) {
      signedOut()
      return { logout: true, redirectTo: '/sign-in' }
    }
    return {}
  },
  getIdentity: async () => {
    const me = await loadMe().catch(() => null)
    return me ? { ...me.operator, session: me.session, stepUpUntil: me.stepUpUntil } : null
  },
  getPermissions: async () => (await loadMe().catch(() => null))?.operator.roles ?? [],
}
