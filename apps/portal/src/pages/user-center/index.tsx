import { ROUTE_PATHS, type RoutePath, type UserInfo } from '@ess/contract/wire'
import { Ask, Internation, Notice, Order, Service, Setting, ShieldCheck, Tips, User } from '@nutui/icons-react-taro'
import { Avatar } from '@nutui/nutui-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import { UnreadBadge } from '@/components/help'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { maskPhone, displayName } from '@/core/auth/mask'
import { loadUser, logout } from '@/core/auth/session'
import { rememberLoginTarget } from '@/core/auth/target'
import { userStore } from '@/core/auth/user-store'
import { confirm } from '@/core/confirm'
import { needsRealName, openRealName } from '@/core/real-name/gate'
import { openRoute } from '@/core/navigation'
import { inboxStore, loadInbox } from '@/core/notices/inbox'
import { LANGUAGE_NAMES, useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import './index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'
import { userCenterTexts, type UserCenterDictionary } from '@/i18n/user-center'
import { authTexts } from '@/i18n/auth'

type EntryKey = keyof Pick<UserCenterDictionary, 'accountSecurity' | 'settings' | 'language' | 'help' | 'customerService' | 'version'>

const ENTRIES: ReadonlyArray<{ key: EntryKey; route: RoutePath; icon: ReactNode }> = [
  { key: 'accountSecurity', route: ROUTE_PATHS.accountSecurity, icon: <ShieldCheck size={18} /> },
  { key: 'settings', route: ROUTE_PATHS.settings, icon: <Setting size={18} /> },
  { key: 'language', route: ROUTE_PATHS.language, icon: <Internation size={18} /> },
  { key: 'help', route: ROUTE_PATHS.help, icon: <Ask size={18} /> },
  { key: 'customerService', route: ROUTE_PATHS.customerService, icon: <Service size={18} /> },
  { key: 'version', route: ROUTE_PATHS.version, icon: <Tips size={18} /> },
]

function UserHeader({ user }: { user: UserInfo }) {
  const ucx = useTexts(userCenterTexts)
  const certified = !needsRealName(user)
  const expired = user.certificationStatus === 1 && user.isExpired
  const tag = certified ? ucx.certified : expired ? ucx.certificationExpired : ucx.notCertified
  return (
    <View className="uc-header" data-testid="uc-header" data-state="user">
      <View className="uc-header__row">
        <Avatar
          className="uc-header__avatar"
          size="large"
          src={user.photo ?? undefined}
          icon={<User size={28} />}
          background="rgba(255,255,255,0.22)"
          color="#ffffff"
        />
        <View className="uc-header__text">
          <Text className="uc-header__greeting" data-testid="uc-name">
            {displayName(user)}
          </Text>
          <View className="uc-header__meta">
            <View
              className={`uc-header__tag${certified ? ' uc-header__tag--ok' : ' uc-header__tag--action'}`}
              data-testid="uc-certified"
              {...(certified ? {} : pressable(() => void openRealName('userCenter')))}
            >
              {certified ? tag : `${tag} · ${ucx.verifyNow}`}
            </View>
            {user.phone && user.username && <Text className="uc-header__hint">{maskPhone(user.phone)}</Text>}
          </View>
        </View>
      </View>
    </View>
  )
}

async function confirmLogout(message: string) {
  if (await confirm({ message })) await logout()
}

/** My account tab: the user's header card (or the visitor's), the entries, and logout when logged in. */
export default function UserCenterPage() {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const ucx = useTexts(userCenterTexts)
  const hlp = useTexts(helpTexts)
  const user = useStore(userStore, (s) => s.user)
  const extras: Partial<Record<EntryKey, string>> = { language: LANGUAGE_NAMES[locale], version: `v${ESS_APP_VERSION}` }
  const unread = useStore(inboxStore, (s) => s.unread)
  useDidShow(() => {
    void loadUser()
    // The badge: the unread count, read again each time the tab shows (a visitor has none).
    void loadInbox()
  })
  return (
    <PageFrame route="pages/user-center/index">
      {user ? <UserHeader user={user} /> : <VisitorHeader />}
      {user && (
        <ListCard>
          <ListRow testId="entry-personal-info" icon={<User size={18} />} title={ucx.personalInfo} onClick={() => void openRoute(ROUTE_PATHS.userInfo)} />
          <ListRow
            testId="entry-employee-record"
            icon={<Order size={18} />}
            title={ucx.employeeRecord}
            extra={needsRealName(user) ? ucx.notCertified : user.certification?.companyName}
            onClick={() => void openRoute(ROUTE_PATHS.userDetail)}
          />
          <ListRow testId="entry-notices" icon={<Notice size={18} />} title={hlp.notices.entry} extra={<UnreadBadge count={unread} />} onClick={() => void openRoute(ROUTE_PATHS.notices)} />
        </ListCard>
      )}
      <ListCard>
        {ENTRIES.map(({ key, route, icon }) => (
          <ListRow key={key} testId={`entry-${key}`} icon={icon} title={ucx[key]} extra={extras[key]} onClick={() => void openRoute(route)} />
        ))}
      </ListCard>
      {user && (
        <View className="uc-logout" {...pressable(() => void confirmLogout(aux.logoutConfirm))} data-testid="logout">
          {ucx.logout}
        </View>
      )}
    </PageFrame>
  )
}

/** Login from my account comes back here. */
function openLogin() {
  rememberLoginTarget(ROUTE_PATHS.userCenter)
  void openRoute(ROUTE_PATHS.login)
}

function VisitorHeader() {
  const ucx = useTexts(userCenterTexts)
  return (
      <View className="uc-header" data-testid="uc-header">
        <View className="uc-header__row">
          <Avatar className="uc-header__avatar" size="large" icon={<User size={28} />} background="rgba(255,255,255,0.22)" color="#ffffff" />
          <View className="uc-header__text">
            <Text className="uc-header__greeting">{ucx.greeting}</Text>
            <Text className="uc-header__hint">{ucx.visitorHint}</Text>
          </View>
        </View>
        <Button className="uc-header__login" data-testid="login-register" block shape="round" onClick={() => openLogin()}>
          {ucx.loginRegister}
        </Button>
      </View>
  )
}
