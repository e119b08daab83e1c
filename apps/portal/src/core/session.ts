import type { LoginState } from '@ess/contract/wire'
import { rememberLoginTarget } from './auth/target'
import { resetUserStore } from './auth/user-store'
import { type SignedOutReason, noteSignedOut } from './auth/signed-out'
import { platform } from './platform'
import { openRoute } from './navigation'
import { clientStorage } from './storage'

export function getToken(): string | null {
  return clientStorage.get('token')
}

export function getRefreshToken(): string | null {
  return clientStorage.get('refreshToken')
}

/** Stores the login state (SPEC §4): the access token, and the refresh token when there is one. */
export function storeTokens(state: Pick<LoginState, 'accessToken' | 'refreshToken'>): void {
  clientStorage.set('token', state.accessToken)
  if (state.refreshToken) clientStorage.set('refreshToken', state.refreshToken)
  else clientStorage.remove('refreshToken')
}

/** Drops the tokens of the session (access, refresh, old user center, micro-assistant). */
export function clearSession(): void {
  clientStorage.remove('token')
  clientStorage.remove('refreshToken')
  clientStorage.remove('oucToken')
  clientStorage.remove('microAssistantToken')
  clientStorage.remove('microAssistantKey')
  resetUserStore()
}

let loginScheduled = false

/**
 * Session expiry (401, SPEC §4): the session is cleared and the user goes to login — in the
 * native app through the bridge's native login, on the web after 500 ms, in the mini-program to
 * its login page. Several failing calls lead to one navigation. `reason` is what the login page
 * tells (auth/signed-out.ts): `ended` for a session ended elsewhere, nothing for an expiry.
 */
export function handleSessionExpired(reason: SignedOutReason | null = null): void {
  clearSession()
  noteSignedOut(reason)
  const p = platform()
  rememberLoginTarget(p.nav.currentRoute())
  if (p.bridge) {
    p.bridge.login({ type: 'phone' })
    return
  }
  if (loginScheduled) return
  loginScheduled = true
  setTimeout(() => {
    loginScheduled = false
    if (p.nav.currentRoute() === p.loginRoute) return
    openRoute(p.loginRoute).catch(() => undefined)
  }, p.loginDelayMs)
}

/** Test helper. */
export function resetSessionState(): void {
  loginScheduled = false
}
