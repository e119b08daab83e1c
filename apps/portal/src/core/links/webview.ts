import { type AllowedUrlEntry, allowedUrl, parseAllowList } from '@ess/contract/wire'
import { webviewEntries } from './allow-lists'

/**
 * What the embedded web page (packages/webview, query `url`) may show: the gateway's own pages
 * (agreements, the sample provider page) by their path or address, and the pages of the build's
 * web-view list (README "Build-time"), each compared as a URL (contract urls.ts). Anything else
 * (another host, http, javascript:, data:, userinfo, backslashes, a malformed address) is refused:
 * packages/error/thirdPartAddress.
 */
const OWN_PATHS = ['/app/agreements/', '/sample-provider/']

/** The gateway's origin: apiBase in the mini-program, the page's own on H5 (apiBase ''). */
const gatewayOrigin = (apiBase: string) => (apiBase ? new URL(apiBase).origin : typeof location === 'undefined' ? 'http://localhost' : location.origin)

export function safeWebviewUrl(raw: string | undefined, apiBase = '', entries: readonly AllowedUrlEntry[] = webviewEntries()): string | null {
  if (!raw) return null
  const origin = gatewayOrigin(apiBase)
  const own = parseAllowList(OWN_PATHS.map((path) => `${origin}${path}`))
  const relative = raw.startsWith('/') && !raw.startsWith('//')
  const ownPage = allowedUrl(relative ? `${origin}${raw}` : raw, own)
  if (ownPage) return `${apiBase}${ownPage.pathname}${ownPage.search}${ownPage.hash}`
  return relative ? null : (allowedUrl(raw, entries)?.href ?? null)
}
