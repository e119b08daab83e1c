import { KeyOutlined, ReloadOutlined } from '@ant-design/icons'
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser'
import { useGetIdentity } from '@refinedev/core'
import { Alert, Button, Card, Flex, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography, message } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { api, unwrap } from '../../api/client'
import { InsecureContextError, sealPassword } from '../../api/password'
import { fill } from '../../i18n'
import type { paths } from '../../api/schema'
import { useStepUp } from '../../components/auth/step-up-modal'
import type { Me } from '../../providers/account'
import { useTexts } from '../../providers/i18n'
import { RecoveryCodes } from '../enroll'
import { deviceOf } from './device'

type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': { data: { data: infer T } } } } } } ? T : never
type SessionItem = Answer<'/app/console/auth/sessions', 'get'>['items'][number]
type Passkey = Answer<'/app/console/auth/passkeys', 'get'>['items'][number]

/** The operator's own security: sessions (revoke), password (change), passkeys (add, step-up), recovery codes (regenerate, step-up). */
export function SecurityPage() {
  const { texts, locale } = useTexts()
  const t = texts.security
  const stepUp = useStepUp()
  const { data: operator } = useGetIdentity<Me['operator']>()
  const [notice, holder] = message.useMessage()
  const [sessions, setSessions] = useState<SessionItem[]>([])
  const [passkeys, setPasskeys] = useState<Passkey[]>([])
  const [loading, setLoading] = useState(true)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [naming, setNaming] = useState<string | null>(null)
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : t.passkeys.never)
  const failed = (failure: unknown) => notice.error(failure instanceof Error ? failure.message : texts.common.errors.unknown)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      const [own, keys] = await Promise.all([unwrap(api.GET('/app/console/auth/sessions')), unwrap(api.GET('/app/console/auth/passkeys'))])
      setSessions(own.items)
      setPasskeys(keys.items)
    } catch (failure) {
      failed(failure)
    } finally {
      setLoading(false)
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const revoke = async (id: string) => {
    try {
      await unwrap(api.DELETE('/app/console/auth/sessions/{id}', { params: { path: { id } } }))
      notice.success(t.sessions.revoked)
      await load()
    } catch (failure) {
      failed(failure)
    }
  }

  const addPasskey = async () => {
    try {
      const options = await stepUp(() => unwrap(api.POST('/app/console/auth/passkeys/registration-options')))
      const response = await startRegistration({ optionsJSON: options as never })
      await stepUp(() => unwrap(api.POST('/app/console/auth/passkeys', { body: { response: response as never, name: naming?.trim() || undefined } })))
      setNaming(null)
      notice.success(t.passkeys.added)
      await load()
    } catch (failure) {
      failed(failure)
    }
  }

  const [passwordForm] = Form.useForm<{ currentPassword: string; newPassword: string; repeat: string }>()
  const [changing, setChanging] = useState(false)
  const changePassword = async (values: { currentPassword: string; newPassword: string }) => {
    setChanging(true)
    try {
      const key = await unwrap(api.GET('/app/console/auth/public-key'), texts.common.errors.network)
      const [currentPassword, newPassword] = await Promise.all([sealPassword(key.publicKey, values.currentPassword), sealPassword(key.publicKey, values.newPassword)])
      const answer = await unwrap(api.POST('/app/console/auth/password-change', { body: { currentPassword, newPassword, keyId: key.keyId } }))
      passwordForm.resetFields()
      notice.success(fill(t.password.changed, { count: answer.otherSessionsEnded }))
      await load()
    } catch (failure) {
      failed(failure instanceof InsecureContextError ? new Error(texts.common.errors.secureContext) : failure)
    } finally {
      setChanging(false)
    }
  }

  const regenerate = async () => {
    try {
      const answer = await stepUp(() => unwrap(api.POST('/app/console/auth/recovery-codes')))
      setCodes(answer.recoveryCodes)
    } catch (failure) {
      failed(failure)
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {holder}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t.title}
      </Typography.Title>
      <Card title={t.sessions.title} extra={<Button icon={<ReloadOutlined />} onClick={load} aria-label={texts.common.refine['buttons.refresh']} />}>
        <Table<SessionItem> rowKey="id" dataSource={sessions} loading={loading} pagination={false} size="middle" scroll={{ x: 800 }}>
          <Table.Column<SessionItem>
            key="device"
            title={t.sessions.device}
            render={(_, item) => (
              <Space>
                {deviceOf(item.userAgent)}
                {item.current && <Tag>{t.sessions.current}</Tag>}
              </Space>
            )}
          />
          <Table.Column<SessionItem> dataIndex="ip" title={t.sessions.ip} />
          <Table.Column<SessionItem> dataIndex="createdAt" title={t.sessions.created} render={when} />
          <Table.Column<SessionItem> dataIndex="lastSeenAt" title={t.sessions.lastSeen} render={when} />
          <Table.Column<SessionItem> dataIndex="expiresAt" title={t.sessions.expires} render={when} />
          <Table.Column<SessionItem>
            key="actions"
            title={texts.common.refine['table.actions']}
            render={(_, item) =>
              item.current ? null : (
                <Popconfirm title={t.sessions.revokeConfirm} onConfirm={() => revoke(item.id)} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
                  <Button danger size="small">
                    {t.sessions.revoke}
                  </Button>
                </Popconfirm>
              )
            }
          />
        </Table>
      </Card>
      <Card title={t.password.title}>
        <Typography.Paragraph type="secondary">{t.password.hint}</Typography.Paragraph>
        <Form form={passwordForm} layout="vertical" requiredMark={false} onFinish={changePassword} style={{ maxWidth: 420 }}>
          <Form.Item name="currentPassword" label={t.password.current} rules={[{ required: true, message: texts.auth.signIn.password }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t.password.next} rules={[{ required: true, min: 12, message: t.password.hint }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="repeat"
            label={t.password.repeat}
            dependencies={['newPassword']}
            rules={[{ required: true, message: t.password.mismatch }, ({ getFieldValue }) => ({ validator: (_, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t.password.mismatch))) })]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changing}>
            {t.password.submit}
          </Button>
        </Form>
      </Card>
      <Card
        title={t.passkeys.title}
        extra={
          <Button icon={<KeyOutlined />} disabled={!browserSupportsWebAuthn()} onClick={() => setNaming('')}>
            {t.passkeys.add}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{browserSupportsWebAuthn() ? t.passkeys.hint : t.passkeys.unsupported}</Typography.Paragraph>
        <Table<Passkey> rowKey="id" dataSource={passkeys} loading={loading} pagination={false} size="middle" locale={{ emptyText: <Typography.Text type="secondary">{t.passkeys.empty}</Typography.Text> }}>
          <Table.Column<Passkey> dataIndex="name" title={t.passkeys.name} />
          <Table.Column<Passkey> dataIndex="createdAt" title={t.passkeys.created} render={when} />
          <Table.Column<Passkey> dataIndex="lastUsedAt" title={t.passkeys.lastUsed} render={when} />
        </Table>
      </Card>
      <Card title={t.recovery.title}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Text type="secondary" style={{ flex: 1, minWidth: 280 }}>
            {t.recovery.hint}
          </Typography.Text>
          <Popconfirm title={t.recovery.confirm} onConfirm={regenerate} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
            <Button>{t.recovery.regenerate}</Button>
          </Popconfirm>
        </Flex>
      </Card>
      <Modal open={naming !== null} title={t.passkeys.add} onOk={addPasskey} onCancel={() => setNaming(null)} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
        <Input aria-label={t.passkeys.name} placeholder={t.passkeys.namePlaceholder} maxLength={64} value={naming ?? ''} onChange={(event) => setNaming(event.target.value)} />
      </Modal>
      <Modal open={!!codes} title={t.recovery.newCodes} footer={<Button type="primary" onClick={() => setCodes(null)}>{texts.auth.enroll.codesSaved}</Button>} closable={false} maskClosable={false}>
        <Alert type="warning" showIcon message={t.recovery.newCodesHint} style={{ marginBottom: 16 }} />
        {codes && operator && <RecoveryCodes codes={codes} email={operator.email} />}
      </Modal>
    </Space>
  )
}
