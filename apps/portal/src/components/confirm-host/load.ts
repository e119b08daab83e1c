import { lazy } from 'react'

/** H5: the dialog is a chunk of its own, loaded with the first confirm request (load.weapp.ts: with the page). */
export const ConfirmDialog = lazy(() => import('./dialog').then((m) => ({ default: m.ConfirmDialog })))
