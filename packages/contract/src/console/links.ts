import { INNER_JUMP_DESTINATIONS, MINI_LINK_PATTERN } from '../constants'
import type { RuleMessageKey } from '../rule-messages'
import { EXTRA_ROUTES, ROUTES } from '../routes'

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

/** 'link.httpsOnly' unless `url` is an absolute https address with a host and no user or password. */
export function httpsIssue(url: string): RuleMessageKey | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'link.invalid'
  }
  if (parsed.protocol !== 'https:') return 'link.httpsOnly'
  if (!parsed.hostname || parsed.username || parsed.password) return 'link.invalid'
  return undefined
}

/** A `miniLink`: 'mini:<known id>[/<path>][?<query>]'. */
export const miniLinkIssue = (miniLink: string): RuleMessageKey | undefined => (MINI_LINK_PATTERN.test(miniLink) ? undefined : 'link.miniInvalid')
