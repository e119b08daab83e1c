import { INNER_JUMP_DESTINATIONS, type InnerJumpDestination, type RoutePath } from '@ess/contract/wire'
import { Loading } from '@nutui/icons-react-taro'
import { Button } from '../a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { loadUser } from '../../core/auth/session'
import { requireLogin } from '../../core/auth/target'
import { userStore } from '../../core/auth/user-store'
import { needsRealName, openRealName } from '../../core/real-name/gate'
import { innerJump } from '../../core/links/jump'
import { canGoBack, goBack, goHome } from '../../core/navigation'
import { fill, useI18n } from '../../i18n'
import { PageFrame } from '../page-frame'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { meTexts } from '../../i18n/me'

type JumpState = 'going' | 'unknown' | 'guarded' | 'failed'

/**
 * The page that carries an inner jump (query `dest`): a spinner with the destination's name while a
 * one-time code is fetched, then the provider's page. A jump refused by the auto-jump guard (SPEC
 * §4, 5 s), an unknown destination or a failed code each say why, with a retry where it helps and
 * a way back; never a blank page. Used by pages/jump/transition and pages/template/middlePage.
 */
export function JumpCarrier({ route }: { route: RoutePath }) {
  const { t } = useI18n()
  const j = useTexts(meTexts).jump
  const dest = useRouter().params.dest
  const known = (INNER_JUMP_DESTINATIONS as readonly string[]).includes(dest ?? '')
  const [state, setState] = useState<JumpState>(known ? 'going' : 'unknown')
  const start = () => {
    if (!known) return setState('unknown')
    if (!requireLogin(route, { dest })) return
    setState('going')
    void (async () => {
      // Inner destinations need real-name verification (SPEC §6): after login, the gate comes next.
      if (needsRealName(userStore.getState().user ?? (await loadUser()))) return openRealName('home', { route, query: { dest } }, { replace: true })
      const outcome = await innerJump(dest as InnerJumpDestination)
      if (outcome !== 'left') setState(outcome)
    })()
  }
  useDidShow(start)
  const back = () => void (canGoBack() ? goBack() : goHome())
  const name = known ? j.names[dest as InnerJumpDestination] : ''
  return (
    <PageFrame route={route}>
      <View className="jump" data-testid="jump">
        {state === 'going' ? (
          <>
            <Loading size={28} className="jump__spinner" />
            <Text className="jump__text">{fill(j.going, { name })}</Text>
            <Button fill="none" size="small" onClick={back}>
              {j.back}
            </Button>
          </>
        ) : (
          <>
            <Text className="jump__text" data-testid="jump-failed">
              {state === 'unknown' ? j.unknown : state === 'guarded' ? j.guarded : j.failed}
            </Text>
            {state !== 'unknown' && (
              <Button type="primary" shape="round" onClick={start} data-testid="jump-retry">
                {j.retry}
              </Button>
            )}
            <Button fill="outline" type="primary" shape="round" onClick={back}>
              {canGoBack() ? j.back : t.cms.backHome}
            </Button>
          </>
        )}
      </View>
    </PageFrame>
  )
}
