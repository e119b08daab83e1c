import { clientStorage } from '../storage'

/**
 * Clear cache (settings): forgets the page-loading data (SPEC §3) and the auto-jump time; the
 * login, the language, the consent and the display choices stay.
 */
export function clearPageCache(): void {
  clientStorage.remove('pageLoading')
  clientStorage.remove('autoJumpAt')
}
