import type { Certification, RoutePath } from '@ess/contract/wire'
import { Check } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { PageFrame } from '@/components/page-frame'
import { CertificationRecord, ResultState, successText } from '@/components/real-name'
import { requireLogin } from '@/core/auth/target'
import { loadCertification } from '@/core/real-name/api'
import { realNameOrigin, resumeAfterRealName } from '@/core/real-name/resume'
import { useTexts } from '@/i18n/domain'
import { realNameTexts } from '@/i18n/real-name'

const ROUTE: RoutePath = 'packages/users/identity/success'

/** Verified: the masked record and its validity; Continue goes where the user was going (or `origin`). */
export default function IdentitySuccessPage() {
  const r = useTexts(realNameTexts)
  const origin = realNameOrigin(useRouter().params.origin)
  const [record, setRecord] = useState<Certification | null>(null)
  useDidShow(() => {
    if (!requireLogin(ROUTE, { origin })) return
    void loadCertification().then((value) => setRecord(value ?? null))
  })
  return (
    <PageFrame route="packages/users/identity/success" className="rn-page--footer">
      <ResultState icon={<Check size={40} />} tone="ok" title={r.successTitle} text={record ? successText(r.successText, record) : undefined} testId="identity-success" />
      {record && <CertificationRecord record={record} />}
      {/* At the bottom of the screen: the record and its sentence arrive after the first paint. */}
      <View className="rn-actions rn-actions--footer">
        <Button type="primary" block shape="round" size="large" data-testid="continue" onClick={() => void resumeAfterRealName(origin)}>
          {r.continue}
        </Button>
      </View>
    </PageFrame>
  )
}
