import { type AppAgreement, ROUTE_PATHS, wire } from '@ess/contract/wire'
import { NoticeBar } from '@nutui/nutui-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { agreementHref, formatAgreementName } from '@/core/agreements'
import { request } from '@/core/http/request'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { checkNewDeploy, reloadPortal } from '@/core/version/deploy'
import { useI18n } from '@/i18n'
import '@/components/me/index.scss'
import './index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'

/**
 * About: app name, version and build (from the build itself), platform, the agreements with their
 * versions, and on H5 a notice when a newer portal has been deployed since this page loaded.
 */
export default function UsersVersionPage() {
  const { t, locale } = useI18n()
  const v = useTexts(meTexts).version
  const [agreements, setAgreements] = useState<AppAgreement[]>([])
  const [newer, setNewer] = useState(false)
  useEffect(() => {
    let live = true
    void request(wire.getAppAgreements, { type: '1' }, { needShowToast: false }).then((list) => live && list && setAgreements(list))
    return () => {
      live = false
    }
  }, [locale])
  useEffect(() => {
    void checkNewDeploy().then(setNewer)
  }, [])
  return (
    <PageFrame route="packages/users/version/index">
      {newer && (
        <View className="version-update" data-testid="new-deploy">
          <NoticeBar content={v.newDeploy} rightIcon={null} />
          <Button size="small" type="primary" shape="round" onClick={reloadPortal}>
            {v.reload}
          </Button>
        </View>
      )}
      <View className="version-hero">
        <View className="version-logo">
          <Text>ESS</Text>
        </View>
        <Text className="version-name">{t.app.name}</Text>
        <Text className="version-slogan">{v.slogan}</Text>
      </View>
      <View className="me-card">
        <View className="me-field">
          <Text className="me-field__label">{v.version}</Text>
          <Text className="me-field__value" data-testid="app-version">v{ESS_APP_VERSION}</Text>
        </View>
        <View className="me-field">
          <Text className="me-field__label">{v.build}</Text>
          <Text className="me-field__value" data-testid="app-build">{ESS_BUILD_ID}</Text>
        </View>
        <View className="me-field">
          <Text className="me-field__label">{v.platform}</Text>
          <Text className="me-field__value">{v.platforms[platform().kind]}</Text>
        </View>
      </View>
      <Text className="me-section">{v.agreements}</Text>
      <ListCard>
        {agreements.map((a) => (
          <ListRow
            key={a.agreementId}
            testId={`agreement-${a.agreementCode}`}
            title={formatAgreementName(a.agreementName, locale)}
            extra={`v${a.version}`}
            onClick={() => void openRoute(ROUTE_PATHS.webview, { url: agreementHref(a.agreementUrl) })}
          />
        ))}
      </ListCard>
    </PageFrame>
  )
}
