import { EyeOutlined, PlusOutlined, ReloadOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons'
import { INNER_JUMP_DESTINATIONS, PUSH_KINDS, ROUTES } from '@ess/contract/wire'
import { List } from '@refinedev/antd'
import { Alert, Button, Card, Col, DatePicker, Descriptions, Drawer, Flex, Form, Input, Popconfirm, Radio, Row, Select, Space, Table, Tag, Typography, Upload, message } from 'antd'
import type { Dayjs } from 'dayjs'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, unwrap } from '../../api/client'
import { ItemSelect } from '../../components/form/item-select'
import type { paths } from '../../api/schema'
import { fill } from '../../i18n'
import { useTexts } from '../../providers/i18n'
import { TAG } from '../support/tags'
import { parseRecipients } from './recipients'

type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': { data: { data: infer T } } } } } } ? T : never
type NoticeItem = Answer<'/app/console/notices', 'get'>['items'][number]
type Reach = Answer<'/app/console/notices/preview', 'post'>
type Kind = NoticeItem['kind']
type Body = NonNullable<paths['/app/console/notices/preview']['post']['requestBody']>['content']['application/json']

const KINDS: readonly Kind[] = [...PUSH_KINDS, 'system']
/** Ant Design's green and gold preset tags fail AA (axe's color-contrast): the solid AA colours of support/tags.ts, red too. */
const STATE_COLORS = { scheduled: 'blue', sending: TAG.orange, sent: TAG.green, cancelled: 'default', failed: TAG.red } as const

interface Values {
  kind: Kind
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
  link: 'none' | 'route' | 'jump'
  route?: string
  jump?: (typeof INNER_JUMP_DESTINATIONS)[number]
  audience: 'all' | 'company' | 'list'
  companyCode?: string
  list?: string
  when: 'now' | 'later'
  sendAt?: Dayjs
}

/**
 * Notices to employees (admin): the list with targeted, delivered and skipped-by-preference counts,
 * and the compose drawer — a push kind or a system notice, both languages, an optional link (a
 * portal page or an inner jump), an audience (everyone, a company, a pasted or CSV list), a preview
 * of whom it reaches and how the inbox shows it, then send now or plan.
 */
