import { Empty, Typography, theme } from 'antd'
import { fill } from '../../../i18n'
import { useTexts } from '../../../providers/i18n'
import { type DiffPart, changes, diffRows } from './diff-rows'

/** A line-wise difference as a unified view: removed lines red with −, added green with +, far context folded. */
export function DiffView({ parts, label }: { parts: DiffPart[]; label: string }) {
  const { texts } = useTexts()
  const t = texts.content.agreements
  const { token } = theme.useToken()
  if (!changes(parts)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.diffSame} />
  const rows = diffRows(parts)
  const colors = {
    added: { background: '#e6f4ea', color: '#14532d', sign: '+' },
    removed: { background: '#fdecea', color: '#7f1d1d', sign: '−' },
    same: { background: 'transparent', color: token.colorText, sign: ' ' },
  }
  return (
    <div role="table" aria-label={label} data-testid="diff" style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, overflow: 'hidden', maxHeight: 480, overflowY: 'auto' }}>
      {rows.map((row, i) =>
        row.kind === 'skip' ? (
          <div role="row" key={i} style={{ background: '#f1f5f9', color: '#475569', padding: '2px 12px', fontStyle: 'italic' }}>
            <span role="cell">{fill(texts.content.agreements.diffSkipped, { count: row.count })}</span>
          </div>
        ) : (
          <div role="row" key={i} data-diff={row.kind} aria-label={row.kind === 'same' ? undefined : row.kind === 'added' ? t.added : t.removed} style={{ display: 'flex', background: colors[row.kind].background, color: colors[row.kind].color }}>
            <span role="cell" style={{ width: 40, textAlign: 'right', padding: '1px 6px', color: '#475569', userSelect: 'none', flex: 'none' }}>{row.oldLine ?? ''}</span>
            <span role="cell" style={{ width: 40, textAlign: 'right', padding: '1px 6px', color: '#475569', userSelect: 'none', flex: 'none' }}>{row.newLine ?? ''}</span>
            <span role="cell" aria-hidden style={{ width: 16, flex: 'none', userSelect: 'none', fontWeight: 700 }}>{colors[row.kind].sign}</span>
            <Typography.Text role="cell" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: 'inherit', padding: '1px 8px 1px 0', fontFamily: 'inherit' }}>
              {row.text || ' '}
            </Typography.Text>
          </div>
        ),
      )}
    </div>
  )
}
