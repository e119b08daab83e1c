import { type AllowedUrlEntry, parseAllowList } from '@ess/contract/wire'

/**
 * The build's allow-lists (README "Build-time": ESS_RETURN_URLS, ESS_WEBVIEW_URLS), normalised by
 * the contract's urls.ts, the one comparison of every address from outside. The build has checked
 * each entry; one the contract still refuses leaves its list empty (nothing allowed), loudly.
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
export const returnUrlEntries = () => (returnUrls ??= parsed('ESS_RETURN_URLS', ESS_RETURN_URLS))

/** What the web-view page may open, and so where CMS link items may lead. */
export const webviewEntries = () => (webviewUrls ??= parsed('ESS_WEBVIEW_URLS', ESS_WEBVIEW_URLS))
