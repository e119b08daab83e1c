import { ClockCircleOutlined, EyeOutlined, HistoryOutlined, SaveOutlined, SendOutlined, StopOutlined } from '@ant-design/icons'
import type { ArticleDraftInput, ConsoleArticle, Schedule } from '@ess/contract'
import { useWarnAboutChange } from '@refinedev/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Badge, Breadcrumb, Button, Card, Col, Drawer, Form, Input, Popconfirm, Result, Row, Segmented, Skeleton, Space, Tabs, Tag, Tooltip, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { api, unwrap } from '../../../api/client'
import { useStepUp } from '../../../components/auth/step-up-modal'
import { ItemSelect } from '../../../components/form/item-select'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from '../shared/china-time'
import { formFieldErrors, refusalMessage } from '../shared/form-errors'
import { ImageField } from '../shared/image-field'
import { ScheduleModal } from '../shared/schedule-modal'
import { useMayDo, useWho } from '../shared/use-content'
import { categoriesQuery, STATE_TONES } from './list'
import { RichText } from './rich-text'
import { StatusTag } from '../shared/status-tag'
import { ArticleVersionsDrawer } from './versions'

type Values = ArticleDraftInput & { id: string }
const articleQuery = (id: string) => ({ queryKey: ['console', 'article', id], queryFn: () => unwrap(api.GET('/app/console/articles/{id}', { params: { path: { id } } })) as Promise<ConsoleArticle> })

/**
 * An article's editor: category, cover, title, summary and source in both languages side by side,
 * the body in a rich-text editor per language; save the draft, preview what the server kept, and
 * (publishers) publish, schedule a publish or unpublish, take it off the portal, restore a
 * published version as the draft.
 */
export function ArticleEditor() {
  const { id } = useParams()
  return <Editor id={id} key={id ?? 'new'} />
}

