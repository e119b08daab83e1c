import { type RosterIssue, rosterReasonText } from '@ess/contract/console/roster-reasons'
import type { Locale } from '@ess/contract/wire'

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (as the gateway's exports). */
function cell(value: string | number): string {
  let text = String(value)
  if (/^[\s]*[=+\-@\t\r＝＋－＠]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The check's report as CSV (UTF-8 with BOM for Excel): one row per reason, in the operator's language. */
export function reportCsv(rejected: Array<{ line: number; issues: RosterIssue[] }>, headers: [string, string, string], whole: string, locale: Locale): string {
  const rows = [headers.map(cell).join(',')]
  for (const { line, issues } of rejected) for (const issue of issues) rows.push([line, issue.column ?? whole, rosterReasonText(issue, locale)].map(cell).join(','))
  return `\uFEFF${rows.join('\r\n')}\r\n`
}
