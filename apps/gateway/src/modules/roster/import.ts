import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ROSTER_REPORT_MAX_LINES, type RosterIssue, rosterReasonText } from '@ess/contract'
import { parse } from 'csv-parse'
import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { clientCompany, employee } from '../../db/schema'
import { idNoIndex } from './identity'
import { type RosterDeps, type RosterWrite, applyRoster } from './queries'
import { ROSTER_COLUMNS, RosterRecordSchema, type RosterRow, rosterIssuesOf } from './rows'

export interface RejectedRow {
  /** Line of the file (the header is line 1; 0 when no line can be named). */
  line: number
  issues: RosterIssue[]
  /** The issues in English (the command's output). */
  reasons: string[]
}

export type RosterImport =
  | { ok: true; rows: number; written: RosterWrite }
  | { ok: false; rows: number; rejected: RejectedRow[]; rejectedCount: number }

export interface RosterImportOptions {
  /**
   * A company code the roster does not have yet: `create` it from the file's names (the server
   * command, which onboards a new client company) or `refuse` the line as an unknown company (the
   * console: a typo in company_code must not make a phantom company).
   */
  newCompanies: 'create' | 'refuse'
  /** Write the rows (in one transaction, nothing when a line is rejected) or only check them. */
  apply: boolean
  /** Rejected lines listed at most (all are counted). */
  maxListed?: number
  /** Receives the accounts whose real-name verification an identity change ended (to renew their stamps). */
  endedUsers?: string[]
  /** Runs in the import's transaction once every row is written (the console's audit row). */
  onApplied?: (tx: Database, rows: number, written: RosterWrite) => Promise<void>
}

/** Rows written to the database at a time (one multi-row insert, one look-up). */
const BATCH = 500

const rejectedRow = (line: number, issues: RosterIssue[]): RejectedRow => ({ line, issues, reasons: issues.map((i) => rosterReasonText(i, 'en-US')) })
const issue = (code: RosterIssue['code'], column: string | null = null, params: RosterIssue['params'] = {}): RosterIssue => ({ column, code, params })

class RosterFileError extends Error {
  constructor(readonly row: RejectedRow) {
    super('roster file refused')
  }
}
class Rollback extends Error {}

/**
 * UTF-8 decoding of a byte stream that refuses anything else (a GBK file from a spreadsheet saved
 * as "CSV" on a Chinese Windows, UTF-16): the import says so instead of storing mojibake.
 */
function utf8Only() {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const refuse = () => new RosterFileError(rejectedRow(0, [issue('not_utf8')]))
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }))
      } catch {
        done(refuse())
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode())
      } catch {
        done(refuse())
      }
    },
  })
}

/**
 * Reads a roster CSV as a stream (UTF-8, optional BOM, a header row of ROSTER_COLUMNS in any
 * order): one record at a time with its line, never the whole file. A file that is not UTF-8,
 * not CSV, or whose columns are wrong throws a RosterFileError with its report line.
 */
async function* rosterRecords(source: Readable): AsyncGenerator<{ record: Record<string, string>; line: number }> {
  let header: string[] | null = null
  const parser = parse({
    bom: true,
    columns: (names: string[]) => {
      header = names.map((n) => String(n).trim())
      const missing = ROSTER_COLUMNS.filter((c) => !header!.includes(c))
      const unknown = header.filter((c) => !(ROSTER_COLUMNS as readonly string[]).includes(c))
      if (missing.length || unknown.length) {
        throw new RosterFileError(
          rejectedRow(1, [
            ...(missing.length ? [issue('missing_columns', null, { columns: missing.join(', ') })] : []),
            ...(unknown.length ? [issue('unknown_columns', null, { columns: unknown.join(', ') })] : []),
          ]),
        )
      }
      return header
    },
    skip_empty_lines: true,
    trim: true,
    info: true,
  })
  const piping = pipeline(source, utf8Only(), parser).catch(() => undefined)
  let rows = 0
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      rows++
      yield { record, line: info.lines }
    }
  } catch (error) {
    if (error instanceof RosterFileError) throw error
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof RosterFileError) throw cause
    const line = (error as { lines?: number }).lines ?? 0
    throw new RosterFileError(rejectedRow(line, [issue('not_csv', null, { detail: (error as Error).message })]))
  } finally {
    await piping
  }
  if (!rows) throw new RosterFileError(rejectedRow(1, [issue('empty')]))
}

/**
 * The one implementation of the roster import, for the server command and the console: reads the
 * file as a stream and checks every line (the row rules of rows.ts, a duplicate employee or ID
 * number in the file, an unknown company when new ones are refused, an ID number that another
 * employee of the roster has). With `apply`, the good rows are written in batches inside ONE
 * transaction as they come, and the transaction is rolled back when any line is rejected: a file
 * with one bad line writes nothing. Memory holds one batch and a key per line (for duplicates).
 */
