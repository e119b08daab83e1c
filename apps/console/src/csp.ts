/**
 * The nonce of this page's Content-Security-Policy: the gateway puts a fresh one in each answer of
 * the page (the `csp-nonce` meta tag Vite writes, see vite.config.ts). Ant Design's CSS-in-JS adds
 * its style tags with it. Browsers hide a nonce attribute from getAttribute; the property keeps it.
 */
export function cspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  return meta?.nonce || meta?.getAttribute('nonce') || undefined
}
