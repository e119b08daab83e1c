import { NETWORK_ABNORMAL_TEXT } from '@ess/contract/wire'
import { getLocale } from '../../i18n/store'
import { toast } from '../toast'

/**
 * The sign-in and registration calls (./login.ts: the password's encryption, the session's start)
 * for the screens that draw their forms first: needed once the user submits, not to paint, so on
 * the web they are a chunk of their own, asked for once the user begins to fill the form
 * (`preloadLoginCalls`) and awaited by a submit that comes before them.
 */
const importLogin = () => import('./login')

/** Starts fetching the calls; a failure is left to the submit, which tries again. */
export function preloadLoginCalls(): void {
  importLogin().catch(() => undefined)
}

/** The calls, for a submit: a chunk that cannot be fetched (offline for a moment) is said as the network's failure. */
export function loginCalls(): ReturnType<typeof importLogin> {
  return importLogin().catch((error: unknown) => {
    toast(NETWORK_ABNORMAL_TEXT[getLocale()])
    throw error
  })
}
