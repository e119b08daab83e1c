import type { ToastView } from './toast-view'

export type { ToastView } from './toast-view'

let region: HTMLElement | null = null
let hideTimer: ReturnType<typeof setTimeout> | undefined

/**
 * The web's live region of toasts, empty, made at start: screen readers announce changes of a live
 * region they already know, so a region made and filled by the first toast could go unsaid.
 */
export function mountToastView(): HTMLElement | null {
  if (typeof document === 'undefined' || !document.body) return null
  if (!region || !region.isConnected) {
    region = document.createElement('div')
    region.setAttribute('role', 'status')
    region.setAttribute('aria-live', 'polite')
    region.className = 'ess-toast'
    region.dataset.testid = 'toast'
    document.body.appendChild(region)
  }
  return region
}

/**
 * The web's toast (toast-view.ts says why not Taro's): one polite live region, made at start
 * (mountToastView) and kept, so screen readers announce each message; a new toast replaces the one
 * showing. It takes no pointer events (no mask: the page stays usable) and draws its icon with CSS
 * (platform/h5/web.scss, `.ess-toast`).
 */
export function showToastView({ title, icon, duration }: ToastView): void {
  const shown = mountToastView()
  if (!shown) return
  shown.className = `ess-toast ess-toast--${icon} ess-toast--shown`
  shown.textContent = title
  clearTimeout(hideTimer)
  hideTimer = setTimeout(() => {
    shown.classList.remove('ess-toast--shown')
    shown.textContent = ''
  }, duration)
}
