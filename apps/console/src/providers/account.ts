import { ApiError, api, session, unwrap } from '../api/client'
import type { components, paths } from '../api/schema'

type MeAnswer = paths['/app/console/auth/me']['get']['responses'][200]['content']['application/json']['data']['data']
export type Me = MeAnswer
export type SignedIn = Omit<MeAnswer, 'stepUpUntil'>
export type _Components = components

/**
 * The signed-in operator (`GET /app/console/auth/me`), shared by the auth and access-control
 * providers: one call answers the check, the identity and the roles of a page. Kept for a few
 * seconds, and replaced by the sign-in's own answer.
 */
let current: { at: number; me: Promise<Me> } | null = null
const FRESH_MS = 5_000

export function loadMe(force = false): Promise<Me> {
  if (!force && current && Date.now() - current.at < FRESH_MS) return current.me
  const me = unwrap(api.GET('/app/console/auth/me')).then((answer) => {
    session.csrfToken = answer.csrfToken
    return answer
  })
  current = { at: Date.now(), me }
  me.catch(() => {
    if (current?.me === me) current = null
  })
  return me
}

/** The answer of a finished sign-in (TOTP, recovery code or passkey) is the session's first `me`. */
export function signedIn(answer: SignedIn) {
  session.csrfToken = answer.csrfToken
  current = { at: Date.now(), me: Promise.resolve({ ...answer, stepUpUntil: null }) }
}

/** After a step-up: the next `me` carries the new stepUpUntil. */
export function forgetMe() {
  current = null
}

export function signedOut() {
  current = null
  session.csrfToken = null
}

export const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401
