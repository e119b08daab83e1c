import { isTabRoute, type RoutePath } from '@ess/contract/wire'
import { ArrowLeft, Home } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { canGoBack, goBack, goHome } from '../../core/navigation'
import { platform } from '../../core/platform'
import { useI18n } from '../../i18n'
import { pressable } from '../a11y/pressable'
import './index.scss'

export interface NavBarProps {
  route: RoutePath
  title: string
}

/**
 * The custom navigation bar (every page uses navigationStyle 'custom'): a back arrow when there is
 * history, a home button when there is none (a page opened from a link), nothing on tab pages.
 * Safe-area aware: the mini-program's status bar and capsule, the web's safe-area inset.
 */
export function NavBar({ route, title }: NavBarProps) {
  const { t } = useI18n()
  const metrics = platform().system.navBarMetrics()
  const [action] = useState<'back' | 'home' | null>(() => (isTabRoute(route) ? null : canGoBack() ? 'back' : 'home'))

  const barStyle = { height: `${metrics.navBarHeight}px`, paddingRight: `${Math.max(metrics.rightInset, 48)}px` }
  const leftStyle = { height: `${metrics.navBarHeight}px` }
  return (
    <View className="nav-bar" style={metrics.statusBarHeight ? { paddingTop: `${metrics.statusBarHeight}px` } : undefined}>
      <View className="nav-bar__inner" style={barStyle}>
        {action && (
          <View
            className="nav-bar__action"
            style={leftStyle}
            {...pressable(() => void (action === 'back' ? goBack() : goHome()))}
            aria-label={action === 'back' ? t.common.back : t.common.home}
            data-testid={action === 'back' ? 'nav-back' : 'nav-home'}
          >
            {action === 'back' ? <ArrowLeft size={18} /> : <Home size={18} />}
          </View>
        )}
        <Text className="nav-bar__title" data-testid="nav-title">
          {title}
        </Text>
      </View>
    </View>
  )
}
