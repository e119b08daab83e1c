import { SERVICE_PHONE } from '@ess/contract/wire'
import { Mail, Phone, Service, User } from '@nutui/icons-react-taro'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { OptionRow, SecurityHero } from '@/components/security'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { resetRecovery } from '@/core/security/recovery'
import { fill, useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

/** Retrieve password (SPEC §2): by phone, by email, by real name, or call customer service. */
export default function FindPasswdPage() {
  const { t } = useI18n()
  const s = useTexts(securityTexts)
  const start = (route: Parameters<typeof openRoute>[0], query?: Record<string, string>) => () => {
    resetRecovery()
    void openRoute(route, query)
  }
  return (
    <PageFrame route="packages/safety/findPasswd">
      <SecurityHero icon={<User size={28} color="#ffffff" />} title={t.titles['packages/safety/findPasswd']} text={s.findIntro} />
      <ListCard>
        <OptionRow testId="find-by-phone" icon={<Phone size={18} />} title={s.byPhone} hint={s.byPhoneHint} onClick={start('packages/safety/getPasswdByPhone')} />
        <OptionRow testId="find-by-email" icon={<Mail size={18} />} title={s.byEmail} hint={s.byEmailHint} onClick={start('packages/safety/getPasswdByEmail')} />
        <OptionRow
          testId="find-by-real-name"
          icon={<User size={18} />}
          title={s.byRealName}
          hint={s.byRealNameHint}
          onClick={start('packages/safety/accountInfo4FindPwd', { via: 'realName' })}
        />
      </ListCard>
      <ListCard>
        <OptionRow
          testId="contact-service"
          icon={<Service size={18} />}
          title={s.contactService}
          hint={fill(s.contactServiceHint, { phone: SERVICE_PHONE })}
          onClick={() => platform().system.makePhoneCall(SERVICE_PHONE)}
        />
      </ListCard>
    </PageFrame>
  )
}
