/**
 * What the embedded web page (packages/webview, query `url`) may show: https pages, and the
 * gateway's own pages (agreements, the sample provider page) by their path. Anything else
 * (http, javascript:, data:, a malformed address) is refused: packages/error/thirdPartAddress.
 */
const OWN_PATHS = ['/app/agreements/', '/sample-provider/']

export function safeWebviewUrl(raw: string | undefined, apiBase = ''): string | null {
  if (!raw) return null
  const url = raw.trim()
  if (OWN_PATHS.some((p) => url.startsWith(p))) return `${apiBase}${url}`
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password) return null
    return parsed.toString()
  } catch {
    return null
  }
}
