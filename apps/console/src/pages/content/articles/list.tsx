import { PlusOutlined, SearchOutlined } from '@ant-design/icons'
import type { ConsoleArticle } from '@ess/contract'
import { CreateButton, List, useTable } from '@refinedev/antd'
import type { CrudFilter } from '@refinedev/core'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Empty, Form, Select, Space, Table, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { api, unwrap } from '../../../api/client'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from '../shared/china-time'
import { StatusTag } from '../shared/status-tag'

type Row = Omit<ConsoleArticle, 'htmlZh' | 'htmlEn'>
interface Filters {
  kind?: string
  state?: string
  categoryCode?: string
}
export const STATE_TONES = { draft: 'gray', published: 'green', unpublished: 'orange' } as const

export const categoriesQuery = { queryKey: ['console', 'article-categories'], queryFn: () => unwrap(api.GET('/app/console/articles/categories')), staleTime: 60_000 }

/** Articles (news, service guide, help answers): filters by kind, state and category; a row opens its editor. */
export function ArticlesList() {
  const { texts, locale } = useTexts()
  const t = texts.content.articles
  const navigate = useNavigate()
  const categories = useQuery(categoriesQuery)
  const { tableProps, searchFormProps } = useTable<Row, never, Filters>({
    resource: 'articles',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    onSearch: (values): CrudFilter[] => [
      { field: 'kind', operator: 'eq', value: values.kind },
      { field: 'state', operator: 'eq', value: values.state },
      { field: 'categoryCode', operator: 'eq', value: values.categoryCode },
    ],
  })
  const en = locale === 'en-US'
  const categoryName = (code: string) => {
    const found = categories.data?.find((category) => category.code === code)
    return found ? (en ? found.nameEn : found.nameZh) : code
  }
  const kinds = ['news', 'guide', 'help'] as const
  const states = ['draft', 'published', 'unpublished'] as const
  return (
    <List
      title={t.title}
      headerButtons={
        <CreateButton resource="articles" icon={<PlusOutlined />} onClick={() => navigate('/articles/new')}>
          {t.create}
        </CreateButton>
      }
    >
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="kind" label={t.kind}>
          <Select allowClear placeholder={t.all} style={{ width: 160 }} options={kinds.map((kind) => ({ value: kind, label: t.kinds[kind] }))} />
        </Form.Item>
        <Form.Item name="state" label={t.state}>
          <Select allowClear placeholder={t.all} style={{ width: 140 }} options={states.map((state) => ({ value: state, label: t.states[state] }))} />
        </Form.Item>
        <Form.Item name="categoryCode" label={t.category}>
          <Select allowClear placeholder={t.all} style={{ width: 180 }} loading={categories.isLoading} options={(categories.data ?? []).map((category) => ({ value: category.code, label: en ? category.nameEn : category.nameZh }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {texts.common.actions.search}
          </Button>
          <Button
            onClick={() => {
              searchFormProps.form?.resetFields()
              searchFormProps.form?.submit()
            }}
          >
            {texts.common.actions.reset}
          </Button>
        </Space>
      </Form>
      <Table<Row>
        {...tableProps}
        rowKey="id"
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.content.common.empty} /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => fill(t.total, { total }), showSizeChanger: true }}
        onRow={(row) => ({ onClick: () => navigate(`/articles/${row.id}`), style: { cursor: 'pointer' } })}
      >
        <Table.Column<Row>
          key="title"
          title={t.columns.title}
          render={(_, row) => (
            <Space direction="vertical" size={0}>
              <Typography.Link onClick={() => navigate(`/articles/${row.id}`)}>{en ? row.titleEn : row.titleZh}</Typography.Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.id}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<Row> dataIndex="kind" title={t.columns.kind} width={130} render={(kind: Row['kind']) => t.kinds[kind]} />
        <Table.Column<Row> dataIndex="categoryCode" title={t.columns.category} width={150} render={categoryName} />
        <Table.Column<Row>
          key="state"
          title={t.columns.state}
          width={190}
          render={(_, row) => (
            <Space size={4} wrap>
              <StatusTag tone={STATE_TONES[row.state]}>{t.states[row.state]}</StatusTag>
              {row.changed && row.state !== 'draft' && <Badge status="processing" text={t.changed} />}
            </Space>
          )}
        />
        <Table.Column<Row> dataIndex="updatedAt" title={t.columns.updated} width={170} render={(at: string) => formatChinaTime(at, locale)} />
        <Table.Column<Row> dataIndex="publishedAt" title={t.columns.publishedAt} width={170} render={(at: string | null) => (at ? formatChinaTime(at, locale) : '—')} />
      </Table>
    </List>
  )
}
