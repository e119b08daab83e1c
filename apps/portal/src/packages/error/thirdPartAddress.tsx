import { Tips } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { View } from '@tarojs/components'
import { PageFrame } from '@/components/page-frame'
import { ResultState } from '@/components/real-name'
import { goHome } from '@/core/navigation'
import { useI18n } from '@/i18n'

/** A refused or malformed third-party address (packages/webview sends it here). */
export default function ThirdPartAddressPage() {
  const { t } = useI18n()
  return (
    <PageFrame route="packages/error/thirdPartAddress">
      <ResultState icon={<Tips size={36} />} tone="fail" title={t.cms.badAddressTitle} text={t.cms.badAddressText} testId="bad-address">
        <View className="rn-actions" style={{ alignSelf: 'stretch' }}>
          <Button type="primary" block shape="round" size="large" onClick={() => void goHome()}>
            {t.cms.backHome}
          </Button>
        </View>
      </ResultState>
    </PageFrame>
  )
}
