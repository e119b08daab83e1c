import { createStore } from 'zustand/vanilla'

/**
 * Why this device is on the login page though it did not sign out itself: `ended` when the
 * gateway answered SESSION_ENDED (its session was ended elsewhere: signed out from another device,
 * password changed or reset, consent withdrawn, account cancelled). The login page says so in one
 * line and no more: the gateway does not say which, and the person holding this device may not be
 * the one who ended it. `disabled` when the gateway answered ACCOUNT_DISABLED (SPEC §8's 100400: a
 * support agent disabled the account, issue 34): the account-abnormal dialog with the hotline was
 * shown, and the login page repeats it in one line. Kept in memory: a reload or a sign-in forgets it.
 */
export type SignedOutReason = 'ended' | 'disabled'

export const signedOutStore = createStore<{ reason: SignedOutReason | null }>(() => ({ reason: null }))

export function noteSignedOut(reason: SignedOutReason | null): void {
  signedOutStore.setState({ reason })
}

export function forgetSignedOut(): void {
  signedOutStore.setState({ reason: null })
}
