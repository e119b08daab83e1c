import { ROUTE_PATHS, wire, type AppAgreement } from '@ess/contract/wire'
import { Button } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { agreementHref, formatAgreementName, joinSegments } from '../../core/agreements'
import { agreeAtFirstLaunch, declinePrivacyConsent } from '../../core/auth/consent'
import { request } from '../../core/http/request'
import { openRoute } from '../../core/navigation'
import { useI18n } from '../../i18n'
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
  const [before, after = ''] = t.consent.intro.split('{links}')
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
        <Text>{before}</Text>
        {list === null ? (
          <Text>{t.common.loading}</Text>
        ) : (
          joinSegments(list, locale).map((s, i) =>
            s.kind === 'item' ? (
              <Text
                key={s.value.agreementId}
                className="privacy-consent__link"
                data-testid="consent-agreement-link"
                onClick={() => void openRoute(ROUTE_PATHS.webview, { url: agreementHref(s.value.agreementUrl) })}
              >
                {formatAgreementName(s.value.agreementName, locale)}
              </Text>
            ) : (
              <Text key={`s-${i}`}>{s.value}</Text>
            ),
          )
        )}
        <Text>{after}</Text>
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
