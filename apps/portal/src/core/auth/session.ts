import { wire, type LoginState, type UserInfo } from '@ess/contract/wire'
import { getDictionary } from '../../i18n'
import { request } from '../http/request'
import { platform } from '../platform'
import { resumeJumpDes } from '../links/des'
import { forgetAssistantSession } from '../assistant/session'
import { clearSession, getToken, storeTokens } from '../session'
import { clientStorage } from '../storage'
import { toast } from '../toast'
import { resetPromptState } from '../agreements'
import { currentAppId, returnUrlWithToken } from './redirect'
import { openLoginTarget } from './target'
import { resetUserStore, userStore } from './user-store'
import { forgetSignedOut } from './signed-out'
import { loadLegacy } from '../load-later'

type Listener = (event: 'login' | 'logout') => void
const listeners = new Set<Listener>()

/** Home and services subscribe to reload their data when the login state changes (SPEC §4). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function emit(event: 'login' | 'logout'): void {
  for (const l of listeners) {
    try {
      l(event)
    } catch {
      /* a listener must not break logout */
    }
  }
}

/**
 * Loads the logged-in user into the user store (no call without a token, so a visitor's page
 * never meets a 401). Resolves the user, or null.
 */
export async function loadUser(): Promise<UserInfo | null> {
  if (!getToken()) {
    resetUserStore()
    return null
  }
  userStore.setState({ loading: true })
  const user = await request(wire.getUserInfo, undefined, { needShowToast: false })
  userStore.setState({ user: user ?? null, loading: false })
  return user ?? null
}

export interface LoginSuccessOptions {
  /** The login page's `returnUrl` query parameter (web only, https only). */
  returnUrl?: string
}

/**
 * Login success (SPEC §4): tokens stored, the user loaded; on the web a https `returnUrl` is
 * followed with token and appId appended, otherwise the remembered page opens (default home;
 * tabs as tabs, other pages by navigation).
 */
export async function completeLogin(state: Pick<LoginState, 'accessToken' | 'refreshToken'>, options: LoginSuccessOptions = {}): Promise<void> {
  storeTokens(state)
  forgetSignedOut()
  emit('login')
  const external = platform().kind === 'weapp' ? undefined : returnUrlWithToken(options.returnUrl, state.accessToken, currentAppId())
  if (external && platform().system.leaveTo(external)) return
  void loadUser()
  // A jump into the mini-program that waited for this login (SPEC §4, within its window) goes first.
  if (await resumeJumpDes()) return
  await openLoginTarget()
}

/**
 * The older user center's session, where a login opened one (mini-program and native app:
 * core/legacy, loaded then), ended too; never in the way of the logout.
 */
async function endLegacySession(): Promise<void> {
  if (!clientStorage.get('oucToken')) return
  await loadLegacy().then((m) => m.legacyLogout()).catch(() => clientStorage.remove('oucToken'))
}

async function endSession(call: typeof wire.logout | typeof wire.signOut): Promise<void> {
  await endLegacySession()
  if (getToken()) await request(call, undefined, { needShowToast: false })
  // SPEC §4: logout clears the micro-assistant's token (and its key) with the rest.
  forgetAssistantSession()
  clearSession()
  resetUserStore()
  resetPromptState()
  emit('logout')
}

/** Logout (SPEC §4): ends this session, clears the user, agreements and tokens, reloads home and services. */
export async function logout(): Promise<void> {
  await endSession(wire.logout)
  toast(getDictionary().session.loggedOut)
}

/** Ends every session of the account on every device, then as logout. */
export async function signOut(): Promise<void> {
  await endSession(wire.signOut)
  toast(getDictionary().session.loggedOut)
}

/**
 * After the account was cancelled (its sessions are already gone on the gateway): as logout, and
 * the stored values of SPEC §3 that belonged to the account are dropped too (cached key, open ids,
 * outer app, gray scheme, page-loading data, auto-jump time). The device's own values stay: its
 * id, its language and its privacy-consent answer.
 */
export function forgetAccount(): void {
  for (const name of ['publicKey', 'openIds', 'outerAppId', 'outerClient', 'grayScheme', 'pageLoading', 'autoJumpAt'] as const) clientStorage.remove(name)
  clearSession()
  resetUserStore()
  resetPromptState()
  emit('logout')
}

/** Test helper. */
export function resetSessionListeners(): void {
  listeners.clear()
}
