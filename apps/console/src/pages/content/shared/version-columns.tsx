import { Button, Empty, Popconfirm, Table, type TableColumnType } from 'antd'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from './china-time'
import { useWho } from './use-content'

/** The columns every version history shows: when a version was published (China time) and by whom. */
export function usePublishedColumns<Row extends { publishedAt: string; publishedBy: string | null }>(): TableColumnType<Row>[] {
  const { texts, locale } = useTexts()
  const t = texts.content
  const who = useWho()
  return [
    { key: 'at', title: `${t.floors.publishedAt} (${t.common.chinaTime})`, render: (_, row) => formatChinaTime(row.publishedAt, locale) },
    { key: 'by', title: t.floors.publishedBy, render: (_, row) => who(row.publishedBy, t.common.you) },
  ]
}

/** A version history's table (a page's, an article's): ten a page, the histories' empty text. */
export function VersionTable<Row extends { version: number }>({ rows, loading, columns }: { rows: Row[]; loading: boolean; columns: TableColumnType<Row>[] }) {
  const { texts } = useTexts()
  return (
    <Table<Row>
      size="middle"
      rowKey="version"
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.content.floors.versionsEmpty} /> }}
      columns={columns}
    />
  )
}

/** A version's restore action behind its confirmation (`title` says what restoring does there). */
export function RestoreButton({ title, onConfirm }: { title: string; onConfirm: () => void }) {
  const { texts } = useTexts()
  return (
    <Popconfirm title={title} onConfirm={onConfirm} okText={texts.content.common.restore} cancelText={texts.common.actions.cancel}>
      <Button size="small" type="primary" ghost>
        {texts.content.common.restore}
      </Button>
    </Popconfirm>
  )
}
