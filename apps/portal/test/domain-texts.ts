import type { Locale } from '@ess/contract/wire'
import { accountSecurityTexts } from '../src/i18n/account-security'
import { assistantTexts } from '../src/i18n/assistant'
import { authTexts } from '../src/i18n/auth'
import { cancellationTexts } from '../src/i18n/cancellation'
import { captchaTexts } from '../src/i18n/captcha'
import { helpTexts } from '../src/i18n/help'
import { languageTexts } from '../src/i18n/language'
import { meTexts } from '../src/i18n/me'
import { personalInfoTexts } from '../src/i18n/personal-info'
import { realNameTexts } from '../src/i18n/real-name'
import { securityTexts } from '../src/i18n/security'
import { thirdPartyTexts } from '../src/i18n/third-party'
import { userCenterTexts } from '../src/i18n/user-center'

/**
 * Every domain's texts (src/i18n/domain.ts), for the tests: the app imports each domain only
 * from its own screens, never all of them in one place (that would put them all in one chunk).
 */
export const DOMAIN_TEXTS = {
  accountSecurity: accountSecurityTexts,
  assistant: assistantTexts,
  auth: authTexts,
  cancellation: cancellationTexts,
  captcha: captchaTexts,
  help: helpTexts,
  language: languageTexts,
  me: meTexts,
  personalInfo: personalInfoTexts,
  realName: realNameTexts,
  security: securityTexts,
  thirdParty: thirdPartyTexts,
  userCenter: userCenterTexts,
} as const

type Domains = typeof DOMAIN_TEXTS

/** The domains' texts in one language, keyed as `DOMAIN_TEXTS`. */
export function domainTextsIn(locale: Locale): { [K in keyof Domains]: Domains[K][Locale] } {
  return Object.fromEntries(Object.entries(DOMAIN_TEXTS).map(([name, texts]) => [name, texts[locale]])) as {
    [K in keyof Domains]: Domains[K][Locale]
  }
}
