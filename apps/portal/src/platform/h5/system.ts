import type { SystemAdapter, UploadFile } from '../types'

/** The plain web: 44 px navigation bar under the CSS safe area. */
export function createWebSystem(win: Window = window): SystemAdapter {
  return {
    clientType: () => 'h5',
    navBarMetrics: () => ({ statusBarHeight: 0, navBarHeight: 44, rightInset: 0 }),
    setDocumentLocale(locale) {
      win.document.documentElement.lang = locale
    },
    chooseImage: () => pickWebImage(win),
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

/** A file input, clicked: the browser's own picker (camera or album on phones). */
function pickWebImage(win: Window): Promise<UploadFile | null> {
  return new Promise((resolve) => {
    const input = win.document.createElement('input')
    input.type = 'file'
    input.accept = 'image/png,image/jpeg,image/webp'
    input.style.display = 'none'
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      input.remove()
      resolve(file ? { name: 'file', blob: file, fileName: file.name } : null)
    })
    input.addEventListener('cancel', () => {
      input.remove()
      resolve(null)
    })
    win.document.body.appendChild(input)
    input.click()
  })
}
