import { clientStorage } from '../storage'

/**
 * The micro-assistant's session as the portal keeps it (SPEC §3: `microAssistantToken` and
 * `microAssistantKey`), and for which portal login it was opened. A module of its own so that the
 * logout (core/auth/session.ts, loaded at start) can end it without loading the assistant's client.
 */

/** The access token the micro-assistant login was done for ("already done" holds for that login only). */
let doneFor: string | null = null

export function assistantSession(): { token: string; key: string } | null {
  const token = clientStorage.get('microAssistantToken')
  const key = clientStorage.get('microAssistantKey')
  return token && key ? { token, key } : null
}

/** Keeps the session opened for the portal login of `accessToken`. */
export function keepAssistantSession(session: { token: string; key: string }, accessToken: string | null): void {
  clientStorage.set('microAssistantToken', session.token)
  clientStorage.set('microAssistantKey', session.key)
  doneFor = accessToken
}

/** Whether the micro-assistant login was done for the portal login of `accessToken`. */
export function assistantLoginDoneFor(accessToken: string | null): boolean {
  return doneFor !== null && doneFor === accessToken
}

/** Forgets the session (its stored token and key, and that the login was done). */
export function forgetAssistantSession(): void {
  clientStorage.remove('microAssistantToken')
  clientStorage.remove('microAssistantKey')
  doneFor = null
}

/** Tests: forgets for which login the session was opened (what is stored stays). */
export function resetAssistantLoginMark(): void {
  doneFor = null
}
