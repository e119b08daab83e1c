import type { CancellationInfo } from '@ess/contract/wire'
import { Button } from '@/components/a11y/button'
import { Check, Del, Tips } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { pressable } from '@/components/a11y/pressable'
import '@/components/cancellation/index.scss'
import { PageFrame } from '@/components/page-frame'
import { SectionTitle, SecurityHero } from '@/components/security'
import '@/components/security/index.scss'
import { requireLogin } from '@/core/auth/target'
import { platform } from '@/core/platform'
import { loadCancellationInfo } from '@/core/security/cancellation'
import { requireIdentity } from '@/core/security/identity'
import { fill } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { cancellationTexts } from '@/i18n/cancellation'

const ROUTE = 'packages/safety/accountCancel' as const

/**
 * The cancellation checklist (SPEC §2): what is deleted, what the account holds now, what to
 * settle first, the hotline; then the identity check and the confirmation (confirmCancel).
 */
export default function SafetyAccountCancelPage() {
  const c = useTexts(cancellationTexts)
  const [info, setInfo] = useState<CancellationInfo | null>(null)
  useDidShow(() => {
    if (!requireLogin(ROUTE)) return
    void loadCancellationInfo().then((loaded) => loaded && setInfo(loaded))
  })
  return (
    <PageFrame route="packages/safety/accountCancel">
      <SecurityHero danger icon={<Del size={28} color="#ffffff" />} title={c.heroTitle} text={c.heroText} />
      {info && (
        <>
          <SectionTitle>{c.lossesTitle}</SectionTitle>
          <View className="cancel-list" data-testid="cancel-losses">
            {info.losses.map((loss) => (
              <View key={loss} className="cancel-list__item">
                <Del className="cancel-list__mark" size={16} />
                <View className="cancel-list__text">
                  <Text>{c.losses[loss]}</Text>
                  {loss === 'contacts' && info.phone && <Text className="cancel-list__sub">{fill(c.holdsPhone, { phone: info.phone })}</Text>}
                  {loss === 'contacts' && info.email && <Text className="cancel-list__sub">{fill(c.holdsEmail, { email: info.email })}</Text>}
                  {loss === 'realName' && info.realNameLinked && <Text className="cancel-list__sub">{c.realNameLinked}</Text>}
                </View>
              </View>
            ))}
          </View>
          <SectionTitle>{c.beforeTitle}</SectionTitle>
          <View className="cancel-list">
            {c.before.map((line) => (
              <View key={line} className="cancel-list__item">
                <Check className="cancel-list__mark cancel-list__mark--info" size={16} />
                <Text className="cancel-list__text">{line}</Text>
              </View>
            ))}
          </View>
          <View className="cancel-hotline" {...pressable(() => platform().system.makePhoneCall(info.hotline))} data-testid="cancel-hotline">
            <Tips size={14} /> {fill(c.hotline, { phone: info.hotline })}
          </View>
          <View className="sec-actions">
            <Button type="danger" block shape="round" size="large" data-testid="cancel-next" onClick={() => void requireIdentity('packages/safety/confirmCancel')}>
              {c.next}
            </Button>
          </View>
        </>
      )}
    </PageFrame>
  )
}
