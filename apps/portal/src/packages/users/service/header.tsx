import { Text, View } from '@tarojs/components'
import { HelpSkeleton, LoadFailed, useLoaded } from '@/components/help'
import '@/components/help/index.scss'
import { PageFrame } from '@/components/page-frame'
import { loadServiceContacts } from '@/core/help/api'
import { platform } from '@/core/platform'
import { useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'

/**
 * service/header: the provider's regional service desks (README "Customer service"): what each
 * covers, its phone (a tap dials), email, hours and address, from the gateway's contacts.
 */
export default function UsersServiceHeaderPage() {
  const { locale } = useI18n()
  const s = useTexts(helpTexts).service
  const [contacts, reload] = useLoaded(loadServiceContacts, [locale])
  const field = (label: string, value: string, onClick?: () => void) => (
    <View className="me-field">
      <Text className="me-field__label">{label}</Text>
      <View className={`me-field__value${onClick ? ' svc-region__phone' : ''}`} {...(onClick ? pressable(onClick) : {})}>
        {value}
      </View>
    </View>
  )
  return (
    <PageFrame route="packages/users/service/header">
      <Text className="me-intro">{s.regionsIntro}</Text>
      {contacts === null && <HelpSkeleton />}
      {contacts === 'failed' && <LoadFailed testId="service-failed" description={s.loadFailed} onRetry={reload} />}
      {contacts &&
        contacts !== 'failed' &&
        contacts.regions.map((r) => (
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
