/**
 * SPEC §2: a `debug` query parameter controls console silencing. In production builds
 * console.log/info/debug are silenced unless `debug=1`; warnings and errors always go through.
 * The choice is remembered for the browser session (`debug=0` turns it off again).
 */

export const DEBUG_PARAM = 'debug'
export const DEBUG_SESSION_KEY = 'debug'
const SILENCED = ['log', 'info', 'debug'] as const
type SilencedMethod = (typeof SILENCED)[number]
export type ConsoleLike = Pick<Console, SilencedMethod | 'warn' | 'error'>

/** The `debug` parameter from the query or from the query part of the hash route. */
export function readDebugParam(search: string, hash: string): string | null {
  const fromSearch = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(DEBUG_PARAM)
  if (fromSearch !== null) return fromSearch
  const q = hash.indexOf('?')
  return q < 0 ? null : new URLSearchParams(hash.slice(q + 1)).get(DEBUG_PARAM)
}

const originals = new WeakMap<object, Partial<Record<SilencedMethod, (...args: unknown[]) => void>>>()
const noop = () => undefined

/** Silences (or restores) console.log/info/debug of `target`. */
export function setConsoleSilenced(target: ConsoleLike, silenced: boolean): void {
  let saved = originals.get(target)
  if (!saved) {
    saved = {}
    for (const m of SILENCED) saved[m] = target[m]
    originals.set(target, saved)
  }
  for (const m of SILENCED) {
    ;(target as Record<SilencedMethod, unknown>)[m] = silenced ? noop : saved[m]
  }
}

export interface DebugConsoleOptions {
  console: ConsoleLike
  isProduction: boolean
  /** Value of the `debug` parameter of this load, if any. */
  param: string | null
  session: { get(key: string): string | null; set(key: string, value: string): void }
}

/** Applies the rule; returns whether debugging output is on. */
export function installDebugConsole({ console: target, isProduction, param, session }: DebugConsoleOptions): boolean {
  if (param !== null) session.set(DEBUG_SESSION_KEY, param === '1' ? '1' : '0')
  const enabled = (param ?? session.get(DEBUG_SESSION_KEY)) === '1'
  setConsoleSilenced(target, isProduction && !enabled)
  return enabled || !isProduction
}
