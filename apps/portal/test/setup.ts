// react-transition-group (inside NutUI's overlay) still calls findDOMNode; React 18 warns in tests only.
const consoleError = console.error
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('findDOMNode is deprecated')) return
  consoleError(...args)
}
