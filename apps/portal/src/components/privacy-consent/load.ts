import { lazyPart } from '../lazy-part'
import { loadConsentAgreements } from './agreements'

/**
 * H5: the panel is a chunk of its own, loaded while the consent question is open (load.weapp.ts:
 * with the page), and shown once its agreements are read too (asked for alongside the chunk).
 */
export const ConsentPanel = lazyPart(() => Promise.all([import('./panel'), loadConsentAgreements()]).then(([m]) => m.ConsentPanel))
