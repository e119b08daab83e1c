import { DownloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons'
import { List, useTable } from '@refinedev/antd'
import { CanAccess, type CrudFilter } from '@refinedev/core'
import { Badge, Button, Empty, Form, Input, Select, Space, Table, Tag, Tooltip, message } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useStepUp } from '../../components/auth/step-up-modal'
import { fill } from '../../i18n'
import { useTexts } from '../../providers/i18n'
import { rosterApi } from './api'
import { EmployeeDrawer } from './employee'
import type { RosterCompany, RosterListItem } from './types'

interface Filters {
  companyCode?: string
  name?: string
  employeeNo?: string
  idNo?: string
  status?: 'active' | 'ended' | 'all'
}

/** The roster: search (company, part of the name, employee number, exact ID number), paging, one employee in a drawer, import and export. */
export function RosterList() {
  const { texts, locale } = useTexts()
  const t = texts.roster
  const navigate = useNavigate()
  const stepUp = useStepUp()
  const [companies, setCompanies] = useState<RosterCompany[]>([])
  const [selected, setSelected] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const [notice, holder] = message.useMessage()
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<RosterListItem, never, Filters>({
    resource: 'roster',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'active' }] },
    onSearch: (values): CrudFilter[] => (['companyCode', 'name', 'employeeNo', 'idNo', 'status'] as const).map((field) => ({ field, operator: 'eq', value: values[field] })),
  })

  useEffect(() => {
    rosterApi.companies(texts.common.errors.network).then(setCompanies, () => setCompanies([]))
  }, [texts.common.errors.network])

  const companyName = (item: { companyNameZh: string; companyNameEn: string }) => (locale === 'en-US' ? item.companyNameEn : item.companyNameZh)
  const chosenCompany = () => {
    const filter = filters.find((f) => 'field' in f && f.field === 'companyCode')
    return filter && 'value' in filter && filter.value ? String(filter.value) : undefined
  }

  const onExport = async () => {
    setExporting(true)
    try {
      await stepUp(() => rosterApi.export(chosenCompany()))
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
        <Space>
          <CanAccess resource="roster" action="import">
            <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/roster/import')} data-testid="roster-import">
              {t.import}
            </Button>
          </CanAccess>
          <CanAccess resource="roster" action="export">
            <Tooltip title={t.exportAll}>
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport} data-testid="roster-export">
                {exporting ? t.exporting : t.export}
              </Button>
            </Tooltip>
          </CanAccess>
        </Space>
      }
    >
      {holder}
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 12 }} initialValues={{ status: 'active' }}>
        <Form.Item name="companyCode" label={t.filters.company}>
          <Select
            allowClear
            placeholder={t.filters.companyAll}
            style={{ width: 240 }}
            options={companies.map((c) => ({ value: c.code, label: `${locale === 'en-US' ? c.nameEn : c.nameZh} (${c.code})` }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t.filters.name}>
          <Input placeholder={t.filters.namePlaceholder} allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="employeeNo" label={t.filters.employeeNo}>
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="idNo" label={t.filters.idNo}>
          <Input placeholder={t.filters.idNoPlaceholder} allowClear style={{ width: 200 }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="status" label={t.filters.status}>
          <Select style={{ width: 110 }} options={(['active', 'ended', 'all'] as const).map((value) => ({ value, label: t.statuses[value] }))} />
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
      <Table<RosterListItem>
        {...tableProps}
        rowKey="id"
        size="middle"
        locale={{ emptyText: tableQuery.isLoading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => fill(t.total, { total }), showSizeChanger: true }}
        onRow={(item) => ({ onClick: () => setSelected(item.id), style: { cursor: 'pointer' } })}
        scroll={{ x: 960 }}
      >
        <Table.Column<RosterListItem> key="company" title={t.columns.company} render={(_, item) => companyName(item)} />
        <Table.Column<RosterListItem> dataIndex="employeeNo" title={t.columns.employeeNo} width={130} />
        <Table.Column<RosterListItem> dataIndex="name" title={t.columns.name} width={110} />
        <Table.Column<RosterListItem> dataIndex="idNo" title={t.columns.idNo} width={190} render={(value: string) => <span style={{ fontFamily: 'monospace' }}>{value}</span>} />
        <Table.Column<RosterListItem> dataIndex="phone" title={t.columns.phone} width={130} render={(value: string | null) => value ?? '—'} />
        <Table.Column<RosterListItem>
          dataIndex="verified"
          title={t.columns.verified}
          width={110}
          render={(verified: boolean) => <Badge status={verified ? 'success' : 'default'} text={verified ? t.verified : t.notVerified} />}
        />
        <Table.Column<RosterListItem>
          dataIndex="employmentEndedOn"
          title={t.columns.status}
          width={150}
          render={(endedOn: string | null) => (endedOn ? <Tag>{fill(t.endedOn, { date: endedOn })}</Tag> : <Tag color="blue">{t.employed}</Tag>)}
        />
      </Table>
      <EmployeeDrawer id={selected} onClose={() => setSelected(null)} onChanged={() => void tableQuery.refetch()} />
    </List>
  )
}
