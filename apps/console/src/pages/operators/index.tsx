import { MoreOutlined, ReloadOutlined, UserAddOutlined } from '@ant-design/icons'
import { CONSOLE_ROLES, type ConsoleRole } from '@ess/contract/console/access'
import { List } from '@refinedev/antd'
import { useGetIdentity } from '@refinedev/core'
import { Alert, Button, Drawer, Dropdown, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography, message } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { api, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { useStepUp } from '../../components/auth/step-up-modal'
import { ItemCheckboxGroup } from '../../components/form/item-select'
import { fill } from '../../i18n'
import type { Me } from '../../providers/account'
import { useTexts } from '../../providers/i18n'
import { deviceOf } from '../security/device'
import { TAG } from '../support/tags'

type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': { data: { data: infer T } } } } } } ? T : never
type OperatorItem = Answer<'/app/console/operators', 'get'>['items'][number]
type SessionItem = Answer<'/app/console/operators/{id}/sessions', 'get'>['items'][number]
type Link = Answer<'/app/console/operators', 'post'> & { email: string }

// Solid AA colours (the support pages' tags): Ant Design's pale gold and green presets fail axe's contrast.
const STATUS_COLORS = { invited: TAG.orange, active: TAG.green, disabled: 'default' } as const

/**
 * Operators' management (admin): the operators with roles, state, last sign-in and sessions;
 * invite (a one-time enrollment link, shown once), roles, disable/enable, reset of the second
 * factor, an operator's sessions. The gateway asks for the second factor again where the access
 * table says so (the step-up modal), and refuses to leave the console without an active admin.
 */
export function OperatorsPage() {
  const { texts, locale } = useTexts()
  const t = texts.operators
  const stepUp = useStepUp()
  const { data: me } = useGetIdentity<Me['operator']>()
  const [notice, holder] = message.useMessage()
  const [items, setItems] = useState<OperatorItem[]>([])
  const [loading, setLoading] = useState(true)
  const [inviting, setInviting] = useState(false)
  const [link, setLink] = useState<Link | null>(null)
  const [editing, setEditing] = useState<OperatorItem | null>(null)
  const [viewing, setViewing] = useState<OperatorItem | null>(null)
  const [sessions, setSessions] = useState<SessionItem[]>([])
  const [busy, setBusy] = useState(false)
  const [inviteForm] = Form.useForm<{ email: string; displayName?: string; roles: ConsoleRole[] }>()
  const [rolesForm] = Form.useForm<{ roles: ConsoleRole[] }>()
  const when = (at: string | null | undefined, fallback = t.never) => (at ? new Date(at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : fallback)
  const failed = (failure: unknown) => notice.error(failure instanceof Error ? failure.message : texts.common.errors.unknown)
  const roleOptions = CONSOLE_ROLES.map((role) => ({ value: role, label: texts.common.roles[role] }))

  const load = useCallback(async () => {
    setLoading(true)
    try {
      setItems((await unwrap(api.GET('/app/console/operators'))).items)
    } catch (failure) {
      failed(failure)
    } finally {
      setLoading(false)
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true)
    try {
      await action()
      if (done) notice.success(done)
      await load()
      return true
    } catch (failure) {
      failed(failure)
      return false
    } finally {
      setBusy(false)
    }
  }

  const invite = async (values: { email: string; displayName?: string; roles: ConsoleRole[] }) => {
    await run(async () => {
      const answer = await unwrap(api.POST('/app/console/operators', { body: { email: values.email, roles: values.roles, displayName: values.displayName?.trim() || undefined } }))
      setInviting(false)
      inviteForm.resetFields()
      setLink({ ...answer, email: values.email.trim().toLowerCase() })
    })
  }

  const renew = (item: OperatorItem) =>
    run(async () => {
      const answer = await unwrap(api.POST('/app/console/operators', { body: { email: item.email, roles: item.roles, displayName: item.displayName } }))
      setLink({ ...answer, email: item.email })
    })

  const saveRoles = async ({ roles }: { roles: ConsoleRole[] }) => {
    if (!editing) return
    const id = editing.id
    const saved = await run(() => stepUp(() => unwrap(api.PUT('/app/console/operators/{id}/roles', { params: { path: { id } }, body: { roles } }))), t.done.roles)
    if (saved) setEditing(null)
  }

  const setStatus = (item: OperatorItem, status: 'active' | 'disabled') =>
    run(
      () => stepUp(() => unwrap(api.POST('/app/console/operators/{id}/status', { params: { path: { id: item.id } }, body: { status } }))),
      status === 'disabled' ? t.done.disabled : t.done.enabled,
    )

  const reset = (item: OperatorItem) =>
    run(async () => {
      const answer = await stepUp(() => unwrap(api.POST('/app/console/operators/{id}/reset-factor', { params: { path: { id: item.id } } })))
      setLink({ ...answer, email: item.email })
    })

  const loadSessions = async (item: OperatorItem) => {
    try {
      setSessions((await unwrap(api.GET('/app/console/operators/{id}/sessions', { params: { path: { id: item.id } } }))).items)
    } catch (failure) {
      failed(failure)
    }
  }
  const openSessions = (item: OperatorItem) => {
    setViewing(item)
    setSessions([])
    void loadSessions(item)
  }
  const revoke = async (session: SessionItem) => {
    if (!viewing) return
    const item = viewing
    await run(() => stepUp(() => unwrap(api.DELETE('/app/console/operators/{id}/sessions/{sessionId}', { params: { path: { id: item.id, sessionId: session.id } } }))), t.done.revoked)
    await loadSessions(item)
  }

  const confirmText = (text: string, item: OperatorItem) => fill(text, { name: item.displayName })

  return (
    <List
      title={t.title}
      headerButtons={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={load}>
            {t.refresh}
          </Button>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            {t.invite}
          </Button>
        </Space>
      }
    >
      {holder}
      <Table<OperatorItem> rowKey="id" dataSource={items} loading={loading} pagination={false} size="middle" scroll={{ x: 960 }}>
        <Table.Column<OperatorItem>
          key="operator"
          title={t.columns.operator}
          // Wide enough for a name and an address each on one line (they broke mid-word at 1280 px).
          width={320}
          render={(_, item) => (
            <Space direction="vertical" size={0}>
              <Space size={4}>
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {item.displayName}
                </Typography.Text>
                {item.id === me?.id && <Tag>{t.you}</Tag>}
              </Space>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {item.email}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<OperatorItem>
          key="roles"
          title={t.columns.roles}
          render={(_, item) => (
            <Space size={[4, 4]} wrap>
              {item.roles.map((role) => (
                <Tag key={role} color="blue">
                  {texts.common.roles[role]}
                </Tag>
              ))}
            </Space>
          )}
        />
        <Table.Column<OperatorItem>
          key="status"
          title={t.columns.status}
          render={(_, item) => (
            <Space direction="vertical" size={0}>
              <Tag color={STATUS_COLORS[item.status]}>{t.status[item.status]}</Tag>
              {item.enrollmentExpiresAt && <Typography.Text type="secondary">{fill(t.linkOpenUntil, { time: when(item.enrollmentExpiresAt) })}</Typography.Text>}
            </Space>
          )}
        />
        <Table.Column<OperatorItem> dataIndex="lastSignInAt" title={t.columns.lastSignIn} render={(at: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{when(at)}</span>} />
        <Table.Column<OperatorItem> dataIndex="sessions" title={t.columns.sessions} align="right" width={90} />
        <Table.Column<OperatorItem>
          key="actions"
          title={texts.common.refine['table.actions']}
          fixed="right"
          // Roles, Sessions and the menu on one line.
          width={240}
          render={(_, item) => {
            const self = item.id === me?.id
            return (
              <Space size={4} wrap>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(item)
                    rolesForm.setFieldsValue({ roles: item.roles })
                  }}
                >
                  {t.actions.roles}
                </Button>
                {item.status === 'invited' && (
                  <Button size="small" onClick={() => renew(item)} disabled={busy}>
                    {t.actions.renew}
                  </Button>
                )}
                {item.status === 'active' && (
                  <Button size="small" onClick={() => openSessions(item)}>
                    {t.actions.sessions}
                  </Button>
                )}
                {item.status === 'disabled' && (
                  <Popconfirm title={confirmText(t.confirm.enable, item)} onConfirm={() => setStatus(item, 'active')} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
                    <Button size="small">{t.actions.enable}</Button>
                  </Popconfirm>
                )}
                {!self && item.status !== 'invited' && (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        ...(item.status === 'active' ? [{ key: 'disable', danger: true, label: t.actions.disable }] : []),
                        { key: 'reset', danger: true, label: t.actions.reset },
                      ],
                      onClick: ({ key }) => {
                        const text = key === 'disable' ? t.confirm.disable : t.confirm.reset
                        Modal.confirm({
                          title: key === 'disable' ? t.actions.disable : t.actions.reset,
                          content: confirmText(text, item),
                          okText: texts.common.actions.confirm,
                          cancelText: texts.common.actions.cancel,
                          okButtonProps: { danger: true },
                          onOk: () => (key === 'disable' ? setStatus(item, 'disabled') : reset(item)),
                        })
                      },
                    }}
                  >
                    <Button size="small" icon={<MoreOutlined />} aria-label={`${t.actions.more} · ${item.displayName}`} />
                  </Dropdown>
                )}
              </Space>
            )
          }}
        />
      </Table>

      <Modal open={inviting} title={t.inviteForm.title} onCancel={() => setInviting(false)} onOk={() => inviteForm.submit()} okText={t.inviteForm.submit} cancelText={texts.common.actions.cancel} confirmLoading={busy} destroyOnHidden>
        <Form form={inviteForm} layout="vertical" requiredMark={false} onFinish={invite} initialValues={{ roles: [] }}>
          <Form.Item name="email" label={t.inviteForm.email} rules={[{ required: true, type: 'email', message: texts.auth.signIn.emailInvalid }]}>
            <Input type="email" autoComplete="off" placeholder={t.inviteForm.emailPlaceholder} />
          </Form.Item>
          <Form.Item name="displayName" label={t.inviteForm.displayName}>
            <Input maxLength={64} placeholder={t.inviteForm.displayNamePlaceholder} />
          </Form.Item>
          <Form.Item name="roles" label={t.inviteForm.roles} rules={[{ required: true, type: 'array', min: 1, message: t.inviteForm.rolesRequired }]}>
            <ItemCheckboxGroup options={roleOptions} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 8 }} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal open={!!editing} title={editing ? fill(t.rolesForm.title, { name: editing.displayName }) : ''} onCancel={() => setEditing(null)} onOk={() => rolesForm.submit()} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel} confirmLoading={busy}>
        <Typography.Paragraph type="secondary">{t.rolesForm.lastAdminHint}</Typography.Paragraph>
        <Form form={rolesForm} layout="vertical" requiredMark={false} onFinish={saveRoles}>
          <Form.Item name="roles" label={t.inviteForm.roles} rules={[{ required: true, type: 'array', min: 1, message: t.inviteForm.rolesRequired }]}>
            <ItemCheckboxGroup options={roleOptions} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 8 }} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal open={!!link} title={t.link.title} closable={false} maskClosable={false} footer={<Button type="primary" onClick={() => setLink(null)}>{texts.common.actions.confirm}</Button>}>
        {link && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={fill(t.link.hint, { email: link.email })} />
            <Typography.Paragraph copyable={{ text: link.enrollmentUrl, tooltips: [texts.common.actions.copy, texts.common.actions.copied] }} code style={{ wordBreak: 'break-all' }} data-testid="enrollment-link">
              {link.enrollmentUrl}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{fill(t.link.expires, { time: when(link.expiresAt) })}</Typography.Text>
          </Space>
        )}
      </Modal>

      <Drawer open={!!viewing} width={720} title={viewing ? fill(t.sessions.title, { name: viewing.displayName }) : ''} onClose={() => setViewing(null)}>
        <Table<SessionItem> rowKey="id" dataSource={sessions} pagination={false} size="small" locale={{ emptyText: t.sessions.empty }}>
          <Table.Column<SessionItem> key="device" title={texts.security.sessions.device} render={(_, s) => (
            <Space>
              {deviceOf(s.userAgent)}
              {s.current && <Tag>{texts.security.sessions.current}</Tag>}
            </Space>
          )} />
          <Table.Column<SessionItem> dataIndex="ip" title={texts.security.sessions.ip} />
          <Table.Column<SessionItem> dataIndex="createdAt" title={texts.security.sessions.created} render={(at: string) => when(at)} />
          <Table.Column<SessionItem> dataIndex="lastSeenAt" title={texts.security.sessions.lastSeen} render={(at: string) => when(at)} />
          <Table.Column<SessionItem>
            key="actions"
            title={texts.common.refine['table.actions']}
            render={(_, s) =>
              s.current ? null : (
                <Popconfirm title={t.sessions.revokeConfirm} onConfirm={() => revoke(s)} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
                  <Button danger size="small">
                    {t.sessions.revoke}
                  </Button>
                </Popconfirm>
              )
            }
          />
        </Table>
      </Drawer>
    </List>
  )
}
