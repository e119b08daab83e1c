import { lazyPart } from '../lazy-part'

/** H5: the dialog is a chunk of its own, loaded with the first confirm request (load.weapp.ts: with the page). */
export const ConfirmDialog = lazyPart(() => import('./dialog').then((m) => m.ConfirmDialog))
