import type { CONTENT_SCHEDULE_ACTIONS, Schedule } from '@ess/contract'
import { Alert, Button, DatePicker, Empty, Form, Modal, Radio, Space, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTexts } from '../../../providers/i18n'
import { chinaNowWallClock, chinaWallClockToIso, formatChinaTime } from './china-time'
import { formFieldErrors, refusalMessage } from './form-errors'
import { StatusTag, type Tone } from './status-tag'

/** A content plan publishes or unpublishes (the planner's `send` is the console notices'). */
type Action = (typeof CONTENT_SCHEDULE_ACTIONS)[number]
const STATE_TONES: Record<Schedule['state'], Tone> = { pending: 'blue', done: 'green', cancelled: 'gray', failed: 'red' }

/**
 * Planned publishes (and unpublishes) of a page or an article: the list with its states and a
 * form for a new one, the time picked and shown in China time. The calls are the caller's (they
 * go through the step-up).
 */
export function ScheduleModal({
  open,
  onClose,
  schedules,
  actions,
  onPlan,
  onCancelPlan,
}: {
  open: boolean
  onClose: () => void
  schedules: Schedule[] | undefined
  actions: readonly Action[]
  onPlan: (runAt: string, action: Action) => Promise<unknown>
  onCancelPlan: (id: number) => Promise<unknown>
}) {
  const { texts, locale } = useTexts()
  const t = texts.content.common
  const [form] = Form.useForm<{ at: Dayjs; action: Action }>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const nowInChina = dayjs(chinaNowWallClock())

  const submit = async ({ at, action }: { at: Dayjs; action: Action }) => {
    setBusy(true)
    setError(null)
    try {
      await onPlan(chinaWallClockToIso(at.format('YYYY-MM-DD HH:mm')), action ?? actions[0])
      form.resetFields()
    } catch (failure) {
      const fields = formFieldErrors(failure).map((field) => ({ ...field, name: field.name[0] === 'runAt' ? ['at'] : field.name }))
      if (fields.length) form.setFields(fields as never)
      else setError(refusalMessage(failure, texts.common.errors.unknown))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t.scheduleTitle} width={640} destroyOnHidden>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ action: actions[0] }} requiredMark={false}>
        <Space align="end" wrap size={12}>
          {actions.length > 1 && (
            <Form.Item name="action" label={t.scheduleAction}>
              <Radio.Group optionType="button" options={actions.map((action) => ({ value: action, label: t.scheduleActions[action] }))} />
            </Form.Item>
          )}
          <Form.Item name="at" label={`${t.scheduleAt} · ${t.chinaTime}`} rules={[{ required: true, message: texts.auth.signIn.required }]}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" disabledDate={(day) => day.isBefore(nowInChina, 'day')} style={{ width: 220 }} aria-label={t.scheduleAt} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t.schedule}
            </Button>
          </Form.Item>
        </Space>
      </Form>
      <Typography.Title level={5}>{t.scheduleList}</Typography.Title>
      <Table<Schedule>
        size="small"
        rowKey="id"
        dataSource={schedules ?? []}
        loading={!schedules}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.scheduleNone} /> }}
        columns={[
          { key: 'runAt', title: `${t.scheduleAt} (${t.chinaTime})`, render: (_, row) => formatChinaTime(row.runAt, locale) },
          // What a plan does, when there is a choice (a page's plans all publish).
          ...(actions.length > 1 ? [{ key: 'action', title: t.scheduleAction, render: (_: unknown, row: Schedule) => (row.action === 'send' ? '' : t.scheduleActions[row.action]) }] : []),
          { key: 'state', title: '', render: (_, row) => <StatusTag tone={STATE_TONES[row.state]}>{t.scheduleStates[row.state]}</StatusTag> },
          {
            key: 'cancel',
            title: '',
            align: 'right',
            render: (_, row) =>
              row.state === 'pending' && (
                <Button size="small" danger onClick={() => onCancelPlan(row.id).catch((failure) => setError(refusalMessage(failure, texts.common.errors.unknown)))}>
                  {t.scheduleCancel}
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  )
}
