import { consoleCan } from '@ess/contract/console/access'
import { useGetIdentity } from '@refinedev/core'
import { Card, Col, Row, Space, Tag, Typography } from 'antd'
import { fill } from '../../i18n'
import type { Me } from '../../providers/account'
import { useTexts } from '../../providers/i18n'
import { Dashboard } from '../dashboard'

type Identity = Me['operator'] & { session: Me['session'] }

/**
 * The console's first page: who is signed in, their roles, the dashboard of figures (every role),
 * and what the console holds for them.
 */
export function HomePage() {
  const { texts, locale } = useTexts()
  const t = texts.home
  const { data: operator } = useGetIdentity<Identity>()
  if (!operator) return null
  const mine = t.holds.filter((hold) => hold.roles.some((role) => operator.roles.includes(role)))
  const ends = new Date(operator.session.expiresAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {fill(t.welcome, { name: operator.displayName })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{fill(t.signedInAs, { email: operator.email })}</Typography.Paragraph>
        <Space wrap>
          <Typography.Text strong>{t.rolesTitle}:</Typography.Text>
          {operator.roles.map((role) => (
            <Tag key={role} color="blue">
              {texts.common.roles[role]}
            </Tag>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {fill(t.sessionEnds, { time: ends })}
        </Typography.Paragraph>
      </Card>
      {consoleCan(operator.roles, 'dashboard', 'show') && <Dashboard />}
      <div>
        <Typography.Title level={3}>{t.holdsTitle}</Typography.Title>
        <Row gutter={[16, 16]}>
          {mine.map((hold) => (
            <Col key={hold.title} xs={24} md={12} xl={8}>
              <Card title={hold.title} style={{ height: '100%' }}>
                <Typography.Text type="secondary">{hold.text}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    </Space>
  )
}