function Editor({ id }: { id: string | undefined }) {
  const { texts, locale } = useTexts()
  const t = texts.content.articles
  const c = texts.content.common
  const navigate = useNavigate()
  const { message } = App.useApp()
  const stepUp = useStepUp()
  const may = useMayDo()
  const who = useWho()
  const client = useQueryClient()
  const { setWarnWhen } = useWarnAboutChange()
  const [form] = Form.useForm<Values>()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [previewOpen, setPreviewOpen] = useState(false)
  const [scheduleOpen, setScheduleOpen] = useState(false)
  const [versionsOpen, setVersionsOpen] = useState(false)
  const creating = id === undefined
  const article = useQuery({ ...articleQuery(id ?? ''), enabled: !creating })
  const categories = useQuery(categoriesQuery)
  const schedules = useQuery({ queryKey: ['console', 'article', id, 'schedules'], queryFn: () => unwrap(api.GET('/app/console/articles/{id}/schedules', { params: { path: { id: id! } } })) as Promise<Schedule[]>, enabled: !creating && may('articles', 'schedule') })
  const en = locale === 'en-US'

  useEffect(() => {
    if (article.data) {
      form.setFieldsValue(article.data)
      setDirty(false)
    }
  }, [article.data, form])
  useEffect(() => setWarnWhen(dirty), [dirty, setWarnWhen])

  if (article.isError) return <Result status="error" title={c.loadFailed} subTitle={refusalMessage(article.error, texts.common.errors.unknown)} extra={<Button onClick={() => navigate('/articles')}>{c.back}</Button>} />
  if (!creating && !article.data) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>
  const current = article.data

  const save = async (values: Values) => {
    setBusy('save')
    try {
      const { id: newId, ...draft } = values
      const body: ArticleDraftInput = { ...draft, sourceZh: draft.sourceZh ?? '', sourceEn: draft.sourceEn ?? '' }
      if (creating) {
        const created = (await unwrap(api.POST('/app/console/articles', { body: { ...body, id: newId } }))) as ConsoleArticle
        setWarnWhen(false)
        setDirty(false)
        client.setQueryData(articleQuery(created.id).queryKey, created)
        message.success(t.created)
        navigate(`/articles/${created.id}`, { replace: true })
      } else {
        const saved = (await unwrap(api.PUT('/app/console/articles/{id}', { params: { path: { id } }, body }))) as ConsoleArticle
        client.setQueryData(articleQuery(id).queryKey, saved)
        setDirty(false)
        message.success(c.saved)
      }
      await client.invalidateQueries({ queryKey: ['list'] })
    } catch (failure) {
      const fields = formFieldErrors(failure)
      if (fields.length) form.setFields(fields as never)
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const act = async (what: 'publish' | 'unpublish') => {
    if (!id) return
    setBusy(what)
    try {
      const answer = (await stepUp(() => unwrap(what === 'publish' ? api.POST('/app/console/articles/{id}/publish', { params: { path: { id } } }) : api.POST('/app/console/articles/{id}/unpublish', { params: { path: { id } } })))) as ConsoleArticle
      client.setQueryData(articleQuery(id).queryKey, answer)
      message.success(what === 'publish' ? c.published : c.unpublished)
    } catch (failure) {
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const categoryOptions = (['news', 'guide', 'help'] as const).map((kind) => ({
    label: t.kinds[kind],
    options: (categories.data ?? []).filter((category) => category.kind === kind).map((category) => ({ value: category.code, label: en ? category.nameEn : category.nameZh })),
  }))
  const saveFirst = dirty ? texts.content.floors.saveFirst : undefined
  const required = [{ required: true, whitespace: true, message: texts.auth.signIn.required }]
  const bilingual = (name: 'title' | 'summary' | 'source', label: string, max: [number, number], optional = false, multiline = false) => (
    <Row gutter={16}>
      {(['Zh', 'En'] as const).map((lang, i) => (
        <Col span={12} key={lang}>
          <Form.Item name={`${name}${lang}`} label={`${label} · ${lang === 'Zh' ? c.zh : c.en}`} rules={optional ? [] : required}>
            {multiline ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={max[i]} showCount /> : <Input maxLength={max[i]} />}
          </Form.Item>
        </Col>
      ))}
    </Row>
  )

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card styles={{ body: { padding: '16px 24px' } }}>
        <Row justify="space-between" align="middle" gutter={[16, 12]}>
          <Col>
            <Space direction="vertical" size={4}>
              <Breadcrumb items={[{ title: t.title, href: '#/articles' }, { title: creating ? t.newTitle : id }]} />
              <Typography.Title level={3} style={{ margin: 0 }}>
                {creating ? t.newTitle : (en ? current?.titleEn : current?.titleZh) || t.editTitle}
              </Typography.Title>
              {current && (
                <Space size={8} wrap>
                  <StatusTag tone={STATE_TONES[current.state]}>{t.states[current.state]}</StatusTag>
                  <Tag>{t.kinds[current.kind]}</Tag>
                  {dirty ? <Badge status="warning" text={c.unsaved} /> : current.changed && current.state !== 'draft' ? <Badge status="processing" text={c.draftChanged} /> : null}
                  <Typography.Text type="secondary">
                    {fill(c.updated, { time: formatChinaTime(current.updatedAt, locale) })} {current.updatedBy && fill(c.by, { who: who(current.updatedBy, c.you) })}
                  </Typography.Text>
                </Space>
              )}
            </Space>
          </Col>
          <Col>
            <Space wrap>
              {!creating && (
                <Tooltip title={saveFirst}>
                  <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} disabled={dirty}>
                    {c.versions}
                  </Button>
                </Tooltip>
              )}
              {!creating && (
                <Tooltip title={saveFirst}>
                  <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)} disabled={dirty}>
                    {c.preview}
                  </Button>
                </Tooltip>
              )}
              <Button type={may('articles', 'publish') ? 'default' : 'primary'} icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => form.submit()}>
                {c.save}
              </Button>
              {!creating && current && may('articles', 'schedule') && (
                <Tooltip title={saveFirst}>
                  <Button icon={<ClockCircleOutlined />} onClick={() => setScheduleOpen(true)} disabled={dirty}>
                    {c.schedule}
                  </Button>
                </Tooltip>
              )}
              {!creating && current?.state === 'published' && may('articles', 'unpublish') && (
                <Popconfirm title={c.unpublishConfirm} onConfirm={() => act('unpublish')} okText={c.unpublish} cancelText={texts.common.actions.cancel}>
                  <Button danger icon={<StopOutlined />} loading={busy === 'unpublish'}>
                    {c.unpublish}
                  </Button>
                </Popconfirm>
              )}
              {!creating && may('articles', 'publish') && (
                <Tooltip title={saveFirst}>
                  <Popconfirm title={c.publishConfirm} onConfirm={() => act('publish')} okText={texts.content.floors.publishNow} cancelText={texts.common.actions.cancel} disabled={dirty}>
                    <Button type="primary" icon={<SendOutlined />} loading={busy === 'publish'} disabled={dirty}>
                      {c.publish}
                    </Button>
                  </Popconfirm>
                </Tooltip>
              )}
            </Space>
          </Col>
        </Row>
      </Card>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={save}
          onValuesChange={() => setDirty(true)}
          initialValues={{ htmlZh: '', htmlEn: '', sourceZh: '', sourceEn: '' }}
          scrollToFirstError
        >
          <Row gutter={16}>
            {creating && (
              <Col span={8}>
                <Form.Item name="id" label={t.id} tooltip={t.idHelp} rules={[...required, { pattern: /^[a-z0-9-]{1,64}$/, message: t.idHelp }]}>
                  <Input placeholder="2026-benefits-update" maxLength={64} />
                </Form.Item>
              </Col>
            )}
            <Col span={creating ? 8 : 12}>
              <Form.Item name="categoryCode" label={t.category} rules={required}>
                <ItemSelect options={categoryOptions} loading={categories.isLoading} showSearch optionFilterProp="label" />
              </Form.Item>
            </Col>
            <Col span={creating ? 8 : 12}>
              <Form.Item name="cover" label={t.cover} rules={required}>
                <CoverField label={t.cover} />
              </Form.Item>
            </Col>
          </Row>
          {bilingual('title', t.titleField, [80, 160])}
          {bilingual('summary', t.summary, [200, 400], false, true)}
          {bilingual('source', t.source, [40, 80], true)}
          <Tabs
            items={(['Zh', 'En'] as const).map((lang) => ({
              key: lang,
              label: `${t.body} · ${lang === 'Zh' ? c.zh : c.en}`,
              forceRender: true,
              children: (
                <Form.Item name={`html${lang}`} rules={[{ required: true, message: t.bodyRequired }]} style={{ marginBottom: 0 }}>
                  <RichText label={`${t.body} · ${lang === 'Zh' ? c.zh : c.en}`} testId={`body-${lang.toLowerCase()}`} />
                </Form.Item>
              ),
            }))}
          />
        </Form>
      </Card>
      {current && <ArticleVersionsDrawer article={current} open={versionsOpen} onClose={() => setVersionsOpen(false)} onRestored={(draft) => client.setQueryData(articleQuery(draft.id).queryKey, draft)} />}
      {current && <ArticlePreview article={current} open={previewOpen} onClose={() => setPreviewOpen(false)} />}
      {current && may('articles', 'schedule') && (
        <ScheduleModal
          open={scheduleOpen}
          onClose={() => setScheduleOpen(false)}
          schedules={schedules.data}
          actions={['publish', 'unpublish']}
          onPlan={async (runAt, action) => {
            await stepUp(() => unwrap(api.POST('/app/console/articles/{id}/schedules', { params: { path: { id: current.id } }, body: { runAt, action } })))
            message.success(c.scheduled)
            await schedules.refetch()
          }}
          onCancelPlan={async (scheduleId) => {
            await stepUp(() => unwrap(api.DELETE('/app/console/articles/{id}/schedules/{scheduleId}', { params: { path: { id: current.id, scheduleId } } })))
            message.success(c.scheduleCancelled)
            await schedules.refetch()
          }}
        />
      )}
    </Space>
  )
}

