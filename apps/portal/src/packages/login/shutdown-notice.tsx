import { SERVICE_PHONE } from '@ess/contract/wire'
import { Phone, Tips } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { PageFrame } from '@/components/page-frame'
import { goHome } from '@/core/navigation'
import { platform } from '@/core/platform'
import { useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import './shutdown-notice.scss'
import { useTexts } from '@/i18n/domain'
import { authTexts } from '@/i18n/auth'

/** The account or the service is suspended: the service phone and a way back home. */
export default function ShutdownNoticePage() {
  const { t } = useI18n()
  const aux = useTexts(authTexts)
  return (
    <PageFrame route="packages/login/shutdown-notice">
      <View className="shutdown">
        <View className="shutdown__icon">
          <Tips size={40} color="#ff7d00" />
        </View>
        <Text className="shutdown__title">{aux.shutdownTitle}</Text>
        <Text className="shutdown__text">{aux.shutdownText}</Text>
        <View
          className="shutdown__phone"
          {...pressable(() => platform().system.makePhoneCall(SERVICE_PHONE))}
          data-testid="service-phone"
        >
          <Phone size={16} />
          <Text className="shutdown__phone-label">{aux.servicePhone}</Text>
          <Text className="shutdown__phone-number">{SERVICE_PHONE}</Text>
        </View>
        <Button className="shutdown__home" type="primary" block shape="round" size="large" data-testid="back-home" onClick={() => void goHome()}>
          {t.common.home}
        </Button>
      </View>
    </PageFrame>
  )
}
