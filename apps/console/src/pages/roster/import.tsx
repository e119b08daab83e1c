import { ArrowLeftOutlined, CheckCircleOutlined, DownloadOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons'
import { type RosterIssue, ROSTER_IMPORT_MAX_BYTES, rosterReasonText } from '@ess/contract/console/roster-reasons'
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Steps, Table, Tag, Typography, Upload } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { saveFile } from '../../components/files/save-file'
import { fill } from '../../i18n'
import { useTexts } from '../../providers/i18n'
import { rosterApi } from './api'
import { reportCsv } from './report'
import type { RosterImportReport } from './types'

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`)

/**
 * The import: choose a CSV, the gateway checks every line (nothing written), the report per line
 * (downloadable), then a confirmation that sends the same file again to be applied in one
 * transaction. A file with a rejected line cannot be applied.
 */
export function RosterImport() {
  const { texts, locale } = useTexts()
  const t = texts.roster.importPage
  const navigate = useNavigate()
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<RosterImportReport | null>(null)
  const [applied, setApplied] = useState<RosterImportReport | null>(null)
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null)
  const [error, setError] = useState<string | null>(null)

  const choose = (next: File) => {
    setFile(next)
    setReport(null)
    setApplied(null)
    setError(next.size > ROSTER_IMPORT_MAX_BYTES ? t.tooLarge : null)
    return false
  }
  const run = async (what: 'check' | 'apply') => {
    if (!file) return
    setBusy(what)
    setError(null)
    try {
      if (what === 'check') setReport(await rosterApi.check(file, texts.common.errors.network))
      else {
        const result = await rosterApi.apply(file, report!.sha256, texts.common.errors.network)
        if (result.written) setApplied(result)
        else setReport(result)
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.common.errors.unknown)
    } finally {
      setBusy(null)
    }
  }
  const restart = () => {
    setFile(null)
    setReport(null)
    setApplied(null)
    setError(null)
  }
  const download = () => {
    if (!report || !file) return
    const csv = reportCsv(report.rejected as Array<{ line: number; issues: RosterIssue[] }>, [t.columns.line, t.columns.column, t.columns.reason], t.whole, locale)
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${file.name.replace(/\.csv$/i, '')}-report.csv`)
  }
  const step = applied ? 2 : report ? (report.rejectedCount ? 1 : 2) : file ? 1 : 0
  const rows = report?.rejected.flatMap(({ line, issues }) => issues.map((issue, i) => ({ key: `${line}-${i}`, line, issue: issue as RosterIssue, first: i === 0, span: issues.length }))) ?? []

  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/roster')} aria-label={t.back} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t.title}
          </Typography.Title>
        </Space>
      }
    >
      <Steps current={step} style={{ maxWidth: 720, marginBottom: 24 }} items={[{ title: t.steps.upload }, { title: t.steps.check }, { title: t.steps.apply }]} />
      {applied?.written ? (
        <Result
          status="success"
          title={t.applied}
          subTitle={fill(t.written, applied.written)}
          extra={[
            <Button type="primary" key="roster" onClick={() => navigate('/roster')}>
              {t.back}
            </Button>,
            <Button key="again" onClick={restart}>
              {t.another}
            </Button>,
          ]}
          data-testid="import-applied"
        />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} beforeUpload={choose} data-testid="import-file">
            <p className="ant-upload-drag-icon">{file ? <FileTextOutlined /> : <InboxOutlined />}</p>
            <p className="ant-upload-text">{file ? `${file.name} · ${size(file.size)}` : t.drop}</p>
            <p className="ant-upload-hint">{t.dropHint}</p>
          </Upload.Dragger>
          {error && <Alert type="error" showIcon message={error} />}
          <Space>
            <Button type="primary" disabled={!file || file.size > ROSTER_IMPORT_MAX_BYTES} loading={busy === 'check'} onClick={() => void run('check')} data-testid="import-check">
              {busy === 'check' ? t.checking : t.check}
            </Button>
          </Space>
          {report && (
            <>
              <Descriptions size="small" column={2} bordered items={[{ key: 'rows', label: file?.name ?? t.steps.check, children: fill(t.rows, { rows: report.rows }) }, { key: 'bytes', label: 'SHA-256', children: <Typography.Text code style={{ fontSize: 12 }}>{report.sha256.slice(0, 16)}…</Typography.Text> }]} />
              {report.rejectedCount === 0 ? (
                <Alert
                  type="success"
                  showIcon
                  icon={<CheckCircleOutlined />}
                  message={t.clean}
                  description={fill(t.cleanHint, { rows: report.rows })}
                  data-testid="import-clean"
                  action={
                    <Popconfirm title={fill(t.applyConfirm, { rows: report.rows })} onConfirm={() => void run('apply')} okText={texts.common.actions.confirm} cancelText={texts.common.actions.cancel}>
                      <Button type="primary" loading={busy === 'apply'} data-testid="import-apply">
                        {busy === 'apply' ? t.applying : t.apply}
                      </Button>
                    </Popconfirm>
                  }
                />
              ) : (
                <>
                  <Alert
                    type="error"
                    showIcon
                    message={fill(t.rejected, { count: report.rejectedCount })}
                    description={
                      <>
                        {t.rejectedHint}
                        {report.rejected.length < report.rejectedCount && <div>{fill(t.listedOnly, { listed: report.rejected.length, count: report.rejectedCount })}</div>}
                      </>
                    }
                    data-testid="import-rejected"
                    action={
                      <Button icon={<DownloadOutlined />} onClick={download} data-testid="import-report">
                        {t.downloadReport}
                      </Button>
                    }
                  />
                  <Table
                    size="small"
                    rowKey="key"
                    dataSource={rows}
                    pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                    data-testid="import-report-table"
                    columns={[
                      { key: 'line', title: t.columns.line, dataIndex: 'line', width: 90 },
                      { key: 'column', title: t.columns.column, width: 160, render: (_, r) => (r.issue.column ? <Tag>{r.issue.column}</Tag> : <Typography.Text type="secondary">{t.whole}</Typography.Text>) },
                      { key: 'reason', title: t.columns.reason, render: (_, r) => rosterReasonText(r.issue, locale) },
                    ]}
                  />
                </>
              )}
            </>
          )}
        </Space>
      )}
    </Card>
  )
}
