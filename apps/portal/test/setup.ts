import { loadLocalePack } from '../src/i18n/store'
// react-transition-group (inside NutUI's overlay) still calls findDOMNode; React 18 warns in tests only.
const consoleError = console.error
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('findDOMNode is deprecated')) return
  consoleError(...args)
}

// The English texts are a chunk of their own on H5 (src/i18n/packs.ts), fetched when chosen or
// stored; tests switch languages directly through the store, so they are loaded up front here
// (test/locale.test.ts covers the loading itself).
await loadLocalePack('en-US')
