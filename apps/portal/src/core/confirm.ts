import type { AgreementType } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'

/**
 * The global confirm dialog (SPEC §2): one store, drawn by the <ConfirmHost> of the page on
 * screen. `confirm()` resolves true on confirm, false on cancel. Requests made while one is open
 * wait their turn.
 */
export type ConfirmBody =
  /** The current app agreements as links, with the note that they changed and must be agreed to. */
  | { kind: 'agreements'; type?: AgreementType }
  /** A message followed by the service phone number, tap to call. */
  | { kind: 'servicePhone'; phone: string }

export interface ConfirmOptions {
  title?: string
  /** Plain text. */
  message?: string
  /** Rich content (rendered with RichText). */
  html?: string
  body?: ConfirmBody
  /** Defaults to the dictionary's "OK". */
  confirmText?: string
  /** Defaults to the dictionary's "Cancel". */
  cancelText?: string
  /** false hides the cancel button (default true). */
  showCancel?: boolean
  /**
   * The confirm button does something that cannot be undone: it is drawn in the danger colour of
   * the page's own destructive buttons, the two buttons stacked (each label on one line at 375 px).
   * Give it a `cancelText` that says what is kept, not "Cancel".
   */
  destructive?: boolean
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number
}

interface Pending {
  request: ConfirmRequest
  resolve: (ok: boolean) => void
}

export const confirmStore = createStore<{ current: ConfirmRequest | null }>(() => ({ current: null }))

let nextId = 1
let active: Pending | null = null
const queue: Pending[] = []

function showNext(): void {
  active = queue.shift() ?? null
  confirmStore.setState({ current: active?.request ?? null })
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    queue.push({ request: { ...options, id: nextId++ }, resolve })
    if (!active) showNext()
  })
}

/** Closes the dialog on screen with the user's answer. */
export function settleConfirm(ok: boolean): void {
  const done = active
  if (!done) return
  showNext()
  done.resolve(ok)
}

/** Test helper and logout: drops every request (each resolves false). */
export function resetConfirm(): void {
  const all = [...(active ? [active] : []), ...queue.splice(0)]
  active = null
  confirmStore.setState({ current: null })
  all.forEach((p) => p.resolve(false))
}
