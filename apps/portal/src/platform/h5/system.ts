import type { SystemAdapter } from '../types'

/** The plain web: 44 px navigation bar under the CSS safe area. */
export function createWebSystem(win: Window = window): SystemAdapter {
  return {
    clientType: () => 'h5',
    navBarMetrics: () => ({ statusBarHeight: 0, navBarHeight: 44, rightInset: 0 }),
    setDocumentLocale(locale) {
      win.document.documentElement.lang = locale
    },
    makePhoneCall(phone) {
      win.location.href = `tel:${phone.replace(/[^\d+]/g, '')}`
    },
    launchQuery: () => readLaunchQuery(win.location),
    leaveTo(url) {
      win.location.assign(url)
      return true
    },
  }
}

/** Parameters of `?a=1` before the hash and of `#/route?b=2` after it (the hash wins). */
export function readLaunchQuery(location: Pick<Location, 'search' | 'hash'>): Record<string, string> {
  const out: Record<string, string> = {}
  const add = (raw: string) => new URLSearchParams(raw).forEach((v, k) => void (out[k] = v))
  add(location.search)
  const q = location.hash.indexOf('?')
  if (q >= 0) add(location.hash.slice(q + 1))
  return out
}
