import { ERRORS, ROUTE_PATHS, SERVICE_PHONE } from '@ess/contract/wire'
import { Close } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { PageFrame } from '@/components/page-frame'
import { ResultState } from '@/components/real-name'
import { pressable } from '@/components/a11y/pressable'
import '@/components/real-name/index.scss'
import { canGoBack, goBack, openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { realNameOrigin } from '@/core/real-name/resume'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { realNameTexts } from '@/i18n/real-name'


/** Not verified: the SPEC's real-name failure text, try again, or call customer service. */
export default function IdentityFailPage() {
  const { locale } = useI18n()
  const r = useTexts(realNameTexts)
  const { origin: rawOrigin, method } = useRouter().params
  const origin = realNameOrigin(rawOrigin)
  const retry = () => {
    if (canGoBack()) return void goBack()
    const route = method === 'bankCard' ? ROUTE_PATHS.bankCardAuthentication : ROUTE_PATHS.idNumberAuthentication
    void openRoute(route, { origin }, { replace: true })
  }
  return (
    <PageFrame route="packages/users/identity/fail">
      <ResultState icon={<Close size={36} />} tone="fail" title={r.failTitle} text={ERRORS.REAL_NAME_FAILED.message[locale]} testId="identity-fail" />
      <View className="rn-actions">
        <Button type="primary" block shape="round" size="large" data-testid="retry" onClick={retry}>
          {r.retry}
        </Button>
        <View className="rn-link" {...pressable(() => platform().system.makePhoneCall(SERVICE_PHONE))} data-testid="contact-service">
          {r.contactService} {SERVICE_PHONE}
        </View>
      </View>
    </PageFrame>
  )
}
