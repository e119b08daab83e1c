/** A run of the gateway's line-wise difference (AgreementDiffSchema). */
export interface DiffPart {
  op: 'same' | 'added' | 'removed'
  text: string
}

export type DiffRow = { kind: 'same' | 'added' | 'removed'; text: string; oldLine: number | null; newLine: number | null } | { kind: 'skip'; count: number }

/**
 * The runs as lines to show, numbered on each side (the published text's and the draft's), with the
 * unchanged lines far from any change folded into one "n unchanged lines" row (`context` kept on
 * each side of a change).
 */
export function diffRows(parts: readonly DiffPart[], context = 2): DiffRow[] {
  const lines: Exclude<DiffRow, { kind: 'skip' }>[] = []
  let oldLine = 1
  let newLine = 1
  for (const part of parts) {
    const texts = part.text.split('\n')
    if (texts[texts.length - 1] === '') texts.pop()
    for (const text of texts) {
      if (part.op === 'same') lines.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ })
      else if (part.op === 'removed') lines.push({ kind: 'removed', text, oldLine: oldLine++, newLine: null })
      else lines.push({ kind: 'added', text, oldLine: null, newLine: newLine++ })
    }
  }
  const near = lines.map(() => false)
  lines.forEach((line, i) => {
    if (line.kind === 'same') return
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) near[j] = true
  })
  const rows: DiffRow[] = []
  let skipped = 0
  lines.forEach((line, i) => {
    if (line.kind === 'same' && !near[i]) {
      skipped++
      return
    }
    if (skipped) rows.push({ kind: 'skip', count: skipped })
    skipped = 0
    rows.push(line)
  })
  if (skipped) rows.push({ kind: 'skip', count: skipped })
  return rows
}

/** Whether a difference changes anything. */
export const changes = (parts: readonly DiffPart[]) => parts.some((part) => part.op !== 'same')
