import { ClockCircleOutlined, EyeOutlined, HistoryOutlined, PlusOutlined, SaveOutlined, SendOutlined, DeleteOutlined } from '@ant-design/icons'
import type { FloorComponent, PageDraft, Schedule } from '@ess/contract'
import { PREVIEW_TTL_S } from '@ess/contract/wire'
import { useWarnAboutChange } from '@refinedev/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Badge, Breadcrumb, Button, Card, Col, Dropdown, Empty, Form, Popconfirm, Result, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { api, unwrap } from '../../../api/client'
import { useStepUp } from '../../../components/auth/step-up-modal'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from '../shared/china-time'
import { refusalMessage } from '../shared/form-errors'
import { ScheduleModal } from '../shared/schedule-modal'
import { SortableList } from '../shared/sortable'
import { useMayDo, useWho } from '../shared/use-content'
import { DANGER_TEXT, FloorFields, type FloorEdit } from './floor-fields'
import { type DraftFloors, FLOOR_KINDS, type Lang, addFloor, draftInput, moveFloor, removeFloor, sameDraft, updateShared, updateText, usedIds } from './model'
import { PhonePreview } from './phone-preview'
import { VersionsDrawer } from './versions'
import { StatusTag } from '../shared/status-tag'

type PageCode = 'homepage' | 'servicegrid'
export const isPageCode = (code: string | undefined): code is PageCode => code === 'homepage' || code === 'servicegrid'

export const pageQuery = (code: PageCode) => ({ queryKey: ['console', 'page', code], queryFn: () => unwrap(api.GET('/app/console/cms/pages/{code}', { params: { path: { code } } })) as Promise<PageDraft> })

/**
 * The editor of a page's draft: its floors in order (drag to reorder), each floor's fields with the
 * texts of both languages side by side, a phone-width preview of the draft beside it; save the
 * draft, open the real portal with it, and (publishers) publish now, schedule, or restore a version.
 */
export function FloorsEditor() {
  const { code } = useParams()
  const { texts } = useTexts()
  if (!isPageCode(code)) return <Result status="404" title={texts.common.notFound.title} />
  return <Editor code={code} key={code} />
}

