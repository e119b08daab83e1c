import { type AllowedUrlEntry, parseAllowList } from '@ess/contract/wire'

/**
 * The build's allow-lists (README "Build-time": the return and web-view lists), normalised by the
 * contract's urls.ts, the one comparison of every address from outside. The build has checked each
 * entry; one the contract still refuses leaves its list empty (nothing allowed), loudly. (The
 * constants' names appear only as identifiers here: the build replaces them as text, even inside
 * strings.)
 */
function parsed(name: string, list: readonly string[]): AllowedUrlEntry[] {
  try {
    return parseAllowList(list, { httpsOnly: true })
  } catch (error) {
    console.error(`[links] ${name}: ${(error as Error).message}; nothing is allowed`)
    return []
  }
}

let returnUrls: AllowedUrlEntry[] | undefined
let webviewUrls: AllowedUrlEntry[] | undefined

/** Where the login page may send the browser with the token (`returnUrl`, SPEC §4). */
export const returnUrlEntries = () => (returnUrls ??= parsed('the return list', ESS_RETURN_URLS))

/** What the web-view page may open, and so where CMS link items may lead. */
export const webviewEntries = () => (webviewUrls ??= parsed('the web-view list', ESS_WEBVIEW_URLS))
