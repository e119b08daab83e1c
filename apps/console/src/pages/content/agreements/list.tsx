import { EditOutlined } from '@ant-design/icons'
import type { ConsoleAgreement } from '@ess/contract'
import { List } from '@refinedev/antd'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Progress, Result, Space, Table, Tag, Tooltip, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { api, unwrap } from '../../../api/client'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from '../shared/china-time'
import { refusalMessage } from '../shared/form-errors'
import { StatusTag } from '../shared/status-tag'

export const agreementsQuery = { queryKey: ['console', 'agreements'], queryFn: () => unwrap(api.GET('/app/console/agreements')) as Promise<ConsoleAgreement[]> }

/** The agreements with their current version, how many active users signed it, and whether a draft waits. */
export function AgreementsList() {
  const { texts, locale } = useTexts()
  const t = texts.content.agreements
  const c = texts.content.common
  const navigate = useNavigate()
  const agreements = useQuery(agreementsQuery)
  const en = locale === 'en-US'
  if (agreements.isError) return <Result status="error" title={c.loadFailed} subTitle={refusalMessage(agreements.error, texts.common.errors.unknown)} extra={<Button onClick={() => agreements.refetch()}>{texts.common.actions.retry}</Button>} />
  return (
    <List title={t.title}>
      <Table<ConsoleAgreement>
        rowKey="code"
        size="middle"
        loading={agreements.isLoading}
        dataSource={agreements.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c.empty} /> }}
        onRow={(row) => ({ onClick: () => navigate(`/agreements/${row.code}`), style: { cursor: 'pointer' } })}
      >
        <Table.Column<ConsoleAgreement>
          key="name"
          title={t.name}
          render={(_, row) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{row.current ? (en ? row.current.nameEn : row.current.nameZh) : t.codes[row.code]}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.code}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<ConsoleAgreement>
          key="current"
          title={t.current}
          render={(_, row) =>
            row.current ? (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <StatusTag tone="green">v{row.current.version}</StatusTag>
                  <Tag>{row.current.required ? t.required : t.optional}</Tag>
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatChinaTime(row.current.publishedAt, locale)}
                </Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t.none}</Typography.Text>
            )
          }
        />
        <Table.Column<ConsoleAgreement>
          key="signed"
          title={t.signedTitle}
          width={260}
          render={(_, row) => {
            const percent = row.activeUsers ? Math.round((row.signedCurrent / row.activeUsers) * 100) : 0
            return (
              <Tooltip title={fill(t.signed, { signed: row.signedCurrent, total: row.activeUsers })}>
                <Space direction="vertical" size={0} style={{ width: '100%' }}>
                  <Progress percent={percent} size="small" aria-label={fill(t.signed, { signed: row.signedCurrent, total: row.activeUsers })} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {fill(t.signed, { signed: row.signedCurrent, total: row.activeUsers })}
                  </Typography.Text>
                </Space>
              </Tooltip>
            )
          }}
        />
        <Table.Column<ConsoleAgreement>
          key="draft"
          title={t.draft}
          render={(_, row) => (row.draft ? <StatusTag tone="blue">{fill(c.updated, { time: formatChinaTime(row.draft.updatedAt, locale) })}</StatusTag> : <Typography.Text type="secondary">{t.noDraft}</Typography.Text>)}
        />
        <Table.Column<ConsoleAgreement>
          key="actions"
          title=""
          align="right"
          render={(_, row) => (
            <Button icon={<EditOutlined />} onClick={() => navigate(`/agreements/${row.code}`)} aria-label={`${t.editDraft} ${t.codes[row.code]}`}>
              {t.editDraft}
            </Button>
          )}
        />
      </Table>
    </List>
  )
}
