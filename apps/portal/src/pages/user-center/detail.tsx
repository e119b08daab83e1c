import type { Certification, RoutePath } from '@ess/contract/wire'
import { ShieldCheck, Tips } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { PageFrame } from '@/components/page-frame'
import { CertificationRecord, ResultState } from '@/components/real-name'
import { requireLogin } from '@/core/auth/target'
import { loadCertification } from '@/core/real-name/api'
import { openRealName } from '@/core/real-name/gate'
import { useTexts } from '@/i18n/domain'
import { realNameTexts } from '@/i18n/real-name'
import { userCenterTexts } from '@/i18n/user-center'

const ROUTE: RoutePath = 'pages/user-center/detail'

/**
 * The employee record the account is verified as (company, employee number, masked ID, method,
 * validity), or the way to verify when there is none or it expired.
 */
export default function UserCenterDetailPage() {
  const ucx = useTexts(userCenterTexts)
  const r = useTexts(realNameTexts)
  const [record, setRecord] = useState<Certification | null | undefined>(undefined)
  useDidShow(() => {
    if (!requireLogin(ROUTE)) return
    void loadCertification().then((value) => setRecord(value ?? null))
  })
  const verify = () => void openRealName(ROUTE)
  return (
    <PageFrame route="pages/user-center/detail">
      {record === null && (
        <ResultState icon={<ShieldCheck size={40} />} tone="fail" title={r.notVerifiedTitle} text={r.notVerifiedText} testId="record-none">
          <View className="rn-actions" style={{ alignSelf: 'stretch' }}>
            <Button type="primary" block shape="round" size="large" data-testid="verify" onClick={verify}>
              {ucx.verifyNow}
            </Button>
          </View>
        </ResultState>
      )}
      {record && (
        <>
          {record.isExpired && (
            <ResultState icon={<Tips size={36} />} tone="fail" title={ucx.certificationExpired} text={r.expiredNote} testId="record-expired" />
          )}
          <CertificationRecord record={record} />
          {record.isExpired && (
            <View className="rn-actions">
              <Button type="primary" block shape="round" size="large" data-testid="verify" onClick={verify}>
                {r.verifyAgain}
              </Button>
            </View>
          )}
        </>
      )}
    </PageFrame>
  )
}
