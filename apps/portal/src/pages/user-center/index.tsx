import { ROUTE_PATHS, type RoutePath } from '@ess/contract'
import { Ask, Internation, Setting, ShieldCheck, Tips, User } from '@nutui/icons-react-taro'
import { Avatar, Button } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { openRoute } from '@/core/navigation'
import { LANGUAGE_NAMES, useI18n, type Dictionary } from '@/i18n'
import './index.scss'

type EntryKey = keyof Pick<Dictionary['userCenter'], 'accountSecurity' | 'settings' | 'language' | 'help' | 'version'>

const ENTRIES: ReadonlyArray<{ key: EntryKey; route: RoutePath; icon: ReactNode }> = [
  { key: 'accountSecurity', route: ROUTE_PATHS.accountSecurity, icon: <ShieldCheck size={18} /> },
  { key: 'settings', route: ROUTE_PATHS.settings, icon: <Setting size={18} /> },
  { key: 'language', route: ROUTE_PATHS.language, icon: <Internation size={18} /> },
  { key: 'help', route: ROUTE_PATHS.help, icon: <Ask size={18} /> },
  { key: 'version', route: ROUTE_PATHS.version, icon: <Tips size={18} /> },
]

/** My account tab: the visitor header card and the entries of the personal center. */
export default function UserCenterPage() {
  const { t, locale } = useI18n()
  const extras: Partial<Record<EntryKey, string>> = { language: LANGUAGE_NAMES[locale], version: `v${ESS_APP_VERSION}` }
  return (
    <PageFrame route="pages/user-center/index">
      <View className="uc-header" data-testid="uc-header">
        <View className="uc-header__row">
          <Avatar className="uc-header__avatar" size="large" icon={<User size={28} />} background="rgba(255,255,255,0.22)" color="#ffffff" />
          <View className="uc-header__text">
            <Text className="uc-header__greeting">{t.userCenter.greeting}</Text>
            <Text className="uc-header__hint">{t.userCenter.visitorHint}</Text>
          </View>
        </View>
        <Button className="uc-header__login" data-testid="login-register" block shape="round" onClick={() => void openRoute(ROUTE_PATHS.login)}>
          {t.userCenter.loginRegister}
        </Button>
      </View>
      <ListCard>
        {ENTRIES.map(({ key, route, icon }) => (
          <ListRow key={key} testId={`entry-${key}`} icon={icon} title={t.userCenter[key]} extra={extras[key]} onClick={() => void openRoute(route)} />
        ))}
      </ListCard>
    </PageFrame>
  )
}
