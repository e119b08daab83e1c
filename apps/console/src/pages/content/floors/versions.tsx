import type { Floor } from '@ess/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Drawer, Modal, Popconfirm, Space, Table } from 'antd'
import { useState } from 'react'
import { api, unwrap } from '../../../api/client'
import { useStepUp } from '../../../components/auth/step-up-modal'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { refusalMessage } from '../shared/form-errors'
import { useMayDo } from '../shared/use-content'
import { RestoreButton, VersionTable, usePublishedColumns } from '../shared/version-columns'
import type { Lang } from './model'
import { PhonePreview } from './phone-preview'
import { StatusTag } from '../shared/status-tag'

type PageCode = 'homepage' | 'servicegrid'
type Version = { version: number; publishedAt: string; publishedBy: string | null }

/** The published versions of a page (who, when), each viewable; publishers restore one as a new version (step-up). */
export function VersionsDrawer({ code, open, onClose, liveVersion }: { code: PageCode; open: boolean; onClose: () => void; liveVersion: number | null }) {
  const { texts, locale } = useTexts()
  const t = texts.content
  const { message } = App.useApp()
  const stepUp = useStepUp()
  const may = useMayDo()
  const published = usePublishedColumns<Version>()
  const client = useQueryClient()
  const [viewing, setViewing] = useState<number | null>(null)
  const [lang, setLang] = useState<Lang>(locale === 'en-US' ? 'en' : 'zh')
  const versions = useQuery({ queryKey: ['console', 'page', code, 'versions'], queryFn: () => unwrap(api.GET('/app/console/cms/pages/{code}/versions', { params: { path: { code } } })), enabled: open })
  const detail = useQuery({
    queryKey: ['console', 'page', code, 'versions', viewing],
    queryFn: () => unwrap(api.GET('/app/console/cms/pages/{code}/versions/{version}', { params: { path: { code, version: viewing! } } })),
    enabled: viewing !== null,
  })

  const restore = async (version: number) => {
    try {
      const answer = await stepUp(() => unwrap(api.POST('/app/console/cms/pages/{code}/versions/{version}/restore', { params: { path: { code, version } } })))
      message.success(`${t.common.restored} · ${fill(t.common.liveVersion, { version: answer.version })}`)
      await client.invalidateQueries({ queryKey: ['console', 'page', code] })
    } catch (failure) {
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    }
  }

  // The version before the live one: what withdrawing the live version brings back.
  const list = versions.data ?? []
  const previous = list.find((row) => liveVersion !== null && row.version < liveVersion)?.version ?? null
  const withdraw = async (version: number) => {
    try {
      await stepUp(() => unwrap(api.POST('/app/console/cms/pages/{code}/unpublish', { params: { path: { code } }, body: { version } })))
      message.success(fill(t.floors.withdrawn, { previous: previous ?? '' }))
      await client.invalidateQueries({ queryKey: ['console', 'page', code] })
    } catch (failure) {
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    }
  }

  return (
    <Drawer open={open} onClose={onClose} title={t.floors.versionsTitle} width={620}>
      <VersionTable
        loading={versions.isLoading}
        rows={list}
        columns={[
          { key: 'version', title: t.floors.version, render: (_, row) => <Space>v{row.version}{row.version === liveVersion && <StatusTag tone="green">{t.floors.current}</StatusTag>}</Space> },
          ...published,
          {
            key: 'actions',
            title: '',
            align: 'right',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setViewing(row.version)}>
                  {t.floors.viewVersion}
                </Button>
                {may('floors', 'unpublish') && row.version === liveVersion && previous !== null && (
                  <Popconfirm title={fill(t.floors.withdrawConfirm, { version: row.version, previous })} onConfirm={() => withdraw(row.version)} okText={t.floors.withdraw} cancelText={texts.common.actions.cancel}>
                    <Button size="small" danger>
                      {t.floors.withdraw}
                    </Button>
                  </Popconfirm>
                )}
                {may('floors', 'restore') && row.version !== liveVersion && <RestoreButton title={fill(t.common.restoreConfirm, { version: row.version })} onConfirm={() => restore(row.version)} />}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={viewing !== null} onCancel={() => setViewing(null)} footer={null} title={`${t.floors.version} v${viewing ?? ''}`} width={460} destroyOnHidden>
        {detail.data ? <PhonePreview draft={{ zh: detail.data.floorsZh as Floor[], en: detail.data.floorsEn as Floor[] }} lang={lang} onLang={setLang} /> : <Table loading dataSource={[]} />}
      </Modal>
    </Drawer>
  )
}
