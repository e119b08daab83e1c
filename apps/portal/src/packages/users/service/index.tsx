import { ROUTE_PATHS } from '@ess/contract/wire'
import { Ask, Location, Mail, Notice, Phone, Service } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { InfoRow, LoadFailed, useLoaded } from '@/components/help'
import { pressable } from '@/components/a11y/pressable'
import '@/components/help/index.scss'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { assistantPageQuery } from '@/core/assistant'
import { loadServiceContacts } from '@/core/help/api'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { toast } from '@/core/toast'
import { useI18n } from '@/i18n'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'

/** What the hotline's card holds the place of while the contacts load (never shown). */
const WAITING = { hotline: '400-000-0000', hours: '09:00-18:00' }

/**
 * The customer-service hub (README "Customer service"): the national hotline (the gateway's
 * configured SERVICE_PHONE) and its hours, the ways to get help — the AI assistant's entry, the
 * help center, the regional desks, the notices inbox — and the service email.
 */
export default function UsersServicePage() {
  const { locale } = useI18n()
  const s = useTexts(helpTexts).service
  const [contacts, reload] = useLoaded(loadServiceContacts, [locale])
  // The native app has its own customer service (which opens the AI assistant with its grant); elsewhere our page.
  // Elsewhere the page opens with the stored session's token, or a fresh one-time code (SPEC §1);
  // a visitor is sent to sign in by the page itself.
  const openAssistant = async () => {
    const bridge = platform().bridge
    if (bridge) {
      bridge.customerService()
      return
    }
    const query = await assistantPageQuery().catch(() => null)
    await openRoute(ROUTE_PATHS.serviceAssistant, query ?? undefined)
  }
  const copyEmail = (email: string) =>
    Taro.setClipboardData({ data: email })
      .then(() => toast(s.copied))
      .catch(() => undefined)

  return (
    <PageFrame route="packages/users/service/index">
      {contacts === 'failed' && <LoadFailed testId="service-failed" description={s.loadFailed} onRetry={reload} />}
      {/* The hotline's card is drawn at once, its number and hours kept invisible until they arrive
          (a placeholder of their size), so the list below never moves (no layout shift). */}
      {contacts !== 'failed' && (
        <View className="svc-hotline" data-testid={contacts ? 'service-hotline' : undefined} aria-busy={!contacts}>
          <Text className="svc-hotline__label">{s.hotline}</Text>
          <View className={`svc-hotline__row${contacts ? '' : ' ess-waiting'}`}>
            <Text className="svc-hotline__number" data-testid={contacts ? 'hotline-number' : undefined}>
              {contacts?.hotline ?? WAITING.hotline}
            </Text>
            {/* Pressable once there is a number to call. */}
            <View className="svc-hotline__call" {...(contacts ? { ...pressable(() => platform().system.makePhoneCall(contacts.hotline)), 'data-testid': 'call-hotline' } : {})}>
              <Phone size={14} />
              {s.call}
            </View>
          </View>
          <Text className={`svc-hotline__hours${contacts ? '' : ' ess-waiting'}`}>
            {s.hours}: {contacts?.hours ?? WAITING.hours}
          </Text>
        </View>
      )}
      <Text className="me-section">{s.ways}</Text>
      <ListCard>
        <InfoRow testId="service-assistant" icon={<Service size={18} />} title={s.assistant} hint={s.assistantHint} onClick={() => void openAssistant()} />
        <InfoRow testId="service-help" icon={<Ask size={18} />} title={s.helpCenter} hint={s.helpCenterHint} onClick={() => void openRoute(ROUTE_PATHS.help)} />
        <InfoRow testId="service-regions" icon={<Location size={18} />} title={s.regions} hint={s.regionsHint} onClick={() => void openRoute(ROUTE_PATHS.serviceRegions)} />
        <InfoRow testId="service-notices" icon={<Notice size={18} />} title={s.notices} hint={s.noticesHint} onClick={() => void openRoute(ROUTE_PATHS.notices)} />
      </ListCard>
      {contacts && contacts !== 'failed' && (
        <ListCard>
          <InfoRow testId="service-email" role="button" icon={<Mail size={18} />} title={s.email} hint={contacts.email} end={<Text className="list-row__extra">{s.copy}</Text>} onClick={() => void copyEmail(contacts.email)} />
        </ListCard>
      )}
    </PageFrame>
  )
}
