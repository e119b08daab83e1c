import { ExclamationCircleOutlined } from '@ant-design/icons'
import { CanAccess } from '@refinedev/core'
import { type RosterIssue, rosterReasonText } from '@ess/contract/console/roster-reasons'
import { Alert, Badge, Button, DatePicker, Descriptions, Drawer, Form, Input, Modal, Select, Skeleton, Space, Tag, Typography, message } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useCallback, useEffect, useState } from 'react'
import { fill } from '../../i18n'
import { useTexts } from '../../providers/i18n'
import { rosterApi } from './api'
import type { RosterEmployee } from './types'

/** The form's fields and the CSV columns the import's rules name. */
const COLUMN_FIELDS: Record<string, string> = {
  name: 'name',
  pinyin_name: 'pinyinName',
  gender: 'gender',
  birthdate: 'birthdate',
  nationality: 'nationality',
  id_type: 'idType',
  id_no: 'idNo',
  phone: 'phone',
  email: 'email',
  address: 'address',
  postcode: 'postcode',
}
const MASKED_FIELDS = ['name', 'pinyinName', 'idNo', 'birthdate', 'phone', 'email', 'address', 'postcode'] as const

/** One employee (masked) in a drawer, with its edit and the end of its employment. */
export function EmployeeDrawer({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const { texts, locale } = useTexts()
  const t = texts.roster
  const [employee, setEmployee] = useState<RosterEmployee | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [editing, setEditing] = useState(false)
  const [ending, setEnding] = useState(false)

  const load = useCallback(async () => {
    if (!id) return
    setEmployee(null)
    setFailure(null)
    try {
      setEmployee(await rosterApi.show(id, texts.common.errors.network))
    } catch (error) {
      setFailure(error instanceof Error ? error.message : texts.common.errors.unknown)
    }
  }, [id, texts.common.errors])
  useEffect(() => {
    void load()
  }, [load])

  const changed = (next: RosterEmployee) => {
    setEmployee(next)
    onChanged()
  }
  const e = employee
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      title={t.detail.title}
      width={600}
      extra={
        e &&
        !e.employmentEndedOn && (
          <CanAccess resource="roster" action="edit">
            <Space>
              <Button onClick={() => setEditing(true)} data-testid="roster-edit">
                {t.detail.edit}
              </Button>
              <Button danger onClick={() => setEnding(true)} data-testid="roster-end">
                {t.detail.end}
              </Button>
            </Space>
          </CanAccess>
        )
      }
    >
      {failure && <Alert type="error" showIcon message={failure} action={<Button onClick={() => void load()}>{texts.common.actions.retry}</Button>} />}
      {!e && !failure && <Skeleton active paragraph={{ rows: 8 }} />}
      {e && (
        <>
          <Alert type="info" showIcon message={t.detail.masked} style={{ marginBottom: 16 }} />
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'company', label: t.columns.company, children: `${locale === 'en-US' ? e.companyNameEn : e.companyNameZh} (${e.companyCode})` },
              { key: 'no', label: t.columns.employeeNo, children: e.employeeNo },
              { key: 'name', label: t.columns.name, children: e.name },
              { key: 'pinyin', label: t.detail.pinyinName, children: e.pinyinName ?? '—' },
              { key: 'gender', label: t.detail.gender, children: t.detail.genders[e.gender] },
              { key: 'birthdate', label: t.detail.birthdate, children: e.birthdate ?? '—' },
              { key: 'nationality', label: t.detail.nationality, children: e.nationality ?? '—' },
              { key: 'idType', label: t.detail.idType, children: e.idType },
              { key: 'idNo', label: t.columns.idNo, children: <span style={{ fontFamily: 'monospace' }}>{e.idNo}</span> },
              { key: 'phone', label: t.columns.phone, children: e.phone ?? '—' },
              { key: 'email', label: t.detail.email, children: e.email ?? '—' },
              { key: 'address', label: t.detail.address, children: e.address ?? '—' },
              { key: 'postcode', label: t.detail.postcode, children: e.postcode ?? '—' },
              { key: 'verified', label: t.columns.verified, children: <Badge status={e.verified ? 'success' : 'default'} text={e.verified ? t.verified : t.notVerified} /> },
              {
                key: 'status',
                label: t.columns.status,
                children: e.employmentEndedOn ? <Tag>{fill(t.endedOn, { date: e.employmentEndedOn })}</Tag> : <Tag color="blue">{t.employed}</Tag>,
              },
              ...(e.employmentEndReason ? [{ key: 'reason', label: t.detail.endReason, children: e.employmentEndReason }] : []),
              { key: 'version', label: t.detail.identityVersion, children: e.identityVersion },
              { key: 'updated', label: t.detail.updatedAt, children: new Date(e.updatedAt).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) },
            ]}
          />
          <EditModal open={editing} employee={e} onClose={() => setEditing(false)} onSaved={changed} />
          <EndModal open={ending} employee={e} onClose={() => setEnding(false)} onEnded={changed} />
        </>
      )}
    </Drawer>
  )
}

