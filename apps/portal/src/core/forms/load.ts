/** The forms' schemas, fetched on the web once a screen that validates has painted (./lazy.ts). */
export const importSchemas = () => import('./schemas')
