import * as assistant from './assistant'
import * as legacy from './legacy'

// The mini-program: the modules come with the package (load-later.ts says why).
export const loadLegacy = () => Promise.resolve(legacy)
export const loadAssistant = () => Promise.resolve(assistant)
