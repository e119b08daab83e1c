import { INNER_JUMP_DESTINATIONS, type InnerJumpDestination, type RoutePath } from '@ess/contract/wire'
import { Loading } from '@nutui/icons-react-taro'
import { Button } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { loadUser } from '../../core/auth/session'
import { requireLogin } from '../../core/auth/target'
import { userStore } from '../../core/auth/user-store'
import { needsRealName, openRealName } from '../../core/real-name/gate'
import { innerJump } from '../../core/links/jump'
import { goHome } from '../../core/navigation'
import { useI18n } from '../../i18n'
import { PageFrame } from '../page-frame'
import './index.scss'

/**
 * The page that carries an inner jump (query `dest`): asks for a one-time code and leaves for the
 * provider's page; a failure says so and offers home. Used by pages/jump/transition and
 * pages/template/middlePage.
 */
export function JumpCarrier({ route }: { route: RoutePath }) {
  const { t } = useI18n()
  const dest = useRouter().params.dest
  const [failed, setFailed] = useState(false)
  useDidShow(() => {
    if (!(INNER_JUMP_DESTINATIONS as readonly string[]).includes(dest ?? '')) return setFailed(true)
    if (!requireLogin(route, { dest })) return
    setFailed(false)
    void (async () => {
      // Inner destinations need real-name verification (SPEC §6): after login, the gate comes next.
      if (needsRealName(userStore.getState().user ?? (await loadUser()))) return openRealName('home', { route, query: { dest } }, { replace: true })
      setFailed((await innerJump(dest as InnerJumpDestination)) === 'failed')
    })()
  })
  return (
    <PageFrame route={route}>
      <View className="jump" data-testid="jump">
        {failed ? (
          <>
            <Text className="jump__text" data-testid="jump-failed">
              {t.cms.jumpFailed}
            </Text>
            <Button type="primary" shape="round" onClick={() => void goHome()}>
              {t.cms.backHome}
            </Button>
          </>
        ) : (
          <>
            <Loading size={28} className="jump__spinner" />
            <Text className="jump__text">{t.cms.jumping}</Text>
          </>
        )}
      </View>
    </PageFrame>
  )
}
