import { afterNextPaint, lazyPart } from '../lazy-part'
import { loadConsentAgreements } from './agreements'

/**
 * H5: the panel is a chunk of its own, loaded while the consent question is open (load.weapp.ts:
 * with the page), and shown once its agreements are read too (asked for alongside the chunk).
 * Both are asked for once the page's first frame is painted: they were asked for while the start-up
 * rendered the home, before its banner's paint, and a first visit's banner waited for them in
 * Lighthouse's model of a slow network (LCP 1.96–2.03 s against 1.71–1.73 for a returning visitor).
 * The panel floats above the page (no layout shift when it comes).
 */
export const ConsentPanel = lazyPart(() =>
  afterNextPaint()
    .then(() => Promise.all([import('./panel'), loadConsentAgreements()]))
    .then(([m]) => m.ConsentPanel),
)
