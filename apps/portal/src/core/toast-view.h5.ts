import type { ToastView } from './toast-view'

export type { ToastView } from './toast-view'

let region: HTMLElement | null = null
let hideTimer: ReturnType<typeof setTimeout> | undefined

/**
 * The web's toast (toast-view.ts says why not Taro's): one polite live region, made at the first
 * toast and kept, so screen readers announce each message; a new toast replaces the one showing.
 * It takes no pointer events (no mask: the page stays usable) and draws its icon with CSS
 * (platform/h5/web.scss, `.ess-toast`).
 */
export function showToastView({ title, icon, duration }: ToastView): void {
  if (typeof document === 'undefined') return
  if (!region || !region.isConnected) {
    region = document.createElement('div')
    region.setAttribute('role', 'status')
    region.setAttribute('aria-live', 'polite')
    region.dataset.testid = 'toast'
    document.body.appendChild(region)
  }
  region.className = `ess-toast ess-toast--${icon} ess-toast--shown`
  region.textContent = title
  clearTimeout(hideTimer)
  hideTimer = setTimeout(() => {
    if (!region) return
    region.classList.remove('ess-toast--shown')
    region.textContent = ''
  }, duration)
}
