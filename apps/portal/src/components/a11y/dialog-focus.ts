import { useEffect, useRef } from 'react'

const FOCUSABLE = '[tabindex]:not([tabindex="-1"]), input:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]'

export interface DialogFocusOptions {
  /** The dialog's accessible name, when the element does not carry one. */
  label?: string
  /** What Escape does (close or cancel, as the dialog's own close control does); nothing when absent. */
  onEscape?: () => void
}

/**
 * Keyboard and screen-reader focus for a modal shown over the page (the web build; the
 * mini-program's own file does nothing, its screen reader follows its modals itself): when `open`,
 * the element matching `selector` is announced as a modal dialog and takes focus, Tab and
 * Shift+Tab stay inside it; Escape does what `onEscape` says (the dialog's close or cancel); when
 * it closes, focus goes back to the control that opened it.
 */
export function useDialogFocus(open: boolean, selector: string, options: DialogFocusOptions = {}): void {
  // The latest options, without re-running the effect.
  const latest = useRef(options)
  latest.current = options
  useEffect(() => {
    if (!open || typeof document === 'undefined') return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const current = () => document.querySelector<HTMLElement>(selector)
    // The dialog mounts with this render, and NutUI's popups may swap its node during their entering
    // transition (focus then falls back to the page): for a moment, whenever focus is nowhere, it is
    // put (back) on the dialog.
    let tries = 0
    const settle = () => {
      const dialog = current()
      if (dialog) {
        dialog.setAttribute('role', 'dialog')
        dialog.setAttribute('aria-modal', 'true')
        const label = latest.current.label
        if (label && !dialog.hasAttribute('aria-label')) dialog.setAttribute('aria-label', label)
        if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1')
        const active = document.activeElement
        if (!dialog.contains(active) && (!active || active === document.body || active === opener)) dialog.focus()
      }
      if (++tries < 24) timer = setTimeout(settle, 25)
    }
    let timer = setTimeout(settle, 0)
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = current()
      if (!dialog) return
      if (event.key === 'Escape' && latest.current.onEscape) {
        event.preventDefault()
        event.stopPropagation()
        latest.current.onEscape()
        return
      }
      if (event.key !== 'Tab') return
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null)
      if (!items.length) {
        event.preventDefault()
        dialog.focus()
        return
      }
      const first = items[0]
      const last = items[items.length - 1]
      const active = document.activeElement
      if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('keydown', onKeyDown, true)
      if (opener?.isConnected) opener.focus()
    }
  }, [open, selector])
}
