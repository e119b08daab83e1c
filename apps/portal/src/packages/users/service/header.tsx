import type { ServiceRegion } from '@ess/contract/wire'
import { Button } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { HelpSkeleton } from '@/components/help'
import '@/components/help/index.scss'
import { PageFrame } from '@/components/page-frame'
import { loadServiceContacts } from '@/core/help/api'
import { platform } from '@/core/platform'
import { useI18n } from '@/i18n'
import '@/components/me/index.scss'

/**
 * service/header: the provider's regional service desks (README "Customer service"): what each
 * covers, its phone (a tap dials), email, hours and address, from the gateway's contacts.
 */
export default function UsersServiceHeaderPage() {
  const { t, locale } = useI18n()
  const s = t.help.service
  const [regions, setRegions] = useState<ServiceRegion[] | 'failed' | null>(null)
  const load = () => {
    setRegions(null)
    void loadServiceContacts().then((value) => setRegions(value ? value.regions : 'failed'))
  }
  useEffect(load, [locale])
  const field = (label: string, value: string, onClick?: () => void) => (
    <View className="me-field">
      <Text className="me-field__label">{label}</Text>
      <View className={`me-field__value${onClick ? ' svc-region__phone' : ''}`} role={onClick ? 'button' : undefined} onClick={onClick}>
        {value}
      </View>
    </View>
  )
  return (
    <PageFrame route="packages/users/service/header">
      <Text className="me-intro">{s.regionsIntro}</Text>
      {regions === null && <HelpSkeleton />}
      {regions === 'failed' && (
        <EmptyState
          testId="service-failed"
          description={s.loadFailed}
          actions={
            <Button type="primary" shape="round" size="small" onClick={load}>
              {t.help.help.retry}
            </Button>
          }
        />
      )}
      {Array.isArray(regions) &&
        regions.map((r) => (
          <View key={r.code} className="svc-region" data-testid={`region-${r.code}`}>
            <Text className="svc-region__name">{r.name}</Text>
            {field(s.covers, r.covers)}
            {field(s.phone, r.phone, () => platform().system.makePhoneCall(r.phone))}
            {field(s.regionEmail, r.email)}
            {field(s.hours, r.hours)}
            {field(s.address, r.address)}
          </View>
        ))}
    </PageFrame>
  )
}
