import type { UserAgreements, UserInfo } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'

/**
 * The login state of SPEC §4 on the client: logged out (no user) or logged in (user loaded),
 * with the user's signed / pending agreements once read. Screens subscribe with `useUser`.
 */
export interface UserState {
  user: UserInfo | null
  agreements: UserAgreements | null
  /** True while getUserInfo runs. */
  loading: boolean
  /** The mini-program's re-sign popup is flagged on the My account tab (SPEC §4). */
  reSignPending: boolean
}

export const userStore = createStore<UserState>(() => ({ user: null, agreements: null, loading: false, reSignPending: false }))

export function resetUserStore(): void {
  userStore.setState({ user: null, agreements: null, loading: false, reSignPending: false })
}