export async function runRosterImport(db: Database, deps: RosterDeps, source: Readable, now: Date, options: RosterImportOptions): Promise<RosterImport> {
  const maxListed = options.maxListed ?? ROSTER_REPORT_MAX_LINES
  const rejected: RejectedRow[] = []
  let rejectedCount = 0
  let rows = 0
  const written: RosterWrite = { companies: 0, inserted: 0, updated: 0, unchanged: 0, identityChanged: 0 }
  const reject = (row: RejectedRow) => {
    rejectedCount++
    if (rejected.length < maxListed) rejected.push(row)
  }

  const pass = async (conn: Database) => {
    const knownCompanies = new Set((await conn.select({ code: clientCompany.code }).from(clientCompany)).map((c) => c.code))
    const seenEmployee = new Map<string, number>()
    const seenId = new Map<string, number>()
    let batch: Array<{ row: RosterRow; line: number }> = []

    const flush = async () => {
      if (!batch.length) return
      const current = batch
      batch = []
      // An ID number another employee of the roster has (the keyed index): the line is named.
      const indexes = current.map(({ row }) => idNoIndex(deps.hmacKey, row.idType, row.idNo))
      const holders = await conn
        .select({ index: employee.idNoIndex, companyCode: clientCompany.code, employeeNo: employee.employeeNo })
        .from(employee)
        .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
        .where(inArray(employee.idNoIndex, indexes))
      const holderOf = new Map(holders.map((h) => [h.index, `${h.companyCode}/${h.employeeNo}`]))
      const good: RosterRow[] = []
      current.forEach(({ row, line }, i) => {
        const holder = holderOf.get(indexes[i])
        if (holder && holder !== `${row.companyCode}/${row.employeeNo}`) reject(rejectedRow(line, [issue('id_taken', 'id_no')]))
        else good.push(row)
      })
      if (!options.apply || rejectedCount || !good.length) return
      const w = await applyRoster(conn, deps, good, now, options.endedUsers)
      for (const k of Object.keys(written) as Array<keyof RosterWrite>) written[k] += w[k]
    }

    try {
      for await (const { record, line } of rosterRecords(source)) {
        rows++
        const parsed = RosterRecordSchema.safeParse(record)
        if (!parsed.success) {
          reject(rejectedRow(line, rosterIssuesOf(parsed.error)))
          continue
        }
        const row = parsed.data
        const issues: RosterIssue[] = []
        const employeeKey = `${row.companyCode}/${row.employeeNo}`
        const idKey = `${row.idType}:${row.idNo}`
        if (seenEmployee.has(employeeKey)) issues.push(issue('duplicate_employee', 'employee_no', { employee: employeeKey, line: seenEmployee.get(employeeKey)! }))
        if (seenId.has(idKey)) issues.push(issue('duplicate_id', 'id_no', { line: seenId.get(idKey)! }))
        if (!seenEmployee.has(employeeKey)) seenEmployee.set(employeeKey, line)
        if (!seenId.has(idKey)) seenId.set(idKey, line)
        if (options.newCompanies === 'refuse' && !knownCompanies.has(row.companyCode)) issues.push(issue('unknown_company', 'company_code', { company: row.companyCode }))
        if (issues.length) {
          reject(rejectedRow(line, issues))
          continue
        }
        batch.push({ row, line })
        if (batch.length >= BATCH) await flush()
      }
      await flush()
    } catch (error) {
      if (!(error instanceof RosterFileError)) throw error
      reject(error.row)
    }
    if (options.apply && rejectedCount) throw new Rollback()
    if (options.apply) await options.onApplied?.(conn, rows, written)
  }

  try {
    if (options.apply) await db.transaction((tx) => pass(tx))
    else await pass(db)
  } catch (error) {
    if (!(error instanceof Rollback)) {
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code
      // The unique keyed index, raced by another writer since the look-up.
      if (code !== '23505') throw error
      reject(rejectedRow(0, [issue('id_taken', 'id_no')]))
    }
  }
  if (rejectedCount) return { ok: false, rows, rejected, rejectedCount }
  return { ok: true, rows, written }
}

/**
 * Reads a roster CSV held in memory (a test, a small file) and applies it; see runRosterImport.
 * The server command streams its file through runRosterImport itself.
 */
export async function importRosterCsv(db: Database, deps: RosterDeps, csv: string | Buffer, now: Date, options: Partial<RosterImportOptions> = {}): Promise<RosterImport> {
  return runRosterImport(db, deps, Readable.from([typeof csv === 'string' ? Buffer.from(csv) : csv]), now, { newCompanies: 'create', apply: true, ...options })
}