export function NoticesPage() {
  const { texts, locale } = useTexts()
  const t = texts.notices
  const [notice, holder] = message.useMessage()
  const [items, setItems] = useState<NoticeItem[]>([])
  const [loading, setLoading] = useState(true)
  const [composing, setComposing] = useState(false)
  const [reach, setReach] = useState<Reach | null>(null)
  /** The server's refusal of the last preview or send, shown in the drawer until the form changes. */
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /** The preview or the refusal, brought into view under the form's fold when it appears. */
  const shown = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (reach || refusal) shown.current?.scrollIntoView({ block: 'nearest' })
  }, [reach, refusal])
  const [form] = Form.useForm<Values>()
  const values = Form.useWatch([], form) as Partial<Values> | undefined
  const when = (at: string) => new Date(at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })
  const failed = (failure: unknown) => notice.error(failure instanceof Error ? failure.message : texts.common.errors.unknown)
  /**
   * A refused preview or send never shows nothing: a field the form's rules refuse is scrolled to
   * (its error is under it) with a message; a refusal of the server (nobody in the audience, an
   * unknown company…) stays in the drawer as well as in the message.
   */
  const refused = (failure: unknown) => {
    const fields = (failure as { errorFields?: Array<{ name: Array<string | number> }> } | null)?.errorFields
    if (fields) {
      if (fields.length) form.scrollToField(fields[0].name, { block: 'center' })
      notice.error(t.form.invalid)
      return
    }
    setRefusal(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    failed(failure)
  }

  const load = useCallback(async () => {
    setLoading(true)
    try {
      setItems((await unwrap(api.GET('/app/console/notices'))).items)
    } catch (failure) {
      failed(failure)
    } finally {
      setLoading(false)
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const bodyOf = (v: Values): Body => {
    const target = v.link === 'route' && v.route ? { type: 'route' as const, path: v.route } : v.link === 'jump' && v.jump ? { type: 'jump' as const, dest: v.jump } : undefined
    let audience: Body['audience']
    if (v.audience === 'company') audience = { type: 'company', companyCode: (v.companyCode ?? '').trim() }
    else if (v.audience === 'list') {
      const parsed = parseRecipients(v.list ?? '')
      if ('badLine' in parsed) throw new Error(fill(t.form.listInvalid, { line: parsed.badLine }))
      audience = { type: 'list', recipients: parsed.recipients }
    } else audience = { type: 'all' }
    return { kind: v.kind, title: { 'zh-CN': v.titleZh, 'en-US': v.titleEn }, body: { 'zh-CN': v.bodyZh, 'en-US': v.bodyEn }, ...(target ? { target } : {}), audience }
  }

  const preview = async () => {
    setRefusal(null)
    try {
      const v = await form.validateFields()
      setBusy(true)
      setReach(await unwrap(api.POST('/app/console/notices/preview', { body: bodyOf(v) })))
    } catch (failure) {
      refused(failure)
    } finally {
      setBusy(false)
    }
  }

  const submit = async () => {
    setRefusal(null)
    try {
      const v = await form.validateFields()
      setBusy(true)
      const body = bodyOf(v)
      if (v.when === 'later' && v.sendAt) {
        await unwrap(api.POST('/app/console/notices/scheduled', { body: { ...body, sendAt: v.sendAt.toISOString() } }))
        notice.success(t.scheduledOk)
      } else {
        await unwrap(api.POST('/app/console/notices', { body }))
        notice.success(t.sentOk)
      }
      setComposing(false)
      setReach(null)
      form.resetFields()
      await load()
    } catch (failure) {
      refused(failure)
    } finally {
      setBusy(false)
    }
  }

  const cancelPlan = async (item: NoticeItem) => {
    try {
      await unwrap(api.DELETE('/app/console/notices/scheduled/{scheduleId}', { params: { path: { scheduleId: item.scheduleId as number } } }))
      notice.success(t.cancelledOk)
      await load()
    } catch (failure) {
      failed(failure)
    }
  }

  const readCsv = async (file: File) => {
    const text = await file.text()
    form.setFieldValue('list', text)
    void form.validateFields(['list'])
    return false
  }

  const listCount = (() => {
    if (values?.audience !== 'list' || !values.list) return null
    const parsed = parseRecipients(values.list)
    return 'badLine' in parsed ? null : parsed.recipients.length
  })()
  const required = [{ required: true, whitespace: true, message: t.form.required }]

  return (
    <List
      title={t.title}
      headerButtons={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={load}>
            {texts.common.refine['buttons.refresh']}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)}>
            {t.compose}
          </Button>
        </Space>
      }
    >
      {holder}
      <Table<NoticeItem> rowKey="id" dataSource={items} loading={loading} pagination={{ pageSize: 20 }} size="middle" scroll={{ x: 1000 }}>
        <Table.Column<NoticeItem>
          key="title"
          title={t.columns.title}
          render={(_, item) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{item.title[locale]}</Typography.Text>
              <Typography.Text type="secondary">{texts.notices.kinds[item.kind]}</Typography.Text>
            </Space>
          )}
        />
        <Table.Column<NoticeItem> key="audience" title={t.columns.audience} render={(_, item) => (item.companyCode ? `${t.audiences.company} · ${item.companyCode}` : t.audiences[item.audience])} />
        <Table.Column<NoticeItem> key="state" title={t.columns.state} render={(_, item) => <Tag color={STATE_COLORS[item.state]}>{t.states[item.state]}</Tag>} />
        <Table.Column<NoticeItem> dataIndex="sendAt" title={t.columns.sendAt} render={(at: string) => when(at)} />
        <Table.Column<NoticeItem> dataIndex="targeted" title={t.columns.targeted} align="right" />
        <Table.Column<NoticeItem> dataIndex="delivered" title={t.columns.delivered} align="right" />
        <Table.Column<NoticeItem> dataIndex="skippedSwitchedOff" title={t.columns.skippedOff} align="right" />
        <Table.Column<NoticeItem> dataIndex="skippedOther" title={t.columns.skippedOther} align="right" />
        <Table.Column<NoticeItem>
          key="actions"
          title={texts.common.refine['table.actions']}
          render={(_, item) =>
            item.state === 'scheduled' && item.scheduleId ? (
              <Popconfirm title={t.cancelConfirm} onConfirm={() => cancelPlan(item)} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
                <Button size="small" danger>
                  {t.cancel}
                </Button>
              </Popconfirm>
            ) : null
          }
        />
      </Table>

      <Drawer
        open={composing}
        width={760}
        title={t.compose}
        onClose={() => setComposing(false)}
        extra={
          <Space>
            <Button icon={<EyeOutlined />} onClick={preview} loading={busy}>
              {t.preview.button}
            </Button>
            <Button type="primary" icon={<SendOutlined />} onClick={submit} loading={busy}>
              {values?.when === 'later' ? t.schedule : t.send}
            </Button>
          </Space>
        }
      >
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ kind: 'salary', link: 'none', audience: 'company', when: 'now' }}
          onValuesChange={() => {
            setReach(null)
            setRefusal(null)
          }}
        >
          <Form.Item name="kind" label={t.form.kind}>
            <Select options={KINDS.map((kind) => ({ value: kind, label: t.kinds[kind] }))} />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="titleZh" label={t.form.titleZh} rules={required}>
                <Input maxLength={60} showCount lang="zh-CN" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="titleEn" label={t.form.titleEn} rules={required}>
                <Input maxLength={60} showCount lang="en" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="bodyZh" label={t.form.bodyZh} rules={required}>
                <Input.TextArea maxLength={500} showCount rows={4} lang="zh-CN" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="bodyEn" label={t.form.bodyEn} rules={required}>
                <Input.TextArea maxLength={500} showCount rows={4} lang="en" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="link" label={t.form.link}>
            <Radio.Group optionType="button" options={[{ value: 'none', label: t.form.linkNone }, { value: 'route', label: t.form.linkRoute }, { value: 'jump', label: t.form.linkJump }]} />
          </Form.Item>
          {values?.link === 'route' && (
            <Form.Item name="route" label={t.form.route} rules={[{ required: true, message: t.form.required }]}>
              <ItemSelect showSearch options={ROUTES.map((route) => ({ value: route, label: route }))} />
            </Form.Item>
          )}
          {values?.link === 'jump' && (
            <Form.Item name="jump" label={t.form.jump} rules={[{ required: true, message: t.form.required }]}>
              <ItemSelect options={INNER_JUMP_DESTINATIONS.map((dest) => ({ value: dest, label: t.jumps[dest] }))} />
            </Form.Item>
          )}
          <Form.Item name="audience" label={t.form.audience}>
            <Radio.Group optionType="button" options={(['all', 'company', 'list'] as const).map((value) => ({ value, label: t.audiences[value] }))} />
          </Form.Item>
          {values?.audience === 'company' && (
            <Form.Item name="companyCode" label={t.form.companyCode} rules={required}>
              <Input maxLength={32} placeholder={t.form.companyPlaceholder} style={{ maxWidth: 280 }} />
            </Form.Item>
          )}
          {values?.audience === 'list' && (
            <Form.Item
              name="list"
              label={t.form.list}
              extra={listCount !== null ? fill(t.form.listCount, { count: listCount }) : t.form.listHint}
              rules={[
                ...required,
                {
                  validator: (_, value: string | undefined) => {
                    const parsed = parseRecipients(value ?? '')
                    return 'badLine' in parsed ? Promise.reject(new Error(fill(t.form.listInvalid, { line: parsed.badLine }))) : Promise.resolve()
                  },
                },
              ]}
            >
              <Input.TextArea rows={5} placeholder={t.form.listPlaceholder} />
            </Form.Item>
          )}
          {values?.audience === 'list' && (
            <Upload accept=".csv,text/csv,text/plain" showUploadList={false} beforeUpload={readCsv}>
              <Button icon={<UploadOutlined />} style={{ marginBottom: 24 }}>
                {t.form.upload}
              </Button>
            </Upload>
          )}
          <Form.Item name="when" label={t.form.when}>
            <Radio.Group optionType="button" options={[{ value: 'now', label: t.form.now }, { value: 'later', label: t.form.later }]} />
          </Form.Item>
          {values?.when === 'later' && (
            <Form.Item name="sendAt" label={t.form.sendAt} rules={[{ required: true, message: t.form.required }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(day) => day.isBefore(new Date(), 'day')} />
            </Form.Item>
          )}
        </Form>
        <div ref={shown}>
        {refusal && <Alert type="error" showIcon message={refusal} data-testid="notice-refusal" />}
        {reach && (
          <Card title={t.preview.title} size="small" data-testid="notice-preview">
            <Alert type={reach.reachable ? 'info' : 'warning'} showIcon message={fill(t.preview.reach, { targeted: reach.targeted, reachable: reach.reachable })} style={{ marginBottom: 12 }} />
            <Descriptions size="small" column={2} items={[
              { key: 'r', label: t.preview.reachable, children: reach.reachable },
              { key: 'n', label: t.preview.noAccount, children: reach.skippedNoAccount },
              { key: 's', label: t.preview.switchedOff, children: reach.skippedSwitchedOff },
              { key: 'd', label: t.preview.duplicate, children: reach.skippedDuplicate },
            ]} />
            <Typography.Title level={5}>{t.preview.inbox}</Typography.Title>
            <Flex vertical gap={8}>
              {([['zh-CN', values?.titleZh, values?.bodyZh], ['en-US', values?.titleEn, values?.bodyEn]] as const).map(([code, title, body]) => (
                <Card key={code} size="small" style={{ background: '#fafafa' }}>
                  <Space direction="vertical" size={2} style={{ width: '100%' }}>
                    <Space>
                      <Tag>{texts.common.languageNames[code]}</Tag>
                      <Typography.Text type="secondary">{t.kinds[values?.kind ?? 'salary']}</Typography.Text>
                    </Space>
                    <Typography.Text strong lang={code === 'zh-CN' ? 'zh-CN' : 'en'}>{title}</Typography.Text>
                    <Typography.Text lang={code === 'zh-CN' ? 'zh-CN' : 'en'}>{body}</Typography.Text>
                  </Space>
                </Card>
              ))}
            </Flex>
          </Card>
        )}
        </div>
      </Drawer>
    </List>
  )
}
