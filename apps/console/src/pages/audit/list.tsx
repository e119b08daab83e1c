import { DownloadOutlined, SearchOutlined } from '@ant-design/icons'
import { List, useTable } from '@refinedev/antd'
import { CanAccess, type CrudFilter } from '@refinedev/core'
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Space, Table, Tag, Typography, message } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { fill } from '../../i18n'
import { useTexts } from '../../providers/i18n'
import type { AuditEntry } from './entry'
import { exportAudit } from './export'

interface Filters {
  operator?: string
  action?: string
  resourceType?: string
  at?: [Dayjs, Dayjs] | null
}

/** The audit log: filters (operator, action, resource type, time), paging, one entry's detail, CSV export of the filtered log. */
export function AuditList() {
  const { texts, locale } = useTexts()
  const t = texts.audit
  const [selected, setSelected] = useState<AuditEntry | null>(null)
  const [exporting, setExporting] = useState(false)
  const [notice, holder] = message.useMessage()
  const { tableProps, searchFormProps, filters } = useTable<AuditEntry, never, Filters>({
    resource: 'audit',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    onSearch: (values): CrudFilter[] => [
      { field: 'operator', operator: 'eq', value: values.operator },
      { field: 'action', operator: 'eq', value: values.action },
      { field: 'resourceType', operator: 'eq', value: values.resourceType },
      { field: 'at', operator: 'between', value: values.at ? [values.at[0].startOf('day').toISOString(), values.at[1].endOf('day').toISOString()] : undefined },
    ],
  })
  const when = (at: string) => new Date(at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' })

  const onExport = async () => {
    setExporting(true)
    try {
      await exportAudit(filters)
    } catch (failure) {
      notice.error(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setExporting(false)
    }
  }

  return (
    <List
      title={t.title}
      headerButtons={
        <CanAccess resource="audit" action="export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
            {exporting ? t.exporting : t.export}
          </Button>
        </CanAccess>
      }
    >
      {holder}
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="operator" label={t.filters.operator}>
          <Input placeholder={t.filters.operatorPlaceholder} allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="action" label={t.filters.action}>
          <Input placeholder={t.filters.actionPlaceholder} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="resourceType" label={t.filters.resourceType}>
          <Input placeholder={t.filters.resourceTypePlaceholder} allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="at" label={t.filters.time}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {texts.common.actions.search}
          </Button>
          <Button
            onClick={() => {
              searchFormProps.form?.resetFields()
              searchFormProps.form?.submit()
            }}
          >
            {texts.common.actions.reset}
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        {...tableProps}
        rowKey="id"
        size="middle"
        pagination={{ ...tableProps.pagination, showTotal: (total) => fill(t.total, { total }), showSizeChanger: true }}
        onRow={(entry) => ({ onClick: () => setSelected(entry), style: { cursor: 'pointer' } })}
        scroll={{ x: 1000 }}
      >
        <Table.Column<AuditEntry> dataIndex="at" title={t.columns.at} width={180} render={when} />
        <Table.Column<AuditEntry> dataIndex="operatorEmail" title={t.columns.operator} render={(email: string | null) => email ?? <Typography.Text type="secondary">{t.nobody}</Typography.Text>} />
        <Table.Column<AuditEntry> dataIndex="action" title={t.columns.action} render={(action: string) => <Tag>{action}</Tag>} />
        <Table.Column<AuditEntry>
          key="resource"
          title={t.columns.resource}
          render={(_, entry) => (
            <span>
              {entry.resourceType}
              {entry.resourceId && <Typography.Text type="secondary"> · {entry.resourceId}</Typography.Text>}
            </span>
          )}
        />
        <Table.Column<AuditEntry> dataIndex="changed" title={t.columns.changed} render={(changed: string[]) => changed.join(', ')} />
        <Table.Column<AuditEntry> dataIndex="ip" title={t.columns.ip} width={140} />
      </Table>
      <Drawer open={!!selected} onClose={() => setSelected(null)} title={t.detail.title} width={560}>
        {selected && (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'at', label: t.columns.at, children: when(selected.at) },
              { key: 'operator', label: t.columns.operator, children: selected.operatorEmail ?? t.nobody },
              { key: 'roles', label: t.detail.roles, children: selected.roles.map((role) => texts.common.roles[role]).join(', ') || t.detail.none },
              { key: 'action', label: t.columns.action, children: selected.action },
              { key: 'resource', label: t.columns.resource, children: [selected.resourceType, selected.resourceId].filter(Boolean).join(' · ') },
              { key: 'reason', label: t.columns.reason, children: selected.reason ?? t.detail.none },
              { key: 'before', label: t.detail.before, children: <Snapshot value={selected.before} none={t.detail.none} /> },
              { key: 'after', label: t.detail.after, children: <Snapshot value={selected.after} none={t.detail.none} /> },
              { key: 'ip', label: t.columns.ip, children: selected.ip },
              { key: 'ua', label: t.detail.userAgent, children: selected.userAgent },
              { key: 'trace', label: t.detail.traceId, children: <Typography.Text code>{selected.traceId}</Typography.Text> },
            ]}
          />
        )}
      </Drawer>
    </List>
  )
}

function Snapshot({ value, none }: { value: Record<string, unknown> | null; none: string }) {
  if (!value) return <Typography.Text type="secondary">{none}</Typography.Text>
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>
}
