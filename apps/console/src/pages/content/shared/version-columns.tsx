import type { TableColumnType } from 'antd'
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
