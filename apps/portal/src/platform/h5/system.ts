import { LAUNCH_DATA_ID, type LaunchData } from '@ess/contract/wire'
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
    wechatLoginCode: async () => null,
    // WeChat subscribe messages exist in the mini-program only.
    requestSubscribeMessage: null,
    makePhoneCall(phone) {
      win.location.href = `tel:${phone.replace(/[^\d+]/g, '')}`
    },
    launchQuery: () => readLaunchQuery(win.location),
    launchRoute: () => readLaunchRoute(win.location),
    launchData: () => readLaunchData(win.document),
    leaveTo(url) {
      win.location.assign(url)
      return true
    },
    saveFile: (req) => saveWebFile(win, req),
    // The web has no other mini-programs: a link item's https `link` is opened instead.
    openMiniProgram: null,
  }
}

/** A download through a temporary object URL, released `releaseMs` after it was made. */
export async function saveWebFile(
  win: Window,
  req: { url: string; headers: Record<string, string>; fileName: string; timeoutMs: number; releaseMs: number },
): Promise<void> {
  const abort = new AbortController()
  const timer = win.setTimeout(() => abort.abort(), req.timeoutMs)
  try {
    const response = await win.fetch(req.url, { headers: req.headers, credentials: 'include', signal: abort.signal })
    if (!response.ok) throw Object.assign(new Error(`download ${response.status}`), { status: response.status })
    const urls = (win as Window & typeof globalThis).URL
    const href = urls.createObjectURL(await response.blob())
    const link = win.document.createElement('a')
    link.href = href
    link.download = req.fileName
    link.rel = 'noopener'
    win.document.body.appendChild(link)
    link.click()
    link.remove()
    win.setTimeout(() => urls.revokeObjectURL(href), req.releaseMs)
  } finally {
    win.clearTimeout(timer)
  }
}

/** The gateway's LaunchData block of the page (plugins/portal.ts); null when absent or unreadable. */
export function readLaunchData(document: Pick<Document, 'getElementById'>): LaunchData | null {
  const text = document.getElementById(LAUNCH_DATA_ID)?.textContent
  if (!text) return null
  try {
    const data = JSON.parse(text) as LaunchData | null
    return data && typeof data.floors === 'object' && data.floors !== null ? data : null
  } catch {
    return null
  }
}

/** The route of the hash (`#/pages/home/index?x=1` → `pages/home/index`); '' without one. */
export function readLaunchRoute(location: Pick<Location, 'hash'>): string {
  return location.hash.replace(/^#\/?/, '').split('?')[0] ?? ''
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
