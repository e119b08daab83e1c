import { ArrowLeftOutlined, EyeOutlined, LockOutlined, LogoutOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons'
import { SUPPORT_REASON_MAX, type SupportAccount, type SupportRevealField, type ThirdPartyProvider } from '@ess/contract'
import { Show } from '@refinedev/antd'
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Modal, Space, Spin, Table, Tag, Typography, message } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useStepUp } from '../../components/auth/step-up-modal'
import { fill } from '../../i18n'
import { useTexts } from '../../providers/i18n'
import { TAG } from './tags'
import { type SupportAction, act, reveal, showAccount, unbind } from './api'

type Pending = { kind: SupportAction } | { kind: 'unbind'; provider: ThirdPartyProvider } | { kind: 'reveal'; field: SupportRevealField }

/** One account as a support agent sees it (masked), with the actions, each asking for a reason. */
export function SupportAccountPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { texts, locale } = useTexts()
  const t = texts.support
  const d = t.detail
  const stepUp = useStepUp()
  const [notice, holder] = message.useMessage()
  const [account, setAccount] = useState<SupportAccount | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const [shown, setShown] = useState<Partial<Record<SupportRevealField, string>>>({})
  const [form] = Form.useForm<{ reason: string }>()
  const network = texts.common.errors.network
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : d.none)

  const load = useCallback(async () => {
    try {
      setAccount(await showAccount(id, network))
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    }
  }, [id, network, texts.common.errors.unknown])
  useEffect(() => {
    void load()
  }, [load])

  const open = (next: Pending) => {
    form.resetFields()
    setPending(next)
  }

  const submit = async ({ reason }: { reason: string }) => {
    if (!pending) return
    setBusy(true)
    try {
      if (pending.kind === 'reveal') {
        const { field, value } = await stepUp(() => reveal(id, pending.field, reason.trim(), network))
        setShown((before) => ({ ...before, [field]: value }))
      } else if (pending.kind === 'unbind') {
        setAccount(await unbind(id, pending.provider, reason.trim(), network))
        notice.success(t.actions.done.unbind)
      } else {
        setAccount(await act(id, pending.kind, reason.trim(), network))
        notice.success(t.actions.done[pending.kind])
      }
      setPending(null)
    } catch (failure) {
      notice.error(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setBusy(false)
    }
  }

  const title = pending
    ? pending.kind === 'unbind'
      ? fill(t.actions.confirm.unbind, { provider: d.provider[pending.provider] })
      : pending.kind === 'reveal'
        ? fill(t.actions.confirm.reveal, { field: t.actions.revealField[pending.field] })
        : t.actions.confirm[pending.kind]
    : ''
  const explain = pending ? t.actions.explain[pending.kind] : ''
  const destructive = pending?.kind === 'disable' || pending?.kind === 'signOut' || pending?.kind === 'unbind'

  const revealable = (field: SupportRevealField, masked: string | null) =>
    masked ? (
      <Space size={8} wrap>
        <Typography.Text data-testid={`support-${field}`} copyable={!!shown[field]}>
          {shown[field] ?? masked}
        </Typography.Text>
        {shown[field] ? (
          <Button size="small" type="link" onClick={() => setShown((before) => ({ ...before, [field]: undefined }))}>
            {t.actions.hide}
          </Button>
        ) : (
          <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => open({ kind: 'reveal', field })}>
            {t.actions.reveal}
          </Button>
        )}
      </Space>
    ) : (
      d.none
    )

  if (error) return <Alert type="error" showIcon message={error} action={<Button onClick={() => navigate('/support')}>{t.back}</Button>} />
  if (!account) return <Spin style={{ display: 'block', margin: '64px auto' }} />

  const locked = account.lock.locked
  const disabled = !!account.disabledAt
  return (
    <Show
      title={t.detail.profile}
      goBack={false}
      headerButtons={
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/support')}>
            {t.back}
          </Button>
          <Button icon={<LockOutlined />} disabled={!locked} onClick={() => open({ kind: 'unlock' })}>
            {t.actions.unlock}
          </Button>
          <Button icon={<LogoutOutlined />} disabled={account.sessions.length === 0} onClick={() => open({ kind: 'signOut' })}>
            {t.actions.signOut}
          </Button>
          {disabled ? (
            <Button icon={<CheckCircleOutlined />} onClick={() => open({ kind: 'enable' })}>
              {t.actions.enable}
            </Button>
          ) : (
            <Button danger icon={<StopOutlined />} onClick={() => open({ kind: 'disable' })}>
              {t.actions.disable}
            </Button>
          )}
        </Space>
      }
    >
      {holder}
      <Flex vertical gap={16}>
        <Descriptions
          bordered
          size="small"
          column={2}
          items={[
            { key: 'phone', label: d.phone, children: revealable('phone', account.phone) },
            { key: 'email', label: d.email, children: account.email ?? d.none },
            { key: 'username', label: d.username, children: account.username ?? d.none },
            { key: 'password', label: d.password, children: account.hasPassword ? d.passwordSet : d.passwordNone },
            { key: 'created', label: d.createdAt, children: when(account.createdAt) },
            {
              key: 'status',
              label: d.status,
              children: disabled ? <Tag color={TAG.red}>{fill(d.disabledAt, { at: when(account.disabledAt) })}</Tag> : <Tag color={TAG.green}>{t.state.active}</Tag>,
            },
            {
              key: 'lock',
              label: d.lock,
              children: (
                <Space size={4} wrap data-testid="support-lock">
                  {locked ? <Tag color={TAG.orange}>{fill(d.lockedUntil, { until: when(account.lock.until) })}</Tag> : <Tag>{t.state.notLocked}</Tag>}
                  {account.lock.failures > 0 && <Typography.Text type="secondary">{fill(d.failures, { count: account.lock.failures })}</Typography.Text>}
                </Space>
              ),
            },
            { key: 'cancellation', label: d.cancellation, children: d.cancellationActive },
          ]}
        />
        <Card size="small" title={d.realName}>
          {account.realName ? (
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'state', label: d.status, children: account.realName.valid ? <Tag color={TAG.green}>{d.realNameValid}</Tag> : <Tag color={TAG.orange}>{d.realNameExpired}</Tag> },
                { key: 'method', label: d.methodLabel, children: d.method[account.realName.method] },
                { key: 'name', label: d.employeeName, children: account.realName.name },
                { key: 'idNo', label: d.idNo, children: revealable('idNo', account.realName.idNo) },
                { key: 'company', label: d.company, children: `${locale === 'zh-CN' ? account.realName.companyNameZh : account.realName.companyNameEn} (${account.realName.companyCode})` },
                { key: 'employeeNo', label: d.employeeNo, children: account.realName.employeeNo },
                { key: 'certifiedAt', label: d.certifiedAt, children: when(account.realName.certifiedAt) },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">{d.realNameNone}</Typography.Text>
          )}
        </Card>
        <Card size="small" title={d.bindings}>
          <Table
            size="small"
            rowKey="provider"
            pagination={false}
            dataSource={account.bindings}
            locale={{ emptyText: <Typography.Text type="secondary">{d.bindingsNone}</Typography.Text> }}
            columns={[
              { key: 'provider', title: d.bindings, render: (_, b) => d.provider[b.provider] },
              { key: 'nickname', title: d.nickname, render: (_, b) => b.nickname ?? d.none },
              { key: 'boundAt', title: d.boundAt, render: (_, b) => when(b.boundAt) },
              {
                key: 'action',
                title: texts.common.refine['table.actions'],
                render: (_, b) => (
                  <Button size="small" danger onClick={() => open({ kind: 'unbind', provider: b.provider })}>
                    {t.actions.unbind}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small" title={d.sessions}>
          <Table
            size="small"
            rowKey="sessionId"
            pagination={false}
            dataSource={account.sessions}
            locale={{ emptyText: <Typography.Text type="secondary">{d.sessionsNone}</Typography.Text> }}
            columns={[
              { key: 'device', title: d.device, render: (_, s) => [s.deviceName, s.browser, s.client].filter(Boolean).join(' · ') },
              { key: 'place', title: d.place, render: (_, s) => [s.ip, s.place].filter(Boolean).join(' · ') },
              { key: 'signedInAt', title: d.signedInAt, render: (_, s) => when(s.signedInAt) },
              { key: 'lastActiveAt', title: d.lastActiveAt, render: (_, s) => when(s.lastActiveAt) },
            ]}
          />
        </Card>
        <Card size="small" title={d.history}>
          <Table
            size="small"
            rowKey={(e) => `${e.type}-${e.at}`}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={account.history}
            locale={{ emptyText: <Typography.Text type="secondary">{d.historyNone}</Typography.Text> }}
            columns={[
              { key: 'at', title: d.at, width: 200, render: (_, e) => when(e.at) },
              { key: 'event', title: d.event, render: (_, e) => <Tag color={e.type === 'accountLocked' || e.type === 'signInFailed' ? TAG.orange : undefined}>{d.events[e.type]}</Tag> },
              { key: 'device', title: d.device, render: (_, e) => [e.deviceName, e.browser, e.client].filter(Boolean).join(' · ') },
              { key: 'place', title: d.place, render: (_, e) => [e.ip, e.place].filter(Boolean).join(' · ') },
            ]}
          />
        </Card>
        <Card size="small" title={d.agreements}>
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={account.agreements}
            columns={[
              { key: 'name', title: d.agreement, render: (_, a) => (locale === 'zh-CN' ? a.nameZh : a.nameEn) },
              { key: 'version', title: d.version, render: (_, a) => (<Space size={4}>{a.version}<Tag>{a.required ? d.required : d.optional}</Tag></Space>) },
              {
                key: 'signed',
                title: d.status,
                render: (_, a) =>
                  a.signedAt ? (
                    <Tag color={TAG.green}>{fill(d.signed, { at: when(a.signedAt) })}</Tag>
                  ) : (
                    <Space size={4}>
                      <Tag color={TAG.orange}>{d.pending}</Tag>
                      {a.signedVersion && <Typography.Text type="secondary">{fill(d.signedEarlier, { version: a.signedVersion })}</Typography.Text>}
                    </Space>
                  ),
              },
            ]}
          />
        </Card>
      </Flex>
      <Modal
        open={!!pending}
        title={title}
        onCancel={() => setPending(null)}
        okText={title}
        cancelText={texts.common.actions.cancel}
        okButtonProps={{ danger: destructive, loading: busy, htmlType: 'submit', form: 'support-reason' }}
        destroyOnHidden
      >
        <Typography.Paragraph>{explain}</Typography.Paragraph>
        <Form form={form} id="support-reason" layout="vertical" onFinish={submit}>
          <Form.Item name="reason" label={t.actions.reason} rules={[{ required: true, whitespace: true, message: t.actions.reasonRequired }]}>
            <Input.TextArea rows={3} maxLength={SUPPORT_REASON_MAX} showCount placeholder={t.actions.reasonPlaceholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Show>
  )
}
