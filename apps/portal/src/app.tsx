import './bootstrap'
import { ConfigProvider } from '@nutui/nutui-react-taro'
import Taro, { useDidShow, usePageNotFound } from '@tarojs/taro'
import { type PropsWithChildren, useEffect } from 'react'
import { useStore } from 'zustand'
import { handleAppShow } from './core/links/app-show'
import { resumeJumpDes } from './core/links/des'
import { relaunchHome } from './core/navigation'
import { getNutLocale, localeStore, useI18n } from './i18n'
import { displayStore, loadDisplay, themeFor } from './core/display/theme'
// Icon styles from JS, so they get NutUI's 375 design width (an @import in app.scss would get 750).
import '@nutui/icons-react-taro/dist/style_icon.css'
import './app.scss'

/**
 * The root: one ConfigProvider (UI-kit language and brand theme) around every page.
 * On H5 it also carries `taro_router` so the router's `.taro_router > .taro_page` rules still apply
 * to the pages it wraps. While the stored language's texts load (core/locale.ts initLocale), the
 * pages render hidden, keeping their layout.
 */
// The display settings the user chose (brand colour, text size), before the first render.
loadDisplay()

function App({ children }: PropsWithChildren) {
  const { locale } = useI18n()
  const pending = useStore(localeStore, (s) => s.pending)
  const color = useStore(displayStore, (s) => s.color)
  const textSize = useStore(displayStore, (s) => s.textSize)
  // An unknown page (mini-program) relaunches home.
  usePageNotFound(() => void relaunchHome())
  // A signed-in user opening the mini-program with a des jumps at once (the first page is up by the next tick).
  useEffect(() => Taro.nextTick(() => void resumeJumpDes()), [])
  // A jump into the running mini-program (a des, a quick-login hand-back) comes with App.onShow.
  useDidShow((options?: { query?: Record<string, unknown> }) => handleAppShow(options?.query))
  return (
    <ConfigProvider
      className={`taro_router ess-root ess-text--${textSize}${pending ? ' ess-root--pending' : ''}`}
      locale={getNutLocale(locale)}
      theme={themeFor(color)}
    >
      {children}
    </ConfigProvider>
  )
}

export default App
