import { ROUTE_PATHS, type RoutePath } from '@ess/contract/wire'
import { Del, Eye, Internation, Message, Notice, Retweet, Setting, Tips } from '@nutui/icons-react-taro'
import { Text } from '@tarojs/components'
import { useStore } from 'zustand'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { logout } from '@/core/auth/session'
import { userStore } from '@/core/auth/user-store'
import { clearPageCache } from '@/core/display/cache'
import { confirm } from '@/core/confirm'
import { goBack, openRoute } from '@/core/navigation'
import { toast } from '@/core/toast'
import { LANGUAGE_NAMES, useI18n } from '@/i18n'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'
import { meTexts } from '@/i18n/me'

/** Settings (SPEC §2 users package): push, privacy, language, display, cache, about, log out. */
export default function UsersSettingPage() {
  const { locale } = useI18n()
  const hlp = useTexts(helpTexts)
  const s = useTexts(meTexts).settings
  const user = useStore(userStore, (state) => state.user)
  const open = (route: RoutePath) => () => void openRoute(route)
  const clearCache = async () => {
    if (!(await confirm({ message: s.clearCacheConfirm }))) return
    clearPageCache()
    toast(s.cacheCleared)
  }
  const doLogout = async () => {
    if (!(await confirm({ message: s.logoutConfirm }))) return
    await logout()
    await goBack().catch(() => openRoute(ROUTE_PATHS.userCenter))
  }
  return (
    <PageFrame route="packages/users/setting/index">
      <Text className="me-section">{s.general}</Text>
      <ListCard>
        <ListRow testId="setting-push" icon={<Notice size={18} />} title={s.pushSet} onClick={open('packages/users/setting/pushSet')} />
        {user && <ListRow testId="setting-notices" icon={<Message size={18} />} title={hlp.notices.entry} onClick={open(ROUTE_PATHS.notices)} />}
        <ListRow testId="setting-privacy" icon={<Eye size={18} />} title={s.privacy} onClick={open('packages/users/setting/privacyList')} />
        <ListRow testId="setting-language" icon={<Internation size={18} />} title={s.language} extra={LANGUAGE_NAMES[locale]} onClick={open(ROUTE_PATHS.language)} />
        <ListRow testId="setting-display" icon={<Setting size={18} />} title={s.display} onClick={open('packages/user-center/settings/config/index')} />
      </ListCard>
      <ListCard>
        <ListRow testId="setting-clear-cache" role="button" icon={<Del size={18} />} title={s.clearCache} end={null} onClick={() => void clearCache()} />
        <ListRow testId="setting-about" icon={<Tips size={18} />} title={s.about} extra={`v${ESS_APP_VERSION}`} onClick={open(ROUTE_PATHS.version)} />
      </ListCard>
      {user && (
        <ListCard className="me-danger">
          <ListRow testId="setting-logout" role="button" icon={<Retweet size={18} />} title={s.logout} end={null} onClick={() => void doLogout()} />
        </ListCard>
      )}
    </PageFrame>
  )
}