function CoverField({ value, onChange, label }: { value?: string; onChange?: (url: string) => void; label: string }) {
  return <ImageField label={label} value={value ?? ''} onChange={(image) => onChange?.(image.url)} />
}

/**
 * The saved draft as the portal shows it, at a phone's width: the HTML here is what the gateway
 * kept after its allow-list (sanitize-html), not what the browser sent.
 */
function ArticlePreview({ article, open, onClose }: { article: ConsoleArticle; open: boolean; onClose: () => void }) {
  const { texts, locale } = useTexts()
  const t = texts.content
  const [lang, setLang] = useState<'zh' | 'en'>(locale === 'en-US' ? 'en' : 'zh')
  const zh = lang === 'zh'
  return (
    <Drawer open={open} onClose={onClose} title={t.articles.previewTitle} width={460}>
      <Typography.Paragraph type="secondary">{t.articles.previewHint}</Typography.Paragraph>
      <Segmented block value={lang} onChange={(value) => setLang(value as 'zh' | 'en')} options={[{ value: 'zh', label: t.common.zh }, { value: 'en', label: t.common.en }]} style={{ marginBottom: 12 }} />
      <article lang={zh ? 'zh-CN' : 'en-US'} className="ess-article-preview" style={{ width: 375, maxWidth: '100%', margin: '0 auto', border: '1px solid #e5e7eb', borderRadius: 16, padding: 16, background: '#fff' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {zh ? article.titleZh : article.titleEn}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[zh ? article.sourceZh : article.sourceEn, article.publishedAt && formatChinaTime(article.publishedAt, locale)].filter(Boolean).join(' · ')}
        </Typography.Text>
        <img src={article.cover} alt="" style={{ width: '100%', borderRadius: 8, margin: '12px 0' }} />
        {/* The gateway's sanitised HTML (allow-list: headings, paragraphs, emphasis, lists, its own images). */}
        <div dangerouslySetInnerHTML={{ __html: zh ? article.htmlZh : article.htmlEn }} />
      </article>
    </Drawer>
  )
}
