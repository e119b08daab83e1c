import { INNER_JUMP_DESTINATIONS, MINI_LINK_PATTERN } from '../constants'
import type { RuleMessageKey } from '../rule-messages'
import { EXTRA_ROUTES, ROUTES } from '../routes'
import { allowedUrl, parseAllowedUrl } from '../urls'

/**
 * The link rules of a link item an operator writes (calls/cms.ts says what each form does): the
 * rule message key of the first rule `link` breaks, or undefined when it is one the portal opens.
 * - 'service', 'homeNews' (the services tab, the news page);
 * - 'inner:<dest>' with a known destination;
 * - '/<route>[?query]' of a page the portal has;
 * - 'https://host/…' only: no other scheme, no credentials, no port games.
 */
export function linkIssue(link: string): RuleMessageKey | undefined {
  if (link === 'service' || link === 'homeNews') return undefined
  if (link.startsWith('inner:')) return (INNER_JUMP_DESTINATIONS as readonly string[]).includes(link.slice(6)) ? undefined : 'link.innerUnknown'
  if (link.startsWith('/')) {
    if (link.startsWith('//')) return 'link.httpsOnly'
    const route = link.slice(1).split(/[?#]/)[0]
    return ([...ROUTES, ...EXTRA_ROUTES] as readonly string[]).includes(route) ? undefined : 'link.routeUnknown'
  }
  return httpsIssue(link)
}

/**
 * 'link.httpsOnly' unless `url` is written as an absolute https address; 'link.invalid' when the
 * one URL comparison (urls.ts) refuses it even against its own origin: userinfo, backslashes,
 * control characters, escaped or non-ASCII hosts, encoded separators.
 */
export function httpsIssue(url: string): RuleMessageKey | undefined {
  if (!/^https:\/\//i.test(url)) return 'link.httpsOnly'
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    return 'link.invalid'
  }
  try {
    return allowedUrl(url, [parseAllowedUrl(origin, { httpsOnly: true })]) ? undefined : 'link.invalid'
  } catch {
    return 'link.invalid'
  }
}

/** A `miniLink`: 'mini:<known id>[/<path>][?<query>]'. */
export const miniLinkIssue = (miniLink: string): RuleMessageKey | undefined => (MINI_LINK_PATTERN.test(miniLink) ? undefined : 'link.miniInvalid')
