import { ROUTE_PATHS } from '@ess/contract/wire'
import { Ask, Check, Phone, Service } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import '@/components/help/index.scss'
import { InfoRow, useLoaded } from '@/components/help'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { loadServiceContacts } from '@/core/help/api'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { useI18n } from '@/i18n'
import '@/components/me/index.scss'

/**
 * service/world: the entry of the AI customer service (SPEC §1: a page opened with code and token).
 * That page is built by another issue; until it is connected this screen says so plainly (no
 * imitation chat) and offers what works today: the help center and the hotline.
 */
export default function UsersServiceWorldPage() {
  const { t, locale } = useI18n()
  const s = t.help.service
  const [contacts] = useLoaded(loadServiceContacts, [locale])
  const hotline = contacts && contacts !== 'failed' ? contacts.hotline : null
  return (
    <PageFrame route="packages/users/service/world">
      <View className="svc-assistant" data-testid="assistant-status">
        <View className="svc-assistant__icon">
          <Service size={36} />
        </View>
        <Text className="svc-assistant__title">{s.assistantTitle}</Text>
        <Text className="svc-assistant__status">{s.assistantStatus}</Text>
        <Text className="svc-assistant__text">{s.assistantText}</Text>
        <View className="svc-assistant__features">
          <Text className="svc-assistant__text">{s.assistantWill}</Text>
          {s.assistantFeatures.map((feature) => (
            <View key={feature} className="svc-assistant__feature">
              <Check size={14} color="#2563eb" />
              <Text>{feature}</Text>
            </View>
          ))}
        </View>
      </View>
      <Text className="me-section">{s.meanwhile}</Text>
      <ListCard>
        <InfoRow testId="assistant-help" icon={<Ask size={18} />} title={s.helpCenter} hint={s.helpCenterHint} onClick={() => void openRoute(ROUTE_PATHS.help)} />
        {hotline && <InfoRow testId="assistant-call" icon={<Phone size={18} />} title={s.hotline} hint={hotline} onClick={() => platform().system.makePhoneCall(hotline)} />}
      </ListCard>
    </PageFrame>
  )
}
