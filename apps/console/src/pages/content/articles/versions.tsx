import type { ConsoleArticle } from '@ess/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Drawer } from 'antd'
import { api, unwrap } from '../../../api/client'
import { useStepUp } from '../../../components/auth/step-up-modal'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { refusalMessage } from '../shared/form-errors'
import { useMayDo } from '../shared/use-content'
import { RestoreButton, VersionTable, usePublishedColumns } from '../shared/version-columns'

type Version = { version: number; publishedAt: string; publishedBy: string | null; titleZh: string; titleEn: string }

/**
 * The published versions of an article (when, who, its title); publishers make one the draft again
 * (step-up), which goes live only when published. The draft they saw travels with the call, so a
 * draft saved meanwhile by someone else is not overwritten (CONTENT_STALE).
 */
export function ArticleVersionsDrawer({ article, open, onClose, onRestored }: { article: ConsoleArticle; open: boolean; onClose: () => void; onRestored: (draft: ConsoleArticle) => void }) {
  const { texts, locale } = useTexts()
  const t = texts.content
  const { message } = App.useApp()
  const stepUp = useStepUp()
  const may = useMayDo()
  const published = usePublishedColumns<Version>()
  const client = useQueryClient()
  const id = article.id
  const versions = useQuery({ queryKey: ['console', 'article', id, 'versions'], queryFn: () => unwrap(api.GET('/app/console/articles/{id}/versions', { params: { path: { id } } })), enabled: open })

  const restore = async (version: number) => {
    try {
      const draft = (await stepUp(() => unwrap(api.POST('/app/console/articles/{id}/versions/{version}/restore', { params: { path: { id, version } }, body: { draftUpdatedAt: article.updatedAt } })))) as ConsoleArticle
      onRestored(draft)
      message.success(fill(t.articles.restoredDraft, { version }))
      await client.invalidateQueries({ queryKey: ['list'] })
      onClose()
    } catch (failure) {
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    }
  }

  return (
    <Drawer open={open} onClose={onClose} title={t.floors.versionsTitle} width={720}>
      <VersionTable
        loading={versions.isLoading}
        rows={versions.data ?? []}
        columns={[
          { key: 'version', title: t.floors.version, render: (_, row) => `v${row.version}` },
          { key: 'title', title: t.articles.columns.title, ellipsis: true, render: (_, row) => (locale === 'en-US' ? row.titleEn : row.titleZh) },
          ...published,
          {
            key: 'actions',
            title: '',
            align: 'right',
            render: (_, row) =>
              may('articles', 'restore') && <RestoreButton title={fill(t.articles.restoreDraftConfirm, { version: row.version })} onConfirm={() => restore(row.version)} />,
          },
        ]}
      />
    </Drawer>
  )
}
