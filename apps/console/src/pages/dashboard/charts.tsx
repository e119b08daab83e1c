import { Column, Line } from '@ant-design/plots'
import { Card, Col, Row } from 'antd'
import type { DashboardTexts } from '../../i18n/types'
import type { DashboardFigures } from '.'

type Day = DashboardFigures['days'][number]
type Metric = keyof DashboardTexts['figures']

/** The 30-day charts (@ant-design/plots, in a chunk of its own: the first page loads without it). */
export default function DashboardCharts({ figures, texts }: { figures: DashboardFigures; texts: DashboardTexts }) {
  const series = (metrics: Metric[]) =>
    figures.days.flatMap((day: Day) => metrics.map((metric) => ({ date: day.date.slice(5), value: day[metric], series: texts.figures[metric] })))
  const common = { xField: 'date', yField: 'value', colorField: 'series', height: 240, axis: { x: { labelAutoHide: true } }, legend: { color: { position: 'top' as const } } }
  const charts: Array<{ key: string; title: string; kind: 'line' | 'column'; metrics: Metric[] }> = [
    { key: 'accounts', title: texts.charts.accounts, kind: 'line', metrics: ['registrations', 'verifications'] },
    { key: 'signIns', title: texts.charts.signIns, kind: 'line', metrics: ['signIns', 'signInFailures', 'lockouts'] },
    { key: 'messages', title: texts.charts.messages, kind: 'column', metrics: ['smsSent', 'smsFailed', 'emailSent', 'emailFailed'] },
    { key: 'notices', title: texts.charts.notices, kind: 'column', metrics: ['noticesDelivered'] },
  ]
  return (
    <Row gutter={[16, 16]}>
      {charts.map((chart) => (
        <Col key={chart.key} xs={24} xl={12}>
          <Card title={chart.title} size="small">
            <div role="img" aria-label={`${chart.title}: ${texts.last30}`}>
              {chart.kind === 'line' ? <Line {...common} data={series(chart.metrics)} /> : <Column {...common} stack data={series(chart.metrics)} />}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  )
}
