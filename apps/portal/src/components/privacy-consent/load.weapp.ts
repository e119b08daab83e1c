// The mini-program loads the panel with the page (no script chunks to fetch there).
export { ConsentPanel } from './panel'
