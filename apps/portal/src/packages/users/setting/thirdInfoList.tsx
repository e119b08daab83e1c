import type { ThirdParty } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { PageFrame } from '@/components/page-frame'
import { loadThirdParties } from '@/core/privacy/api'
import { useI18n } from '@/i18n'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'

/** The third-party sharing list (MIIT 2021): recipient, purpose, data shared, method. */
export default function UsersSettingThirdInfoListPage() {
  const { locale } = useI18n()
  const p = useTexts(meTexts).privacy
  const [parties, setParties] = useState<ThirdParty[] | null>(null)
  useEffect(() => {
    let live = true
    void loadThirdParties().then((next) => live && next && setParties(next))
    return () => {
      live = false
    }
  }, [locale])
  const field = (label: string, value: string) => (
    <View className="me-field">
      <Text className="me-field__label">{label}</Text>
      <Text className="me-field__value">{value}</Text>
    </View>
  )
  return (
    <PageFrame route="packages/users/setting/thirdInfoList">
      <Text className="me-intro">{p.thirdPartyIntro}</Text>
      {(parties ?? []).map((party) => (
        <View key={party.id} className="me-card" data-testid={`third-party-${party.id}`}>
          <View className="me-card__title">
            <Text>{party.recipient}</Text>
            {!party.active && <Text className="me-badge">{p.inactive}</Text>}
          </View>
          {field(p.purpose, party.purpose)}
          {field(p.data, party.data)}
          {field(p.method, party.method)}
        </View>
      ))}
    </PageFrame>
  )
}
