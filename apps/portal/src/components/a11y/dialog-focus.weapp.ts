import type { DialogFocusOptions } from './dialog-focus'

/** The mini-program: its screen reader follows its modals itself; there is no keyboard focus to move, nor an Escape key. */
export function useDialogFocus(_open: boolean, _selector: string, _options?: DialogFocusOptions): void {}
