import { Card, Flex, Layout, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTexts } from '../../providers/i18n'
import { LanguageSwitch } from '../layout/language-switch'

/** The frame of the pages before a session: sign-in and enrollment. */
export function AuthPage({ title, subtitle, children, width = 420 }: { title: string; subtitle?: string; children: ReactNode; width?: number }) {
  const { token } = theme.useToken()
  const { texts } = useTexts()
  return (
    <Layout style={{ minHeight: '100vh', background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 45%)` }}>
      <Flex justify="space-between" align="center" style={{ padding: '16px 32px' }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {texts.common.appName}
        </Typography.Text>
        <LanguageSwitch />
      </Flex>
      <Flex component="main" justify="center" align="flex-start" style={{ padding: '48px 16px' }}>
        <Card style={{ width: '100%', maxWidth: width, boxShadow: token.boxShadowTertiary }} styles={{ body: { padding: 32 } }}>
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </Card>
      </Flex>
    </Layout>
  )
}
