import { Alert, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd'
import { Suspense, lazy, useEffect, useState } from 'react'
import { api, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { fill } from '../../i18n'
import type { DashboardTexts } from '../../i18n/types'
import { useTexts } from '../../providers/i18n'

type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': { data: { data: infer T } } } } } } ? T : never
export type DashboardFigures = Answer<'/app/console/dashboard', 'get'>

const Charts = lazy(() => import('./charts'))
const TODAY: Array<keyof DashboardTexts['figures']> = ['registrations', 'verifications', 'signIns', 'signInFailures', 'lockouts', 'noticesDelivered', 'smsSent', 'smsFailed', 'emailSent', 'emailFailed']
const WARN = new Set(['signInFailures', 'lockouts', 'smsFailed', 'emailFailed'])

/** The dashboard of the console's first page: today's figures (China day), the send queue and agreements now, the last 30 days as charts. */
export function Dashboard() {
  const { texts, locale } = useTexts()
  const t = texts.dashboard
  const [figures, setFigures] = useState<DashboardFigures | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    unwrap(api.GET('/app/console/dashboard')).then(
      (answer) => live && setFigures(answer),
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : t.loadFailed),
    )
    return () => {
      live = false
    }
  }, [])

  if (failure) return <Alert type="error" showIcon message={t.loadFailed} description={failure} />
  if (!figures) return <Skeleton active paragraph={{ rows: 6 }} />
  const today = figures.days[figures.days.length - 1]
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="dashboard">
      <Flex2 title={t.title} note={fill(t.computedAt, { time: new Date(figures.computedAt).toLocaleTimeString(locale, { timeStyle: 'short' }) })} />
      <Card title={`${t.today} · ${today.date}`}>
        <Row gutter={[16, 16]}>
          {TODAY.map((metric) => (
            <Col key={metric} xs={12} md={8} xl={4}>
              <Statistic title={t.figures[metric]} value={today[metric]} valueStyle={WARN.has(metric) && today[metric] > 0 ? { color: '#b42318' } : undefined} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t.queue.title}>
            <Row>
              <Col span={12}>
                <Statistic title={t.queue.waiting} value={figures.queue.waiting} />
              </Col>
              <Col span={12}>
                <Statistic title={t.queue.failed} value={figures.queue.failed} valueStyle={figures.queue.failed ? { color: '#b42318' } : undefined} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t.agreements.title}>
            <Row>
              <Col span={12}>
                <Statistic title={t.agreements.resigned} value={figures.agreements.resigned} />
              </Col>
              <Col span={12}>
                <Statistic title={t.agreements.pending} value={figures.agreements.pending} />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t.last30}
      </Typography.Title>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <Charts figures={figures} texts={t} />
      </Suspense>
    </Space>
  )
}

function Flex2({ title, note }: { title: string; note: string }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{note}</Typography.Text>
    </Space>
  )
}
