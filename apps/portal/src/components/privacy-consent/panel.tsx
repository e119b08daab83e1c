import { wire, type AppAgreement } from '@ess/contract/wire'
import { Button } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { agreeAtFirstLaunch, declinePrivacyConsent } from '../../core/auth/consent'
import { request } from '../../core/http/request'
import { useI18n } from '../../i18n'
import { AgreementLinks } from '../agreement-links'
import './index.scss'

/** The first-launch privacy panel (see ./index.tsx), shown while the question is unanswered. */
export function ConsentPanel({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t, locale } = useI18n()
  const [list, setList] = useState<AppAgreement[] | null>(null)
  useEffect(() => {
    let alive = true
    void request(wire.getAppAgreements, { type: '1' }, { needShowToast: false }).then((items) => {
      if (alive) setList(items ?? [])
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
        <Button className="privacy-consent__btn" type="primary" shape="round" data-testid="consent-agree" onClick={() => void agreeAtFirstLaunch()}>
          {t.consent.agree}
        </Button>
      </View>
    </View>
  )
}
