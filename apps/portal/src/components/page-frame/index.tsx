import { isTabRoute, type RoutePath } from '@ess/contract'
import { View } from '@tarojs/components'
import Taro, { useDidHide, useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { syncTabBarTexts } from '../../core/locale'
import { useI18n } from '../../i18n'
import { ConfirmHost } from '../confirm-host'
import { NavBar } from '../nav-bar'
import { PreparingState } from '../preparing-state'
import { PrivacyConsent } from '../privacy-consent'
import './index.scss'

export interface PageFrameProps {
  route: RoutePath
  children?: ReactNode
  /** Pull-down refresh (pages whose config enables it); the spinner stops when it settles. */
  onRefresh?: () => unknown
  className?: string
}

/**
 * Every page's frame: the custom navigation bar with the page's title in the current language,
 * the body, and the global confirm dialog while the page is on screen.
 */
export function PageFrame({ route, children, onRefresh, className }: PageFrameProps) {
  const { t } = useI18n()
  const title = t.titles[route]
  const [onScreen, setOnScreen] = useState(true)
  const refresh = useRef(onRefresh)
  refresh.current = onRefresh

  useDidShow(() => {
    setOnScreen(true)
    if (isTabRoute(route)) syncTabBarTexts()
  })
  useDidHide(() => setOnScreen(false))
  usePullDownRefresh(() => {
    Promise.resolve()
      .then(() => refresh.current?.())
      .catch(() => undefined)
      .finally(() => Taro.stopPullDownRefresh())
  })
  useEffect(() => {
    // The document / window title follows the language.
    if (onScreen) Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  }, [title, onScreen])

  return (
    <View className={`page-frame${className ? ` ${className}` : ''}`} data-route={route}>
      <NavBar route={route} title={title} />
      <View className="page-frame__body">{children}</View>
      {onScreen && <ConfirmHost />}
      {onScreen && <PrivacyConsent aboveTabBar={isTabRoute(route)} />}
    </View>
  )
}

/** A page whose feature comes in a later issue: the frame and an empty state. */
export function PreparingPage({ route, onRefresh }: { route: RoutePath; onRefresh?: () => unknown }) {
  return (
    <PageFrame route={route} onRefresh={onRefresh}>
      <PreparingState />
    </PageFrame>
  )
}
