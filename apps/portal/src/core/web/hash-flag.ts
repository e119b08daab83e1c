/**
 * SPEC §2: on the web the address hash is rewritten to carry `flag=1` when absent. Other
 * parameters are kept as they are; the rewrite uses history.replaceState, so it adds no entry.
 */

/** The hash with `flag=1` added, or null when it needs no change (no route yet, or a flag already). */
export function hashWithFlag(hash: string): string | null {
  if (!hash.startsWith('#/')) return null
  const q = hash.indexOf('?')
  const path = q < 0 ? hash : hash.slice(0, q)
  const query = q < 0 ? '' : hash.slice(q + 1)
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0])
  if (names.includes('flag')) return null
  return `${path}?${query ? `${query.replace(/&+$/, '')}&` : ''}flag=1`
}

export interface HashFlagHost {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>
  history: Pick<History, 'replaceState' | 'state'>
  addEventListener(type: 'hashchange' | 'popstate', listener: () => void): void
  removeEventListener(type: 'hashchange' | 'popstate', listener: () => void): void
}

/** Rewrites the current hash if needed; returns true when it did. */
export function ensureHashFlag(host: Pick<HashFlagHost, 'location' | 'history'>): boolean {
  const next = hashWithFlag(host.location.hash)
  if (next === null) return false
  host.history.replaceState(host.history.state, '', `${host.location.pathname}${host.location.search}${next}`)
  return true
}

/**
 * Applies the flag now and on every hash change. `onRouteChange` subscribes to the router's own
 * navigations (the Taro router pushes history entries without a hashchange event).
 */
export function installHashFlag(host: HashFlagHost, onRouteChange?: (listener: () => void) => () => void): () => void {
  const apply = () => void ensureHashFlag(host)
  apply()
  host.addEventListener('hashchange', apply)
  host.addEventListener('popstate', apply)
  const off = onRouteChange?.(apply)
  return () => {
    host.removeEventListener('hashchange', apply)
    host.removeEventListener('popstate', apply)
    off?.()
  }
}
