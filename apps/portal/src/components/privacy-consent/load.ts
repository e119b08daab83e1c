import { lazyPart } from '../lazy-part'

/** H5: the panel is a chunk of its own, loaded while the consent question is open (load.weapp.ts: with the page). */
export const ConsentPanel = lazyPart(() => import('./panel').then((m) => m.ConsentPanel))
