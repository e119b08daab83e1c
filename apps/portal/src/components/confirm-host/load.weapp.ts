// The mini-program loads the dialog with the page (no script chunks to fetch there).
export { ConfirmDialog } from './dialog'
