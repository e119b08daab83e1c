import { AppstoreOutlined, HomeOutlined } from '@ant-design/icons'
import { List } from '@refinedev/antd'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Card, Col, Row, Skeleton, Space, Tag, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from '../shared/china-time'
import { refusalMessage } from '../shared/form-errors'
import { pageQuery } from './editor'
import { StatusTag } from '../shared/status-tag'

const PAGES = [
  { code: 'homepage', icon: <HomeOutlined /> },
  { code: 'servicegrid', icon: <AppstoreOutlined /> },
] as const

/** The pages whose floors the console edits (home and services), with what is live and whether the draft differs. */
export function FloorsList() {
  const { texts } = useTexts()
  return (
    <List title={texts.content.floors.title}>
      <Row gutter={[16, 16]}>
        {PAGES.map((page) => (
          <Col key={page.code} xs={24} lg={12}>
            <PageCard code={page.code} icon={page.icon} />
          </Col>
        ))}
      </Row>
    </List>
  )
}

function PageCard({ code, icon }: { code: 'homepage' | 'servicegrid'; icon: React.ReactNode }) {
  const { texts, locale } = useTexts()
  const t = texts.content
  const navigate = useNavigate()
  const page = useQuery(pageQuery(code))
  return (
    <Card
      title={
        <Space>
          {icon}
          {t.floors.pages[code]}
        </Space>
      }
      extra={
        <Button type="primary" onClick={() => navigate(`/floors/${code}`)} data-testid={`open-${code}`}>
          {t.floors.open}
        </Button>
      }
      style={{ height: '100%' }}
    >
      <Typography.Paragraph type="secondary">{t.floors.pageHint[code]}</Typography.Paragraph>
      {page.isLoading && <Skeleton active paragraph={{ rows: 1 }} title={false} />}
      {page.isError && <Typography.Text type="danger">{refusalMessage(page.error, t.common.loadFailed)}</Typography.Text>}
      {page.data && (
        <Space wrap size={[8, 8]}>
          {page.data.publishedVersion ? <StatusTag tone="green">{fill(t.common.liveVersion, { version: page.data.publishedVersion })}</StatusTag> : <Tag>{t.common.neverPublished}</Tag>}
          <Tag>{fill(t.floors.floorsCount, { count: page.data.floorsZh.length })}</Tag>
          {page.data.changed ? <Badge status="processing" text={t.common.draftChanged} /> : <Badge status="success" text={t.common.upToDate} />}
          {page.data.updatedAt && <Typography.Text type="secondary">{fill(t.common.updated, { time: formatChinaTime(page.data.updatedAt, locale) })}</Typography.Text>}
        </Space>
      )}
    </Card>
  )
}
