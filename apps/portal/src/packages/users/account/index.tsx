import { ROUTE_PATHS, type RoutePath } from '@ess/contract/wire'
import { Clock, Del, Eye, Link, Mail, Phone, Retweet } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useStore } from 'zustand'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { maskEmail, maskPhone } from '@/core/auth/mask'
import { loadUser, signOut } from '@/core/auth/session'
import { rememberLoginTarget } from '@/core/auth/target'
import { userStore } from '@/core/auth/user-store'
import { confirm } from '@/core/confirm'
import { openRoute } from '@/core/navigation'
import { requireIdentity } from '@/core/security/identity'
import { getToken } from '@/core/session'
import './index.scss'
import { useTexts } from '@/i18n/domain'
import { accountSecurityTexts } from '@/i18n/account-security'

const ROUTE: RoutePath = 'packages/users/account/index'

async function confirmSignOutAll(message: string) {
  if (!(await confirm({ message }))) return
  await signOut()
  await openRoute(ROUTE_PATHS.userCenter)
}

/**
 * Account security (SPEC §1, §2): the ways to sign in (phone, email, password, third-party
 * accounts) with where to change them, signing out on every device, and account cancellation.
 * A visitor is sent to login and comes back here.
 */
export default function UsersAccountPage() {
  const a = useTexts(accountSecurityTexts)
  const user = useStore(userStore, (s) => s.user)
  useDidShow(() => {
    if (!getToken()) {
      rememberLoginTarget(ROUTE)
      void openRoute(ROUTE_PATHS.login, undefined, { replace: true })
      return
    }
    void loadUser()
  })

  const open = (route: RoutePath) => () => void openRoute(route)
  return (
    <PageFrame route="packages/users/account/index">
      {user && (
        <>
          <Text className="account-security__section">{a.signInMethods}</Text>
          <ListCard>
            <ListRow
              testId="account-phone"
              icon={<Phone size={18} />}
              title={a.phone}
              extra={user.phone ? maskPhone(user.phone) : a.notBound}
              onClick={open(user.phone ? 'packages/safety/changePhone' : 'packages/safety/bindPhone')}
            />
            <ListRow
              testId="account-email"
              icon={<Mail size={18} />}
              title={a.email}
              extra={user.email ? maskEmail(user.email) : a.notBound}
              onClick={user.email ? open('packages/safety/changeEmail') : () => void requireIdentity('packages/safety/bindEmail', { mode: 'bind' })}
            />
            <ListRow
              testId="account-password"
              icon={<Eye size={18} />}
              title={a.password}
              extra={user.hasPassword ? a.passwordSet : a.passwordNotSet}
              onClick={open('packages/safety/changePwdOptions')}
            />
            <ListRow testId="account-third-party" icon={<Link size={18} />} title={a.thirdParty} onClick={open(ROUTE_PATHS.thirdParty)} />
          </ListCard>
          <Text className="account-security__section">{a.sessions}</Text>
          <ListCard>
            <ListRow testId="account-devices" icon={<Clock size={18} />} title={a.devices} onClick={open(ROUTE_PATHS.devices)} />
            <View className="account-security__hint">{a.devicesHint}</View>
          </ListCard>
          <ListCard>
            <ListRow
              testId="sign-out-all"
              role="button"
              icon={<Retweet size={18} />}
              title={a.signOutAll}
              end={null}
              onClick={() => void confirmSignOutAll(a.signOutAllConfirm)}
            />
            <View className="account-security__hint">{a.signOutAllHint}</View>
          </ListCard>
          <ListCard>
            <ListRow testId="account-cancel" icon={<Del size={18} />} title={a.cancelAccount} onClick={open('packages/safety/accountCancel')} />
            <View className="account-security__hint">{a.cancelAccountHint}</View>
          </ListCard>
        </>
      )}
    </PageFrame>
  )
}
