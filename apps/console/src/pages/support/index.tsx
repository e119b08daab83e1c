import { SearchOutlined } from '@ant-design/icons'
import { SUPPORT_FIND_BY, type SupportAccountSummary, type SupportFindBy, type SupportFindResult } from '@ess/contract'
import { List } from '@refinedev/antd'
import { Alert, Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTexts } from '../../providers/i18n'
import { TAG } from './tags'
import { findAccounts } from './api'

interface SearchForm {
  by: SupportFindBy
  value: string
  companyCode?: string
}

/** The support look-up: find an account by phone, email, username, ID number or company + employee number; masked results. */
export function SupportSearch() {
  const { texts } = useTexts()
  const t = texts.support
  const navigate = useNavigate()
  const [form] = Form.useForm<SearchForm>()
  const by = Form.useWatch('by', form) ?? 'phone'
  const [result, setResult] = useState<SupportFindResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  const search = async (values: SearchForm) => {
    setLoading(true)
    setError(null)
    try {
      const query = { by: values.by, value: values.value.trim(), ...(values.by === 'employee' ? { companyCode: values.companyCode?.trim() } : {}) }
      setResult(await findAccounts(query, texts.common.errors.network))
    } catch (failure) {
      setResult(null)
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setLoading(false)
    }
  }

  return (
    <List title={t.title} headerProps={{ subTitle: undefined }}>
      <Typography.Paragraph type="secondary">{t.subtitle}</Typography.Paragraph>
      <Form<SearchForm> form={form} layout="inline" initialValues={{ by: 'phone' }} onFinish={search} style={{ marginBottom: 8, rowGap: 12 }}>
        <Form.Item name="by" label={t.search.by}>
          <Select style={{ width: 160 }} options={SUPPORT_FIND_BY.map((value) => ({ value, label: t.search.byOptions[value] }))} />
        </Form.Item>
        {by === 'employee' && (
          <Form.Item name="companyCode" label={t.search.companyCode} rules={[{ required: true, whitespace: true, message: t.search.companyCode }]}>
            <Input placeholder={t.search.companyCodePlaceholder} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="value" label={t.search.value} rules={[{ required: true, whitespace: true, message: t.search.valuePlaceholder[by] }]}>
          <Input placeholder={t.search.valuePlaceholder[by]} style={{ width: 280 }} allowClear autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
          {texts.common.actions.search}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t.search.hint}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {result && result.employeeWithoutAccount && <Alert type="info" showIcon message={t.search.employeeWithoutAccount} style={{ marginBottom: 16 }} />}
      {result && (
        <Table<SupportAccountSummary>
          dataSource={result.accounts}
          rowKey="id"
          size="middle"
          pagination={false}
          locale={{ emptyText: <Typography.Text type="secondary">{t.search.none}</Typography.Text> }}
          onRow={(account) => ({ onClick: () => navigate(`/support/${account.id}`), style: { cursor: 'pointer' } })}
        >
          <Table.Column<SupportAccountSummary> dataIndex="phone" title={t.columns.phone} render={(v: string | null) => v ?? '—'} />
          <Table.Column<SupportAccountSummary> dataIndex="email" title={t.columns.email} render={(v: string | null) => v ?? '—'} />
          <Table.Column<SupportAccountSummary> dataIndex="username" title={t.columns.username} render={(v: string | null) => v ?? '—'} />
          <Table.Column<SupportAccountSummary> dataIndex="name" title={t.columns.name} render={(v: string | null) => v ?? '—'} />
          <Table.Column<SupportAccountSummary>
            key="employee"
            title={t.columns.employee}
            render={(_, account) => (account.companyCode ? `${account.companyCode} · ${account.employeeNo}` : '—')}
          />
          <Table.Column<SupportAccountSummary>
            key="state"
            title={t.columns.state}
            render={(_, account) => (
              <Space size={4}>
                {account.disabled ? <Tag color={TAG.red}>{t.state.disabled}</Tag> : <Tag color={TAG.green}>{t.state.active}</Tag>}
                {account.locked && <Tag color={TAG.orange}>{t.state.locked}</Tag>}
              </Space>
            )}
          />
          <Table.Column<SupportAccountSummary>
            key="open"
            title={texts.common.refine['table.actions']}
            render={(_, account) => (
              <Button type="link" onClick={() => navigate(`/support/${account.id}`)}>
                {t.open}
              </Button>
            )}
          />
        </Table>
      )}
    </List>
  )
}
