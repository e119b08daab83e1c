import * as login from './login'

/**
 * The mini-program loads the sign-in and registration calls with the page: it has no script chunks
 * to fetch, and a dynamic import compiled there became a `require` of a file the build does not
 * emit (miniprogram-ci's analyseCode: "Couldn't resolve ./login"), so every password sign-in and
 * registration would have failed (login-calls.ts is the web's).
 */
export function preloadLoginCalls(): void {}

/** The calls, at once. */
export function loginCalls(): Promise<typeof login> {
  return Promise.resolve(login)
}
