import { isTabRoute, type RoutePath } from '@ess/contract/wire'
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { create } from 'zustand'
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

let frames = 0
/**
 * The frame shown last. Hidden pages stay mounted in the page stack; only the frame on screen
 * hosts the global dialogs, so a hide event a page misses can never stack two overlays.
 */
const useShownFrame = create<{ id: number }>(() => ({ id: 0 }))

/**
 * Every page's frame: the custom navigation bar with the page's title in the current language,
 * the body, and the global confirm dialog while the page is on screen.
 */
export function PageFrame({ route, children, onRefresh, className }: PageFrameProps) {
  const { t } = useI18n()
  const title = t.titles[route]
  const id = useRef(0)
  if (!id.current) id.current = ++frames
  // A page opening is the page on screen, before its first show event arrives.
  useLayoutEffect(() => useShownFrame.setState({ id: id.current }), [])
  const onScreen = useShownFrame((s) => s.id === id.current)
  const refresh = useRef(onRefresh)
  refresh.current = onRefresh

  useDidShow(() => {
    useShownFrame.setState({ id: id.current })
    if (isTabRoute(route)) syncTabBarTexts()
  })
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
