import { lazy } from 'react'

/** H5: the panel is a chunk of its own, loaded while the consent question is open (load.weapp.ts: with the page). */
export const ConsentPanel = lazy(() => import('./panel').then((m) => ({ default: m.ConsentPanel })))
