import { DEFAULT_TOAST_MS, LEAVE_PAGE_TOAST_MS } from '@ess/contract/wire'
// Relative on purpose: Taro's multi-platform resolution swaps in toast-view.h5.ts for the web build.
import { showToastView } from './toast-view'

export interface ToastOptions {
  /** ms, default 3000 (SPEC §9). */
  duration?: number
  icon?: 'none' | 'success' | 'error' | 'loading'
}

/** A short message (3000 ms by default). */
export function toast(message: string, { duration = DEFAULT_TOAST_MS, icon = 'none' }: ToastOptions = {}): void {
  if (!message) return
  showToastView({ title: message, icon, duration })
}

/**
 * Leaving a page with a message (SPEC §2): the toast shows for 1200 ms, then `leave` runs
 * (typically a navigation). Resolves when it has run.
 */
export function leaveWithToast(message: string, leave: () => void | Promise<unknown>, icon: ToastOptions['icon'] = 'none'): Promise<void> {
  toast(message, { duration: LEAVE_PAGE_TOAST_MS, icon })
  return new Promise((resolve) => {
    setTimeout(() => {
      Promise.resolve()
        .then(leave)
        .catch(() => undefined)
        .finally(resolve)
    }, LEAVE_PAGE_TOAST_MS)
  })
}
