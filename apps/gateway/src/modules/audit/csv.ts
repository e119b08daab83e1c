/**
 * CSV for spreadsheets (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads Chinese). A cell a
 * spreadsheet would take as a formula (starting with = + - @, a tab or a carriage return, or their
 * full-width forms, even after spaces) gets a leading apostrophe, as OWASP's CSV-injection advice
 * says, so `=cmd|' /C calc'!A0` shows as text instead of running.
 */
export const CSV_BOM = '\uFEFF'

const FORMULA_START = /^[\s]*[=+\-@\t\r＝＋－＠]/

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`
