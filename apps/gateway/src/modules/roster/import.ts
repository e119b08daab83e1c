import { parse } from 'csv-parse/sync'
import type { Database } from '../../db/client'
import { type RosterDeps, type RosterWrite, applyRoster } from './queries'
import { ROSTER_COLUMNS, RosterRecordSchema, type RosterRow } from './rows'

export interface RejectedRow {
  /** Line of the file (the header is line 1). */
  line: number
  reasons: string[]
}

export type RosterImport = { ok: true; rows: number; written: RosterWrite } | { ok: false; rows: number; rejected: RejectedRow[] }

/**
 * Reads a roster CSV (UTF-8, optional BOM, header row of ROSTER_COLUMNS in any order) and checks
 * every row before writing any: a file with one bad row writes nothing and answers every rejected
 * row with its reasons. A good file is written in one transaction; importing it again updates the
 * employees (by company code + employee number) instead of adding them twice.
 */
export async function importRosterCsv(db: Database, deps: RosterDeps, csv: string | Buffer, now: Date): Promise<RosterImport> {
  let records: Array<{ record: Record<string, string>; line: number }>
  try {
    records = (parse(csv, { bom: true, columns: true, skip_empty_lines: true, trim: true, info: true }) as Array<{ record: Record<string, string>; info: { lines: number } }>).map(
      ({ record, info }) => ({ record, line: info.lines }),
    )
  } catch (error) {
    return { ok: false, rows: 0, rejected: [{ line: (error as { lines?: number }).lines ?? 0, reasons: [`the file is not valid CSV: ${(error as Error).message}`] }] }
  }
  const header = records.length ? Object.keys(records[0].record) : []
  const missing = ROSTER_COLUMNS.filter((c) => !header.includes(c))
  const unknown = header.filter((c) => !(ROSTER_COLUMNS as readonly string[]).includes(c))
  if (!records.length) return { ok: false, rows: 0, rejected: [{ line: 1, reasons: ['the file holds no employee rows'] }] }
  if (missing.length || unknown.length) {
    const reasons = [...(missing.length ? [`missing columns: ${missing.join(', ')}`] : []), ...(unknown.length ? [`unknown columns: ${unknown.join(', ')}`] : [])]
    return { ok: false, rows: records.length, rejected: [{ line: 1, reasons }] }
  }

  const rejected: RejectedRow[] = []
  const rows: RosterRow[] = []
  const seenEmployee = new Map<string, number>()
  const seenId = new Map<string, number>()
  for (const { record, line } of records) {
    const parsed = RosterRecordSchema.safeParse(record)
    if (!parsed.success) {
      rejected.push({ line, reasons: parsed.error.issues.map((i) => i.message) })
      continue
    }
    const row = parsed.data
    const reasons: string[] = []
    const employeeKey = `${row.companyCode}/${row.employeeNo}`
    const idKey = `${row.idType}:${row.idNo}`
    if (seenEmployee.has(employeeKey)) reasons.push(`employee ${employeeKey} is also on line ${seenEmployee.get(employeeKey)}`)
    if (seenId.has(idKey)) reasons.push(`the same id_no is also on line ${seenId.get(idKey)}`)
    seenEmployee.set(employeeKey, line)
    seenId.set(idKey, line)
    if (reasons.length) rejected.push({ line, reasons })
    else rows.push(row)
  }
  if (rejected.length) return { ok: false, rows: records.length, rejected }

  try {
    const written = await db.transaction((tx) => applyRoster(tx, deps, rows, now))
    return { ok: true, rows: rows.length, written }
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
    // An ID number the roster already has under another employee (unique keyed index).
    if (code === '23505') return { ok: false, rows: records.length, rejected: [{ line: 0, reasons: ['an id_no of the file belongs to another employee already on the roster'] }] }
    throw error
  }
}
