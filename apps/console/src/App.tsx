import { AppstoreOutlined, AuditOutlined, CustomerServiceOutlined, FileProtectOutlined, HomeOutlined, IdcardOutlined, NotificationOutlined, ReadOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons'
import type { Locale } from '@ess/contract/wire'
import { ErrorComponent, ThemedLayout, ThemedSider, ThemedTitle, useNotificationProvider } from '@refinedev/antd'
import { Authenticated, CanAccess, Refine } from '@refinedev/core'
import routerProvider, { CatchAllNavigate, DocumentTitleHandler, NavigateToResource } from '@refinedev/react-router'
import { App as AntdApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { useMemo, useState } from 'react'
import { HashRouter, Outlet, Route, Routes } from 'react-router'
import { session } from './api/client'
import { StepUpProvider } from './components/auth/step-up-modal'
import { Header } from './components/layout/header'
import { cspNonce } from './csp'
import { TEXTS } from './i18n'
import { AuditList } from './pages/audit/list'
import { AgreementEditor } from './pages/content/agreements/edit'
import { AgreementsList } from './pages/content/agreements/list'
import { ArticleEditor } from './pages/content/articles/edit'
import { ArticlesList } from './pages/content/articles/list'
import { FloorsEditor } from './pages/content/floors/editor'
import { FloorsList } from './pages/content/floors/list'
import { EnrollPage } from './pages/enroll'
import { HomePage } from './pages/home'
import { RosterImport } from './pages/roster/import'
import { RosterList } from './pages/roster/list'
import { NoticesPage } from './pages/notices'
import { OperatorsPage } from './pages/operators'
import { SecurityPage } from './pages/security'
import { SignInPage } from './pages/sign-in'
import { SupportSearch } from './pages/support'
import { SupportAccountPage } from './pages/support/account'
import { accessControlProvider } from './providers/access-control'
import { authProvider } from './providers/auth'
import { dataProvider } from './providers/data'
import { LocaleContext, i18nProvider, initialLocale, keepLocale } from './providers/i18n'

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const
// The portal's brand blue (apps/portal/src/theme.ts): white text on it and it on white both reach
// WCAG AA (5.2:1), which Ant Design's default #1677ff (4.1:1) does not.
const BRAND = '#2563eb'
// Ant Design's secondary and tertiary text (45% black, 3.4:1 on white) darkened to AA.
const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.62)'
// Ant Design's error red (#ff4d4f, 3.9:1 on white) darkened to AA (5.9:1) for danger buttons and texts.
const DANGER = '#c41d1d'
// Hovered buttons stay AA too: Ant Design derives lighter hover colours (white on them fell below
// 4.5:1, and axe ran while the pointer rested on a primary button in CI).
const BRAND_HOVER = '#1d4ed8'
const DANGER_HOVER = '#a61b1b'

/**
 * The console: Refine over the gateway's console API, hash routes (the gateway serves one page at
 * /console/), Ant Design in the operator's language. Resources are named as in the access table
 * (packages/contract/src/console/access.ts), so the menu shows what the roles allow.
 */
export function App() {
  const [locale, setLocaleState] = useState<Locale>(() => {
    const first = initialLocale()
    keepLocale(first)
    return first
  })
  const setLocale = (next: Locale) => {
    keepLocale(next)
    dayjs.locale(DAYJS_LOCALES[next])
    setLocaleState(next)
  }
  dayjs.locale(DAYJS_LOCALES[locale])
  const texts = TEXTS[locale]
  const i18n = useMemo(() => i18nProvider(locale, setLocale), [locale])
  const nonce = useMemo(() => cspNonce(), [])

  return (
    <LocaleContext.Provider value={{ locale, texts, setLocale }}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} csp={nonce ? { nonce } : undefined} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: BRAND, colorLink: BRAND, colorTextDescription: TEXT_SECONDARY, colorTextTertiary: TEXT_SECONDARY, colorError: DANGER, colorErrorHover: DANGER_HOVER, colorPrimaryHover: BRAND_HOVER, colorPrimaryActive: BRAND_HOVER, borderRadius: 8 } }}>
        <AntdApp>
          <HashRouter>
            <Refine
              key={locale}
              routerProvider={routerProvider}
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18n}
              notificationProvider={useNotificationProvider}
              resources={[
                { name: 'dashboard', list: '/', meta: { label: texts.common.menu.home, icon: <HomeOutlined />, listAction: 'show' } },
                { name: 'floors', list: '/floors', show: '/floors/:code', meta: { label: texts.content.menu.floors, icon: <AppstoreOutlined /> } },
                { name: 'articles', list: '/articles', create: '/articles/new', edit: '/articles/:id', meta: { label: texts.content.menu.articles, icon: <ReadOutlined /> } },
                { name: 'agreements', list: '/agreements', edit: '/agreements/:code', meta: { label: texts.content.menu.agreements, icon: <FileProtectOutlined /> } },
                { name: 'support', list: '/support', show: '/support/:id', meta: { label: texts.common.menu.support, icon: <CustomerServiceOutlined /> } },
                { name: 'roster', list: '/roster', meta: { label: texts.common.menu.roster, icon: <IdcardOutlined /> } },
                { name: 'audit', list: '/audit', meta: { label: texts.common.menu.audit, icon: <AuditOutlined /> } },
                { name: 'notices', list: '/notices', meta: { label: texts.common.menu.notices, icon: <NotificationOutlined /> } },
                { name: 'operators', list: '/operators', meta: { label: texts.common.menu.operators, icon: <TeamOutlined /> } },
                { name: 'account', list: '/security', meta: { label: texts.common.menu.security, icon: <SafetyOutlined />, listAction: 'show' } },
              ]}
              options={{ disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: true, title: { text: texts.common.appName } }}
            >
              <StepUpProvider>
                <Routes>
                  <Route
                    element={
                      <Authenticated key="signed-in" fallback={<CatchAllNavigate to="/sign-in" />}>
                        <ThemedLayout Header={Header} Sider={(props) => <ThemedSider {...props} render={({ items }) => items} />} Title={({ collapsed }) => <ThemedTitle collapsed={collapsed} text={texts.common.appName} />}>
                          <Outlet />
                        </ThemedLayout>
                      </Authenticated>
                    }
                  >
                    <Route index element={<HomePage />} />
                    <Route path="/roster" element={<CanAccess resource="roster" action="list" fallback={<ErrorComponent />}><RosterList /></CanAccess>} />
                    <Route path="/roster/import" element={<CanAccess resource="roster" action="import" fallback={<ErrorComponent />}><RosterImport /></CanAccess>} />
                    <Route path="/floors" element={<CanAccess resource="floors" action="list" fallback={<ErrorComponent />}><FloorsList /></CanAccess>} />
                    <Route path="/floors/:code" element={<CanAccess resource="floors" action="show" fallback={<ErrorComponent />}><FloorsEditor /></CanAccess>} />
                    <Route path="/articles" element={<CanAccess resource="articles" action="list" fallback={<ErrorComponent />}><ArticlesList /></CanAccess>} />
                    <Route path="/articles/new" element={<CanAccess resource="articles" action="create" fallback={<ErrorComponent />}><ArticleEditor /></CanAccess>} />
                    <Route path="/articles/:id" element={<CanAccess resource="articles" action="show" fallback={<ErrorComponent />}><ArticleEditor /></CanAccess>} />
                    <Route path="/agreements" element={<CanAccess resource="agreements" action="list" fallback={<ErrorComponent />}><AgreementsList /></CanAccess>} />
                    <Route path="/agreements/:code" element={<CanAccess resource="agreements" action="show" fallback={<ErrorComponent />}><AgreementEditor /></CanAccess>} />
                    <Route path="/audit" element={<CanAccess resource="audit" action="list" fallback={<ErrorComponent />}><AuditList /></CanAccess>} />
                    <Route path="/support" element={<CanAccess resource="support" action="list" fallback={<ErrorComponent />}><SupportSearch /></CanAccess>} />
                    <Route path="/support/:id" element={<CanAccess resource="support" action="show" fallback={<ErrorComponent />}><SupportAccountPage /></CanAccess>} />
                    <Route path="/notices" element={<CanAccess resource="notices" action="list" fallback={<ErrorComponent />}><NoticesPage /></CanAccess>} />
                    <Route path="/operators" element={<CanAccess resource="operators" action="list" fallback={<ErrorComponent />}><OperatorsPage /></CanAccess>} />
                    <Route path="/security" element={<SecurityPage />} />
                    <Route path="*" element={<ErrorComponent />} />
                  </Route>
                  <Route
                    element={
                      <Authenticated key="signed-out" fallback={<Outlet />}>
                        <NavigateToResource resource="dashboard" />
                      </Authenticated>
                    }
                  >
                    <Route path="/sign-in" element={<SignInPage />} />
                  </Route>
                  <Route path="/enroll/:token" element={<EnrollPage />} />
                </Routes>
              </StepUpProvider>
              <DocumentTitleHandler handler={({ resource }) => [resource?.meta?.label, texts.common.appName].filter(Boolean).join(' · ')} />
            </Refine>
          </HashRouter>
        </AntdApp>
      </ConfigProvider>
    </LocaleContext.Provider>
  )
}

// The session's calls speak the console's language from the first one on.
session.locale = initialLocale()
