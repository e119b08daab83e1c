import { ExclamationCircleOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons'
import type { AgreementDraftInput, ConsoleAgreement } from '@ess/contract'
import { useWarnAboutChange } from '@refinedev/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Badge, Button, Card, Col, Form, Input, Popconfirm, Radio, Result, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { api, unwrap } from '../../../api/client'
import { useStepUp } from '../../../components/auth/step-up-modal'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { formatChinaTime } from '../shared/china-time'
import { formFieldErrors, refusalMessage } from '../shared/form-errors'
import { useMayDo, useWho } from '../shared/use-content'
import { DiffView } from './diff-view'
import { agreementsQuery } from './list'
import { StatusTag } from '../shared/status-tag'

type Code = ConsoleAgreement['code']
const CODES: readonly Code[] = ['user', 'privacy', 'cancellation']
type Mode = 'resign' | 'editorial'
const agreementQuery = (code: Code) => ({ queryKey: ['console', 'agreement', code], queryFn: () => unwrap(api.GET('/app/console/agreements/{code}', { params: { path: { code } } })) as Promise<ConsoleAgreement> })

/**
 * An agreement's next version: its draft (names and Markdown bodies in both languages), the
 * difference against the published text, and its publishing as a new version everyone signs again
 * or as an editorial fix nobody is asked to sign (step-up).
 */
export function AgreementEditor() {
  const { code } = useParams()
  const { texts } = useTexts()
  if (!CODES.includes(code as Code)) return <Result status="404" title={texts.common.notFound.title} />
  return <Editor code={code as Code} key={code} />
}

function Editor({ code }: { code: Code }) {
  const { texts, locale } = useTexts()
  const t = texts.content.agreements
  const c = texts.content.common
  const navigate = useNavigate()
  const { message } = App.useApp()
  const stepUp = useStepUp()
  const may = useMayDo()
  const who = useWho()
  const client = useQueryClient()
  const { setWarnWhen } = useWarnAboutChange()
  const [form] = Form.useForm<AgreementDraftInput>()
  const [publishForm] = Form.useForm<{ version: string; mode: Mode }>()
  const mode = Form.useWatch('mode', publishForm) ?? 'resign'
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null)
  const agreement = useQuery(agreementQuery(code))
  const diff = useQuery({ queryKey: ['console', 'agreement', code, 'diff', agreement.data?.draft?.updatedAt], queryFn: () => unwrap(api.GET('/app/console/agreements/{code}/diff', { params: { path: { code } } })), enabled: !!agreement.data?.draft })
  const en = locale === 'en-US'

  useEffect(() => {
    const data = agreement.data
    if (!data) return
    const start = data.draft ?? data.current
    form.setFieldsValue(start ? { nameZh: start.nameZh, nameEn: start.nameEn, bodyZh: start.bodyZh, bodyEn: start.bodyEn } : { nameZh: '', nameEn: '', bodyZh: '', bodyEn: '' })
    setDirty(false)
  }, [agreement.data, form])
  useEffect(() => setWarnWhen(dirty), [dirty, setWarnWhen])

  if (agreement.isError) return <Result status="error" title={c.loadFailed} subTitle={refusalMessage(agreement.error, texts.common.errors.unknown)} extra={<Button onClick={() => navigate('/agreements')}>{c.back}</Button>} />
  if (!agreement.data) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>
  const data = agreement.data
  const name = data.current ? (en ? data.current.nameEn : data.current.nameZh) : t.codes[code]

  const refresh = async (answer?: ConsoleAgreement) => {
    if (answer) client.setQueryData(agreementQuery(code).queryKey, answer)
    // Only the agreement itself: its difference is keyed by the draft's time, and after a publish
    // there is no draft left to compare (the gateway answers NO_DRAFT).
    else await client.invalidateQueries({ queryKey: agreementQuery(code).queryKey, exact: true })
    await client.invalidateQueries({ queryKey: agreementsQuery.queryKey })
  }

  const save = async (values: AgreementDraftInput) => {
    setBusy('save')
    try {
      const answer = (await unwrap(api.PUT('/app/console/agreements/{code}/draft', { params: { path: { code } }, body: values }))) as ConsoleAgreement
      setDirty(false)
      setWarnWhen(false)
      await refresh(answer)
      message.success(c.saved)
    } catch (failure) {
      const fields = formFieldErrors(failure)
      if (fields.length) form.setFields(fields as never)
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const publish = async () => {
    const values = await publishForm.validateFields().catch(() => null)
    if (!values) return
    setBusy('publish')
    try {
      await stepUp(() => unwrap(api.POST('/app/console/agreements/{code}/publish', { params: { path: { code } }, body: { version: values.version.trim(), mode: values.mode } })))
      publishForm.resetFields()
      await refresh()
      message.success(values.mode === 'resign' ? t.publishedResign : t.publishedEditorial)
    } catch (failure) {
      const fields = formFieldErrors(failure)
      if (fields.length) publishForm.setFields(fields as never)
      message.error(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(null)
    }
  }

  const required = [{ required: true, whitespace: true, message: texts.auth.signIn.required }]
  const canPublish = !!data.draft && !dirty
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card styles={{ body: { padding: '16px 24px' } }}>
        <Space direction="vertical" size={4}>
          <Button type="link" onClick={() => navigate('/agreements')} style={{ padding: 0, height: 'auto' }}>
            {t.title} /
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {fill(t.editTitle, { name })}
          </Typography.Title>
          <Space size={8} wrap>
            {data.current ? <StatusTag tone="green">{`${t.current}: v${data.current.version}`}</StatusTag> : <Tag>{t.none}</Tag>}
            <Typography.Text type="secondary">{fill(t.signed, { signed: data.signedCurrent, total: data.activeUsers })}</Typography.Text>
            {dirty ? <Badge status="warning" text={c.unsaved} /> : data.draft ? <Badge status="processing" text={`${t.draft} · ${fill(c.updated, { time: formatChinaTime(data.draft.updatedAt, locale) })} ${data.draft.updatedBy ? fill(c.by, { who: who(data.draft.updatedBy, c.you) }) : ''}`} /> : <Badge status="default" text={t.noDraft} />}
          </Space>
        </Space>
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={13}>
          <Card
            title={t.draft}
            extra={
              <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => form.submit()} disabled={!may('agreements', 'edit')}>
                {c.save}
              </Button>
            }
          >
            {!data.draft && data.current && <Alert type="info" showIcon message={t.startFromCurrent} style={{ marginBottom: 16 }} />}
            <Form<AgreementDraftInput> form={form} layout="vertical" requiredMark={false} onFinish={save} onValuesChange={() => setDirty(true)}>
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item name="nameZh" label={`${t.name} · ${c.zh}`} rules={required}>
                    <Input maxLength={60} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="nameEn" label={`${t.name} · ${c.en}`} rules={required}>
                    <Input maxLength={120} />
                  </Form.Item>
                </Col>
              </Row>
              <Tabs
                items={(['Zh', 'En'] as const).map((lang) => ({
                  key: lang,
                  forceRender: true,
                  label: `${t.body} · ${lang === 'Zh' ? c.zh : c.en}`,
                  children: (
                    <Form.Item name={`body${lang}`} rules={required} extra={t.bodyHelp} style={{ marginBottom: 0 }}>
                      <Input.TextArea aria-label={`${t.body} · ${lang === 'Zh' ? c.zh : c.en}`} data-testid={`agreement-body-${lang.toLowerCase()}`} autoSize={{ minRows: 14, maxRows: 28 }} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }} />
                    </Form.Item>
                  ),
                }))}
              />
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={11}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t.diffTitle}>
              {!data.draft || dirty ? (
                <Typography.Text type="secondary">{t.diffHint}</Typography.Text>
              ) : diff.data ? (
                <Tabs
                  items={(['zh-CN', 'en-US'] as const).map((lang) => ({
                    key: lang,
                    label: lang === 'zh-CN' ? c.zh : c.en,
                    children: (
                      <Space direction="vertical" size={12} style={{ width: '100%' }}>
                        <div>
                          <Typography.Text strong>{t.name}</Typography.Text>
                          <DiffView parts={diff.data.name[lang]} label={`${t.name} · ${lang}`} />
                        </div>
                        <div>
                          <Typography.Text strong>{t.body}</Typography.Text>
                          <DiffView parts={diff.data.body[lang]} label={`${t.body} · ${lang}`} />
                        </div>
                      </Space>
                    ),
                  }))}
                />
              ) : diff.isError ? (
                <Typography.Text type="danger">{refusalMessage(diff.error, texts.common.errors.unknown)}</Typography.Text>
              ) : (
                <Skeleton active />
              )}
            </Card>
            {may('agreements', 'publish') && (
              <Card title={t.publishTitle}>
                <Form form={publishForm} layout="vertical" requiredMark={false} initialValues={{ mode: 'resign' }} disabled={!canPublish}>
                  <Form.Item name="mode" label={t.mode}>
                    <Radio.Group style={{ width: '100%' }}>
                      <Space direction="vertical" style={{ width: '100%' }}>
                        {(['resign', 'editorial'] as const).map((value) => (
                          <Radio key={value} value={value} disabled={value === 'editorial' && !data.current} style={{ alignItems: 'flex-start' }}>
                            <Typography.Text strong>{t.modes[value]}</Typography.Text>
                            <br />
                            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                              {value === 'editorial' && !data.current ? t.editorialNeedsCurrent : t.modeHelp[value]}
                            </Typography.Text>
                          </Radio>
                        ))}
                      </Space>
                    </Radio.Group>
                  </Form.Item>
                  <Form.Item name="version" label={t.versionField} extra={t.versionHelp} rules={[...required, { pattern: /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, message: t.versionHelp }]}>
                    <Input maxLength={20} style={{ width: 200 }} placeholder={data.current ? `> ${data.current.version}` : '1.0'} />
                  </Form.Item>
                  {mode === 'resign' && canPublish && <Alert type="warning" showIcon icon={<ExclamationCircleOutlined />} message={fill(t.resignWarning, { total: data.activeUsers })} style={{ marginBottom: 16 }} />}
                  {!canPublish && <Alert type="info" showIcon message={dirty || !data.draft ? texts.content.floors.saveFirst : ''} style={{ marginBottom: 16 }} />}
                  <Popconfirm title={mode === 'resign' ? fill(t.resignWarning, { total: data.activeUsers }) : t.modeHelp.editorial} onConfirm={publish} okText={t.publishButton} cancelText={texts.common.actions.cancel} disabled={!canPublish}>
                    <Button type="primary" icon={<SendOutlined />} loading={busy === 'publish'} disabled={!canPublish}>
                      {t.publishButton}
                    </Button>
                  </Popconfirm>
                </Form>
              </Card>
            )}
          </Space>
        </Col>
      </Row>
    </Space>
  )
}
