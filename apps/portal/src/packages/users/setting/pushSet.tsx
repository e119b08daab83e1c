import { PUSH_KINDS, ROUTE_PATHS } from '@ess/contract/wire'
import { Switch } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useStore } from 'zustand'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { rememberLoginTarget } from '@/core/auth/target'
import { openRoute } from '@/core/navigation'
import { loadPushSettings, pushStore, setPush } from '@/core/push/settings'
import { getToken } from '@/core/session'
import { activates } from '@/components/a11y/pressable'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'

const ROUTE = 'packages/users/setting/pushSet' as const

/** Push settings (SPEC §2): the four kinds, switched at once, put back when the server refuses. */
export default function UsersSettingPushSetPage() {
  const p = useTexts(meTexts).push
  const settings = useStore(pushStore, (s) => s.settings)
  const saving = useStore(pushStore, (s) => s.saving)
  useDidShow(() => {
    if (!getToken()) {
      rememberLoginTarget(ROUTE)
      void openRoute(ROUTE_PATHS.login, undefined, { replace: true })
      return
    }
    void loadPushSettings()
  })
  return (
    <PageFrame route="packages/users/setting/pushSet">
      <Text className="me-intro">{p.intro}</Text>
      {/* The rows are drawn before the settings arrive (their switches hidden until then), so the
          note below never moves down when they come (no layout shift). */}
      <ListCard>
        {PUSH_KINDS.map((kind) => {
          const enabled = settings?.find((row) => row.kind === kind)?.enabled ?? true
          return (
            <View key={kind} className="me-item" data-testid={`push-${kind}`}>
              <View className="me-item__main">
                <Text className="me-item__title">{p.kinds[kind].title}</Text>
                <Text className="me-item__sub">{p.kinds[kind].hint}</Text>
              </View>
              <View className={`me-item__end${settings ? '' : ' ess-waiting'}`}>
                <Switch
                  checked={enabled}
                  disabled={!settings || saving === kind}
                  // The spinner is the save's, not NutUI's own: in the mini-program Taro hands a tap's
                  // updates to React at the default priority, so the store's move renders first and
                  // NutUI's "loading" (set in the same tap) came after the change it waits for — the
                  // switch spun on and ignored every later tap.
                  loading={saving === kind}
                  aria-label={p.kinds[kind].title}
                  data-testid={`push-switch-${kind}`}
                  onChange={(value: boolean) => void setPush(kind, value)}
                  // NutUI passes `ariaRole`, which the web build writes as an `aria-role` attribute
                  // (not ARIA): the real role instead, and the keys of a switch (it has tabIndex 0).
                  {...({
                    ariaRole: undefined,
                    role: 'switch',
                    onKeyDown: (event: { key?: string; preventDefault?: () => void }) => {
                      if (saving === kind || !activates(event.key, 'switch')) return
                      event.preventDefault?.()
                      void setPush(kind, !enabled)
                    },
                  } as object)}
                />
              </View>
            </View>
          )
        })}
      </ListCard>
      <Text className="me-intro">{p.securityNote}</Text>
    </PageFrame>
  )
}
