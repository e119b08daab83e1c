import type { AppAgreement } from '@ess/contract/wire'
import { Button } from '../a11y/button'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { agreeAtFirstLaunch, declinePrivacyConsent } from '../../core/auth/consent'
import { platform } from '../../core/platform'
import { useI18n } from '../../i18n'
import { AgreementLinks } from '../agreement-links'
import { knownConsentAgreements, loadConsentAgreements } from './agreements'
import './index.scss'

/** The id WeChat is told when the user agrees (resolve({ buttonId, event: 'agree' })). */
export const AGREE_BUTTON_ID = 'ess-privacy-agree'

/**
 * The first-launch privacy panel (see ./index.tsx), shown while the question is unanswered. In the
 * mini-program it is also the app's privacy dialog for WeChat (core/auth/consent checkHostPrivacy):
 * Agree is WeChat's `agreePrivacyAuthorization` button, so one tap agrees to both.
 */
export function ConsentPanel({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t, locale } = useI18n()
  // H5 has read them with the panel's chunk (./load.ts); the mini-program reads them here.
  const [list, setList] = useState<AppAgreement[] | null>(() => knownConsentAgreements(locale))
  const host = platform().privacy
  // WeChat is told its privacy dialog is on screen (for a privacy call it holds).
  useEffect(() => host?.exposed(), [host])
  const agree = host
    ? { id: AGREE_BUTTON_ID, openType: 'agreePrivacyAuthorization' as const, onAgreePrivacyAuthorization: () => void agreeAtFirstLaunch(AGREE_BUTTON_ID) }
    : { onClick: () => void agreeAtFirstLaunch() }
  useEffect(() => {
    let alive = true
    void loadConsentAgreements().then((items) => {
      if (alive) setList(items)
    })
    return () => {
      alive = false
    }
  }, [locale])
  return (
    <View
      className={`privacy-consent${aboveTabBar ? ' privacy-consent--tabs' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-label={t.consent.title}
      data-testid="privacy-consent"
    >
      <Text className="privacy-consent__title">{t.consent.title}</Text>
      <View className="privacy-consent__text">
        <AgreementLinks
          list={list}
          locale={locale}
          template={t.consent.intro}
          loadingText={t.common.loading}
          linkClassName="privacy-consent__link"
          linkTestId="consent-agreement-link"
        />
      </View>
      <Text className="privacy-consent__detail">{t.consent.detail}</Text>
      <View className="privacy-consent__actions">
        <Button className="privacy-consent__btn" shape="round" data-testid="consent-disagree" onClick={() => declinePrivacyConsent()}>
          {t.consent.disagree}
        </Button>
        <Button className="privacy-consent__btn" type="primary" shape="round" data-testid="consent-agree" {...agree}>
          {t.consent.agree}
        </Button>
      </View>
    </View>
  )
}
