/**
 * Code a login needs only after it happened, loaded then: on the web a chunk each (the start-up
 * does not carry it). The mini-program has no script chunks to fetch: there a dynamic import
 * compiled to a `require` of a file its build does not emit (miniprogram-ci's analyseCode: "Couldn't
 * resolve ./core/legacy"), so the older user center's session and the micro-assistant's login after
 * a login never ran there; load-later.weapp.ts gives the same modules with the package.
 */
export const loadLegacy = () => import('./legacy')
export const loadAssistant = () => import('./assistant')
