/** The mini-program: its screen reader follows its modals itself; there is no keyboard focus to move. */
export function useDialogFocus(_open: boolean, _selector: string, _options?: { label?: string }): void {}