function Editor({ code }: { code: PageCode }) {
  const { texts, locale } = useTexts()
  const t = texts.content
  const { message } = App.useApp()
  const stepUp = useStepUp()
  const may = useMayDo()
  const who = useWho()
  const client = useQueryClient()
  const { setWarnWhen } = useWarnAboutChange()
  const page = useQuery(pageQuery(code))
  const schedules = useQuery({ queryKey: ['console', 'page', code, 'schedules'], queryFn: () => unwrap(api.GET('/app/console/cms/pages/{code}/schedules', { params: { path: { code } } })) as Promise<Schedule[]>, enabled: may('floors', 'schedule') })
  const [draft, setDraft] = useState<DraftFloors | null>(null)
  const [saved, setSaved] = useState<DraftFloors | null>(null)
  const [errors, setErrors] = useState<Map<string, string>>(new Map())
  const [busy, setBusy] = useState<'save' | 'publish' | 'preview' | null>(null)
  const [lang, setLang] = useState<Lang>(locale === 'en-US' ? 'en' : 'zh')
  const [versionsOpen, setVersionsOpen] = useState(false)
  const [scheduleOpen, setScheduleOpen] = useState(false)

  // The answer of the gateway is the editor's starting point (again after a restore).
  useEffect(() => {
    if (!page.data) return
    const loaded = { zh: page.data.floorsZh, en: page.data.floorsEn }
    setDraft(loaded)
    setSaved(loaded)
  }, [page.data])
  const unsaved = !!draft && !!saved && !sameDraft(draft, saved)
  useEffect(() => setWarnWhen(unsaved), [unsaved, setWarnWhen])

  const edits = useMemo(() => {
    if (!draft) return []
    return draft.zh.map<FloorEdit>((floor, index) => ({
      index,
      zh: floor,
      en: draft.en[index],
      shared: (change) => setDraft((current) => current && updateShared(current, index, change)),
      text: (l, change) => setDraft((current) => current && updateText(current, l, index, change)),
      error: (path, l) => (l ? errors.get(`floors${l === 'zh' ? 'Zh' : 'En'}.${index}.${path}`) : (errors.get(`floorsZh.${index}.${path}`) ?? errors.get(`floorsEn.${index}.${path}`))),
      takenIds: () => usedIds(draft),
    }))
  }, [draft, errors])

  if (page.isError) return <Result status="error" title={t.common.loadFailed} subTitle={refusalMessage(page.error, texts.common.errors.unknown)} extra={<Button onClick={() => page.refetch()}>{texts.common.actions.retry}</Button>} />
  if (!page.data || !draft) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>
  const info = page.data

  const save = async () => {
    setBusy('save')
    try {
      const answer = (await unwrap(api.PUT('/app/console/cms/pages/{code}/draft', { params: { path: { code } }, body: draftInput(draft) as never }))) as PageDraft
      setErrors(new Map())
      setWarnWhen(false)
      client.setQueryData(pageQuery(code).queryKey, answer)
      message.success(t.common.saved)
    } catch (failure) {
      const fields = (failure as { fields?: { field: string; message: string }[] }).fields ?? []
      setErrors(new Map(fields.map(({ field, message: text }) => [field, text])))
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const preview = async () => {
    setBusy('preview')
    // The window opens at once (a click's popup), then goes to the signed link.
    const opened = window.open('about:blank', '_blank')
    try {
      const link = await unwrap(api.POST('/app/console/cms/pages/{code}/preview', { params: { path: { code } } }))
      if (opened) {
        opened.opener = null
        opened.location.href = link.url
      } else window.location.assign(link.url)
    } catch (failure) {
      opened?.close()
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const publish = async () => {
    setBusy('publish')
    try {
      const { version } = await stepUp(() => unwrap(api.POST('/app/console/cms/pages/{code}/publish', { params: { path: { code } } })))
      await client.invalidateQueries({ queryKey: ['console', 'page', code] })
      message.success(`${t.common.published} · ${fill(t.common.liveVersion, { version })}`)
    } catch (failure) {
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const addMenu = FLOOR_KINDS.map((kind: FloorComponent) => ({
    key: kind,
    label: (
      <Space direction="vertical" size={0}>
        <Typography.Text strong>{t.floors.kinds[kind]}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.floors.kindHints[kind]}
        </Typography.Text>
      </Space>
    ),
    onClick: () => setDraft((current) => current && addFloor(current, kind)),
  }))

  const status = (
    <Space size={8} wrap>
      {info.publishedVersion ? <StatusTag tone="green">{fill(t.common.liveVersion, { version: info.publishedVersion })}</StatusTag> : <Tag>{t.common.neverPublished}</Tag>}
      {unsaved ? <Badge status="warning" text={t.common.unsaved} /> : info.changed ? <Badge status="processing" text={t.common.draftChanged} /> : <Badge status="success" text={t.common.upToDate} />}
      {info.updatedAt && (
        <Typography.Text type="secondary">
          {fill(t.common.updated, { time: formatChinaTime(info.updatedAt, locale) })} {info.updatedBy && fill(t.common.by, { who: who(info.updatedBy, t.common.you) })}
        </Typography.Text>
      )}
    </Space>
  )

  const publishBlocked = unsaved ? t.floors.saveFirst : undefined
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card styles={{ body: { padding: '16px 24px' } }}>
        <Row justify="space-between" align="middle" gutter={[16, 12]}>
          <Col>
            <Space direction="vertical" size={4}>
              <Breadcrumb items={[{ title: t.floors.title, href: '#/floors' }, { title: t.floors.pages[code] }]} />
              <Typography.Title level={3} style={{ margin: 0 }}>
                {fill(t.floors.editorTitle, { page: t.floors.pages[code] })}
              </Typography.Title>
              {status}
            </Space>
          </Col>
          <Col>
            <Space wrap>
              <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
                {t.common.versions}
              </Button>
              <Tooltip title={fill(t.common.previewHint, { minutes: PREVIEW_TTL_S / 60 })}>
                <Button icon={<EyeOutlined />} onClick={preview} loading={busy === 'preview'} disabled={unsaved}>
                  {t.common.previewOpen}
                </Button>
              </Tooltip>
              <Button type={may('floors', 'publish') ? 'default' : 'primary'} icon={<SaveOutlined />} onClick={save} loading={busy === 'save'} disabled={!unsaved && busy !== 'save'}>
                {t.common.save}
              </Button>
              {may('floors', 'schedule') && (
                <Tooltip title={publishBlocked}>
                  <Button icon={<ClockCircleOutlined />} onClick={() => setScheduleOpen(true)} disabled={unsaved}>
                    {t.common.schedule}
                  </Button>
                </Tooltip>
              )}
              {may('floors', 'publish') && (
                <Tooltip title={publishBlocked}>
                  <Popconfirm title={t.common.publishConfirm} onConfirm={publish} okText={t.floors.publishNow} cancelText={texts.common.actions.cancel} disabled={unsaved}>
                    <Button type="primary" icon={<SendOutlined />} loading={busy === 'publish'} disabled={unsaved}>
                      {t.common.publish}
                    </Button>
                  </Popconfirm>
                </Tooltip>
              )}
            </Space>
          </Col>
        </Row>
      </Card>
      {errors.size > 0 && <Alert type="error" showIcon message={[...new Set(errors.values())].slice(0, 3).join(' · ')} closable onClose={() => setErrors(new Map())} />}
      <Row gutter={16} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Form layout="vertical" component="div">
            {draft.zh.length === 0 && (
              <Card>
                <Empty description={t.floors.noFloors} />
              </Card>
            )}
            <SortableList
              items={edits}
              keyOf={(edit) => edit.zh.id}
              onMove={(from, to) => setDraft((current) => current && moveFloor(current, from, to))}
              render={(edit, index, handle) => (
                <Card
                  size="small"
                  style={{ marginBottom: 12 }}
                  data-testid={`floor-${edit.zh.id}`}
                  title={
                    <Space size={4}>
                      {handle}
                      <StatusTag tone="blue">{t.floors.kinds[edit.zh.component]}</StatusTag>
                      <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                        {edit.zh.id}
                      </Typography.Text>
                    </Space>
                  }
                  extra={
                    <Popconfirm title={t.floors.removeFloorConfirm} onConfirm={() => setDraft((current) => current && removeFloor(current, index))} okText={t.common.remove} cancelText={texts.common.actions.cancel}>
                      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`${t.common.remove} ${edit.zh.id}`} style={{ color: DANGER_TEXT }}>
                        {t.common.remove}
                      </Button>
                    </Popconfirm>
                  }
                >
                  <FloorFields edit={edit} />
                </Card>
              )}
            />
            <Dropdown menu={{ items: addMenu }} trigger={['click']}>
              <Button type="dashed" block icon={<PlusOutlined />} size="large">
                {t.floors.addFloor}
              </Button>
            </Dropdown>
          </Form>
        </Col>
        <Col flex="400px">
          <Card size="small" title={t.floors.previewTitle} style={{ position: 'sticky', top: 72 }}>
            <PhonePreview draft={draft} lang={lang} onLang={setLang} />
          </Card>
        </Col>
      </Row>
      <VersionsDrawer code={code} open={versionsOpen} onClose={() => setVersionsOpen(false)} liveVersion={info.publishedVersion} />
      {may('floors', 'schedule') && (
        <ScheduleModal
          open={scheduleOpen}
          onClose={() => setScheduleOpen(false)}
          schedules={schedules.data}
          actions={['publish']}
          onPlan={async (runAt) => {
            await stepUp(() => unwrap(api.POST('/app/console/cms/pages/{code}/schedules', { params: { path: { code } }, body: { runAt } })))
            message.success(t.common.scheduled)
            await schedules.refetch()
          }}
          onCancelPlan={async (id) => {
            await stepUp(() => unwrap(api.DELETE('/app/console/cms/pages/{code}/schedules/{id}', { params: { path: { code, id } } })))
            message.success(t.common.scheduleCancelled)
            await schedules.refetch()
          }}
        />
      )}
    </Space>
  )
}
