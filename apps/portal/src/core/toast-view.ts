import Taro from '@tarojs/taro'

export interface ToastView {
  title: string
  icon: 'none' | 'success' | 'error' | 'loading'
  /** ms. */
  duration: number
}

/**
 * Shows a toast through the host's own (the mini-program's `wx.showToast`), without a mask. The web
 * build uses toast-view.h5.ts instead (Taro's multi-platform files): Taro's H5 toast module comes
 * with its modal and action sheet, 5 KB gzip of start-up JS for a message. The unit tests run this
 * one (their `vi.spyOn(Taro, 'showToast')`); test/toast-view.test.ts runs the web's.
 */
export function showToastView({ title, icon, duration }: ToastView): void {
  Taro.showToast({ title, icon, duration, mask: false }).catch(() => undefined)
}

/** Nothing to make beforehand for the host's toast (the web's makes its live region: toast-view.h5.ts). */
export function mountToastView(): void {}
