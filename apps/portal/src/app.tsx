import './bootstrap'
import { ConfigProvider } from '@nutui/nutui-react-taro'
import enUS from '@nutui/nutui-react-taro/dist/es/locales/en-US'
import zhCN from '@nutui/nutui-react-taro/dist/es/locales/zh-CN'
import { usePageNotFound } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { relaunchHome } from './core/navigation'
import { useI18n } from './i18n'
import { BRAND_THEME } from './theme'
// Icon styles from JS, so they get NutUI's 375 design width (an @import in app.scss would get 750).
import '@nutui/icons-react-taro/dist/style_icon.css'
import './app.scss'

const NUT_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS }

/**
 * The root: one ConfigProvider (UI-kit language and brand theme) around every page.
 * On H5 it also carries `taro_router` so the router's `.taro_router > .taro_page` rules still apply
 * to the pages it wraps.
 */
function App({ children }: PropsWithChildren) {
  const { locale } = useI18n()
  // An unknown page (mini-program) relaunches home.
  usePageNotFound(() => void relaunchHome())
  return (
    <ConfigProvider className="taro_router ess-root" locale={NUT_LOCALES[locale]} theme={BRAND_THEME}>
      {children}
    </ConfigProvider>
  )
}

export default App
