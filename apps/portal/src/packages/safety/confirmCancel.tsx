import type { AppAgreement } from '@ess/contract/wire'
import { ruleMessage } from '@ess/contract/wire'
import { Button } from '@/components/a11y/button'
import { Del } from '@nutui/icons-react-taro'
import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { AgreementCheck } from '@/components/auth-form'
import '@/components/auth-form/index.scss'
import '@/components/cancellation/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note, SecurityHero } from '@/components/security'
import '@/components/security/index.scss'
import { requireLogin } from '@/core/auth/target'
import { confirm } from '@/core/confirm'
import { cancelAccount } from '@/core/security/cancellation'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { cancellationTexts } from '@/i18n/cancellation'

const ROUTE = 'packages/safety/confirmCancel' as const

/**
 * The last step of cancellation (SPEC §2, §5): reached after the identity check; the cancellation
 * agreement must be ticked ("please agree to the user agreement"), then a final confirm.
 */
export default function SafetyConfirmCancelPage() {
  const { locale } = useI18n()
  const c = useTexts(cancellationTexts)
  const [agreed, setAgreed] = useState(false)
  const [agreements, setAgreements] = useState<AppAgreement[]>([])
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  useDidShow(() => void requireLogin(ROUTE))

  const submit = async () => {
    if (!agreed || agreements.length === 0) {
      setError(ruleMessage('agreement.required', locale))
      return
    }
    if (!(await confirm({ message: c.confirmDialog, confirmText: c.confirmButton, cancelText: c.keepAccount, destructive: true }))) return
    setBusy(true)
    try {
      await cancelAccount(agreements.map((a) => a.agreementId))
    } finally {
      setBusy(false)
    }
  }

  return (
    <PageFrame route="packages/safety/confirmCancel">
      <SecurityHero danger icon={<Del size={28} color="#ffffff" />} title={c.heroTitle} text={c.heroText} />
      <Note>{c.confirmIntro}</Note>
      <View className="cancel-agree" data-testid="cancel-agreement">
        <AgreementCheck
          type="2"
          sentence={c.agreeSentence}
          checked={agreed}
          onChange={(value) => {
            setAgreed(value)
            if (value) setError(undefined)
          }}
          onAgreements={setAgreements}
          error={error}
        />
      </View>
      <View className="sec-actions">
        <Button type="danger" block shape="round" size="large" loading={busy} data-testid="cancel-confirm" onClick={() => void submit()}>
          {c.confirmButton}
        </Button>
      </View>
    </PageFrame>
  )
}
