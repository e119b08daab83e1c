import { type AllowedUrlEntry, PORTAL_APP_ID, allowedUrl } from '@ess/contract/wire'
import { signingKeys } from '../http/headers'
import { returnUrlEntries } from '../links/allow-lists'
import { platform } from '../platform'
import { clientStorage } from '../storage'

/**
 * A `returnUrl` to go back to after login (SPEC §4, web only): it receives the token, so it is
 * followed only when on the build's return list (README "Build-time"; https only, compared as
 * URLs: contract urls.ts); `token` and `appId` are appended. Undefined otherwise (the remembered
 * page opens).
 */
export function returnUrlWithToken(returnUrl: string | undefined, token: string, appId: string, entries: readonly AllowedUrlEntry[] = returnUrlEntries()): string | undefined {
  const url = allowedUrl(returnUrl, entries)
  if (!url) return undefined
  url.searchParams.set('token', token)
  url.searchParams.set('appId', appId)
  return url.toString()
}

/** The `returnUrl` query parameter of the login pages, decoded; a malformed escape is kept as given. */
export function returnUrlParam(params: Record<string, string | undefined>): string | undefined {
  const value = params.returnUrl
  if (!value) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The app id sent to a returnUrl: the outer app's when the page was opened by one, the portal's otherwise. */
export function currentAppId(): string {
  return clientStorage.get('outerAppId') ?? PORTAL_APP_ID
}

/**
 * Web redirect at start (SPEC §4): opened with `token` and `appId` in the query, the token, the
 * app id and the client (`client` query parameter) are stored; otherwise the stored app id and
 * client are cleared. Not in the mini-program. True when the page now speaks for an outer app.
 */
export function applyWebRedirect(query: Record<string, string | undefined> = platform().system.launchQuery()): boolean {
  if (platform().kind === 'weapp') return false
  const { token, appId, client } = query
  if (token && appId) {
    clientStorage.set('token', token)
    // An app id whose key the portal was not built with (README OUTER_APP_KEYS) could not sign a
    // single call: it is not kept, and the portal goes on as itself with the token.
    if (signingKeys(appId) !== undefined) {
      clientStorage.set('outerAppId', appId)
      if (client) clientStorage.set('outerClient', client)
      else clientStorage.remove('outerClient')
      return true
    }
  }
  clientStorage.remove('outerAppId')
  clientStorage.remove('outerClient')
  return false
}