type EditValues = Partial<Record<(typeof MASKED_FIELDS)[number] | 'gender' | 'nationality' | 'idType', string>>

function EditModal({ open, employee, onClose, onSaved }: { open: boolean; employee: RosterEmployee; onClose: () => void; onSaved: (e: RosterEmployee) => void }) {
  const { texts, locale } = useTexts()
  const t = texts.roster
  const [form] = Form.useForm<EditValues>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, holder] = message.useMessage()

  useEffect(() => {
    if (open) {
      form.resetFields()
      form.setFieldsValue({ gender: employee.gender, nationality: employee.nationality ?? undefined, idType: employee.idType })
      setError(null)
    }
  }, [open, employee, form])

  const save = async (values: EditValues) => {
    const body: Record<string, string | null> = {}
    for (const field of MASKED_FIELDS) if (values[field]?.trim()) body[field] = values[field]!.trim()
    if (values.gender && values.gender !== employee.gender) body.gender = values.gender
    if (values.nationality && values.nationality !== employee.nationality) body.nationality = values.nationality
    if (values.idType && values.idType !== employee.idType) body.idType = values.idType
    if (!Object.keys(body).length) return onClose()
    setBusy(true)
    setError(null)
    try {
      const result = await rosterApi.edit(employee.id, body, texts.common.errors.network)
      if (result.employee) {
        onSaved(result.employee)
        onClose()
        if (result.verificationEnded) notice.warning(t.edit.verificationEnded)
        else notice.success(t.edit.saved)
        return
      }
      form.setFields(
        result.issues.map((issue) => ({ name: COLUMN_FIELDS[issue.column ?? ''] ?? 'name', errors: [rosterReasonText(issue as RosterIssue, locale)] })) as never,
      )
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setBusy(false)
    }
  }
  const keep = (value: string | null) => (value ? fill(t.edit.keep, { value }) : undefined)
  const labels: Record<(typeof MASKED_FIELDS)[number], string> = {
    name: t.columns.name,
    pinyinName: t.detail.pinyinName,
    idNo: t.columns.idNo,
    birthdate: t.detail.birthdate,
    phone: t.columns.phone,
    email: t.detail.email,
    address: t.detail.address,
    postcode: t.detail.postcode,
  }
  return (
    <Modal open={open} title={t.edit.title} onCancel={onClose} onOk={() => form.submit()} okText={t.edit.save} cancelText={texts.common.actions.cancel} confirmLoading={busy} width={560} destroyOnHidden>
      {holder}
      <Typography.Paragraph type="secondary">{t.edit.hint}</Typography.Paragraph>
      <Alert type="warning" showIcon icon={<ExclamationCircleOutlined />} message={t.edit.identityWarning} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} onFinish={save}>
        {MASKED_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={labels[field]}>
            <Input placeholder={keep(employee[field])} autoComplete="off" data-testid={`edit-${field}`} />
          </Form.Item>
        ))}
        <Form.Item name="gender" label={t.detail.gender}>
          <Select options={(['F', 'M', 'U'] as const).map((g) => ({ value: g, label: t.detail.genders[g] }))} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function EndModal({ open, employee, onClose, onEnded }: { open: boolean; employee: RosterEmployee; onClose: () => void; onEnded: (e: RosterEmployee) => void }) {
  const { texts } = useTexts()
  const t = texts.roster
  const [form] = Form.useForm<{ endedOn: Dayjs; reason: string }>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, holder] = message.useMessage()
  useEffect(() => {
    if (open) {
      form.resetFields()
      setError(null)
    }
  }, [open, form])
  const end = async ({ endedOn, reason }: { endedOn: Dayjs; reason: string }) => {
    setBusy(true)
    setError(null)
    try {
      const ended = await rosterApi.end(employee.id, { endedOn: endedOn.format('YYYY-MM-DD'), reason: reason.trim() }, texts.common.errors.network)
      onEnded(ended)
      onClose()
      notice.success(t.end.done)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={open}
      title={t.end.title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t.end.confirm}
      okButtonProps={{ danger: true }}
      cancelText={texts.common.actions.cancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      {holder}
      <Alert type="warning" showIcon message={t.end.hint} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={end} initialValues={{ endedOn: dayjs() }}>
        <Form.Item name="endedOn" label={t.end.endedOn} rules={[{ required: true, message: texts.auth.signIn.required }]}>
          <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t.end.reason} rules={[{ required: true, whitespace: true, message: texts.auth.signIn.required }, { max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t.end.reasonPlaceholder} data-testid="end-reason" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
