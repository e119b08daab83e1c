import { whenConsented } from '../auth/consent'
import { quickLoginFromJump } from '../auth/quick-login'
import { platform } from '../platform'
import { rememberJumpDes, resumeJumpDes } from './des'

let lastEntry: string | undefined

const asQuery = (query: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(query ?? {}).map(([key, value]) => [key, String(value)]))

/**
 * A jump into the mini-program while it runs (SPEC §4): WeChat brings it to the foreground with
 * App.onShow and the new entry's query, without a new launch. Such a query is handled as a launch's
 * is (bootstrap.ts): a des is remembered and resumed at once for a signed-in user, a quick-login
 * hand-back from the health mini-program signs in (after the privacy consent). The first show is
 * the launch itself, and a show with the query already handled is a plain return from the
 * background: both are left alone. Mini-program only.
 */
export function handleAppShow(query: Record<string, unknown> | undefined): void {
  if (platform().kind !== 'weapp') return
  const entry = asQuery(query)
  const key = JSON.stringify(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  const first = lastEntry === undefined
  const same = key === lastEntry
  lastEntry = key
  if (first || same) return
  if (rememberJumpDes(entry)) void resumeJumpDes()
  whenConsented(() => void quickLoginFromJump(entry))
}
