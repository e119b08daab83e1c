/**
 * Addresses from outside compared as URLs, never as text (issue 39). One function for every place
 * that accepts an address it did not make: the third-party sign-in's return address, the login
 * page's `returnUrl`, the web-view page's `url`, CMS link items, inner jumps' and the older user
 * center's `redirect`, the console's preview links.
 *
 * An allow-list entry is an absolute http(s) URL without userinfo, query or fragment, normalised by
 * the WHATWG URL parser (scheme and host lower-cased, IDN to punycode, default port dropped, dot
 * segments resolved). A candidate is allowed when, after the same parsing, its scheme, host and
 * port are exactly an entry's and its path is the entry's path or below it on a `/` boundary:
 * `https://portal.example.com` allows `https://portal.example.com/#/x` but not
 * `https://portal.example.com.evil.example/`, and `https://a.example/hr` allows `/hr` and `/hr/x`
 * but not `/hrx`.
 *
 * Refused before any comparison, because some other parser on the way (a browser's, the
 * mini-program's web-view, an older system's) might read them differently from ours:
 * - anything not written as `http://` or `https://` (`//evil`, `https:evil`, `javascript:`, `data:`);
 * - control characters (CR, LF, tab, NUL…), spaces around it, backslashes anywhere;
 * - userinfo (`https://allowed@evil`), a percent sign or a non-ASCII character in the host part
 *   (percent-encoded and fullwidth/IDN spellings: write an IDN host as punycode), an encoded `/` or
 *   `\` in the path (`%2F`, `%5C`), more than 2,048 characters.
 * Zod-free and platform-free: the portal and the gateway load the same code.
 */

/** A normalised allow-list entry. */
export interface AllowedUrlEntry {
  /** `http:` or `https:`. */
  protocol: string
  /** Lower-case, punycode. */
  hostname: string
  /** '' for the scheme's default port. */
  port: string
  /** The entry's path without its trailing `/` ('' for the whole host). */
  path: string
  /** The entry written back normalised (always ending with `/`). */
  href: string
}

export interface AllowListOptions {
  /** Production: only https entries. */
  httpsOnly?: boolean
}

export class AllowListError extends Error {
  constructor(
    readonly entry: string,
    readonly reason: string,
  ) {
    super(`"${entry}": ${reason}`)
    this.name = 'AllowListError'
  }
}

export const MAX_URL_LENGTH = 2048

const SCHEME = /^https?:\/\//i
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const ENCODED_SEPARATOR = /%(2f|5c)/i
// Printable ASCII without '%', '\' and '@': what a host[:port] may be written with here.
const PLAIN_AUTHORITY = /^[\u0021-\u007e]+$/

/** The text between `//` and the first `/`, `?` or `#` (what the parser reads as userinfo, host and port). */
const authorityOf = (raw: string) => raw.slice(raw.indexOf('//') + 2).split(/[/?#]/, 1)[0]

/** Why a raw address cannot be compared at all, or undefined when it can (the checks above). */
function refusal(raw: string): string | undefined {
  if (raw.length > MAX_URL_LENGTH) return `longer than ${MAX_URL_LENGTH} characters`
  if (CONTROL.test(raw)) return 'contains a control character'
  if (raw !== raw.trim()) return 'has spaces around it'
  if (raw.includes('\\')) return 'contains a backslash'
  if (!SCHEME.test(raw)) return 'is not an absolute http:// or https:// URL'
  const authority = authorityOf(raw)
  if (authority.includes('@')) return 'has userinfo'
  if (!PLAIN_AUTHORITY.test(authority) || authority.includes('%')) return 'has a host written with escapes or non-ASCII characters'
  return undefined
}

/**
 * An allow-list entry validated and normalised; throws AllowListError naming it when it is not an
 * absolute http(s) URL (https only with `httpsOnly`), or has userinfo, a query or a fragment. A
 * Unicode host is allowed here (an operator writes it) and kept as punycode.
 */
export function parseAllowedUrl(entry: string, options: AllowListOptions = {}): AllowedUrlEntry {
  const text = entry.trim()
  if (text.length > MAX_URL_LENGTH || CONTROL.test(text) || text.includes('\\') || !SCHEME.test(text)) {
    throw new AllowListError(entry, options.httpsOnly ? 'must be an absolute https:// URL' : 'must be an absolute http:// or https:// URL')
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new AllowListError(entry, 'is not a URL')
  }
  if (options.httpsOnly && url.protocol !== 'https:') throw new AllowListError(entry, 'must be an https:// URL')
  if (url.username || url.password || authorityOf(text).includes('@')) throw new AllowListError(entry, 'must not carry a user name or password')
  if (url.search || url.hash || text.includes('?') || text.includes('#')) throw new AllowListError(entry, 'must not carry a query or fragment')
  if (!url.hostname) throw new AllowListError(entry, 'has no host')
  const path = url.pathname.replace(/\/+$/, '')
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, path, href: `${url.origin}${path}/` }
}

/**
 * A comma- (or space-) separated list of entries, or the entries themselves, each through
 * parseAllowedUrl (the first bad one throws, named); duplicates kept once.
 */
export function parseAllowList(list: string | readonly string[], options: AllowListOptions = {}): AllowedUrlEntry[] {
  const texts = typeof list === 'string' ? list.split(/[\s,]+/) : list
  const entries = new Map<string, AllowedUrlEntry>()
  for (const text of texts) {
    if (!text.trim()) continue
    const entry = parseAllowedUrl(text, options)
    entries.set(entry.href, entry)
  }
  return [...entries.values()]
}

/** Whether a parsed URL falls under an entry: same scheme, host and port, path on a `/` boundary. */
export function urlUnder(url: URL, entry: AllowedUrlEntry): boolean {
  if (url.protocol !== entry.protocol || url.hostname !== entry.hostname || url.port !== entry.port) return false
  return entry.path === '' || url.pathname === entry.path || url.pathname.startsWith(`${entry.path}/`)
}

/**
 * The candidate parsed, when it is allowed by one of the entries (see the module's comment); null
 * otherwise, whatever it is (not a string, malformed, hostile).
 */
export function allowedUrl(candidate: unknown, entries: readonly AllowedUrlEntry[]): URL | null {
  if (typeof candidate !== 'string' || refusal(candidate)) return null
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  if (url.username || url.password || ENCODED_SEPARATOR.test(url.pathname)) return null
  return entries.some((entry) => urlUnder(url, entry)) ? url : null
}

/** Whether an address from outside is on the allow-list (allowedUrl's answer as a boolean). */
export function isAllowedUrl(candidate: unknown, entries: readonly AllowedUrlEntry[]): boolean {
  return allowedUrl(candidate, entries) !== null
}
