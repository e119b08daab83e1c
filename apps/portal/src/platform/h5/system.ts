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
  }
}
