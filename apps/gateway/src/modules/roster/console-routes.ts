import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import { ROSTER_IMPORT_MAX_BYTES, type RosterImportReport, consoleRosterCalls as calls } from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/app-error'
import { registerConsoleCall } from '../../lib/console-route'
import { chinaDay } from '../../lib/throttle'
import { CSV_BOM, csvLine } from '../audit/csv'
import { recordAudit } from '../audit/record'
import { userChanged } from '../session/user-stamp'
import { editEmployee, employeeOf, endEmployment, findEmployeeRow, listCompanies, recordOf, rosterBatches, searchEmployees } from './employees'
import { maskIdNo } from './identity'
import { type RosterImport, runRosterImport } from './import'
import type { RosterDeps, RosterWrite } from './queries'
import type { Database } from '../../db/client'
import { ROSTER_COLUMNS } from './rows'

export interface RosterConsoleOptions {
  /** The gateway's DATA_DIR: an uploaded file is spooled under it for the length of its call. */
  dataDir: string
}

/** A spooled upload left by a crash is removed after this long. */
const SPOOL_MAX_AGE_MS = 60 * 60_000
const EXPORT_BATCH = 1000

interface Spooled {
  file: string
  sha256: string
  bytes: number
  fields: Record<string, string>
}

type MultipartPart = { type: 'file'; fieldname: string; file: Readable & { truncated?: boolean } } | { type: 'field'; fieldname: string; value: unknown }

/**
 * Writes the multipart upload's `file` to a file of the spool directory as it arrives (hashing
 * it): the file is never whole in memory. Fields before the file are kept (the apply's `sha256`).
 */
async function spool(request: FastifyRequest, dir: string): Promise<Spooled> {
  const raw = request as unknown as { isMultipart(): boolean; parts(): AsyncIterable<MultipartPart> }
  if (!raw.isMultipart()) throw new AppError('ROSTER_FILE_MISSING')
  const fields: Record<string, string> = {}
  let spooled: Spooled | null = null
  for await (const part of raw.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value)
      continue
    }
    if (part.fieldname !== 'file' || spooled) {
      part.file.resume()
      continue
    }
    const file = path.join(dir, `${randomUUID()}.csv`)
    const hash = createHash('sha256')
    let bytes = 0
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        bytes += chunk.length
        done(null, chunk)
      },
    })
    try {
      await pipeline(part.file, tap, createWriteStream(file, { mode: 0o600 }))
    } catch (error) {
      await rm(file, { force: true })
      throw error
    }
    if (part.file.truncated) {
      await rm(file, { force: true })
      throw new AppError('ROSTER_FILE_TOO_LARGE')
    }
    spooled = { file, sha256: hash.digest('hex'), bytes, fields: { ...fields } }
  }
  if (!spooled) throw new AppError('ROSTER_FILE_MISSING')
  return spooled
}

async function sweep(dir: string, now: Date) {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (info && now.getTime() - info.mtimeMs > SPOOL_MAX_AGE_MS) await rm(file, { force: true })
  }
}

const reportOf = (spooled: Spooled, result: RosterImport): RosterImportReport => ({
  sha256: spooled.sha256,
  bytes: spooled.bytes,
  rows: result.rows,
  rejectedCount: result.ok ? 0 : result.rejectedCount,
  rejected: result.ok ? [] : result.rejected.map(({ line, issues }) => ({ line, issues })),
  written: result.ok ? result.written : null,
})

/**
 * The roster manager's console calls: /app/console/roster (packages/contract/src/console/roster.ts).
 *
 * The import: the file is uploaded twice, once to check it and once to apply it (the console sends
 * the same file again with the SHA-256 of its check; another file is refused). Nothing is kept on
 * the server between the two calls: no roster lingers on a disk, and the apply may land on another
 * gateway than the check. Each upload is spooled to a file under DATA_DIR for the length of its
 * call only, and read from there as a stream.
 */
export default async function rosterConsoleRoutes(fastify: FastifyInstance, options: RosterConsoleOptions) {
  const deps: RosterDeps = { fieldCipher: fastify.fieldCipher, hmacKey: fastify.hmacKey }
  const spoolDir = path.join(options.dataDir, 'roster-uploads')
  await mkdir(spoolDir, { recursive: true, mode: 0o700 })
  await sweep(spoolDir, fastify.now())

  const renew = async (users: string[]) => {
    for (const user of new Set(users)) await userChanged(fastify.kv, user)
  }

  await fastify.register(async (upload) => {
    await upload.register(multipart, { limits: { files: 1, fields: 2, fileSize: ROSTER_IMPORT_MAX_BYTES, parts: 3 } })

    registerConsoleCall(upload, calls.consoleRosterImportCheck, async (request) => {
      const spooled = await spool(request as unknown as FastifyRequest, spoolDir)
      try {
        const result = await runRosterImport(upload.db, deps, createReadStream(spooled.file), upload.now(), { newCompanies: 'refuse', apply: false })
        return reportOf(spooled, result)
      } finally {
        await rm(spooled.file, { force: true })
      }
    })

    registerConsoleCall(upload, calls.consoleRosterImportApply, async (request) => {
      const spooled = await spool(request as unknown as FastifyRequest, spoolDir)
      try {
        if (spooled.fields.sha256 !== spooled.sha256) throw new AppError('ROSTER_FILE_CHANGED')
        const endedUsers: string[] = []
        // The audit row is written in the import's own transaction: one transaction for all.
        const onApplied = (tx: Database, rows: number, written: RosterWrite) =>
          recordAudit(tx, request as unknown as FastifyRequest, { action: 'roster.import', resourceType: 'roster', resourceId: spooled.sha256, before: null, after: { bytes: spooled.bytes, rows, ...written } })
        const result = await runRosterImport(upload.db, deps, createReadStream(spooled.file), upload.now(), { newCompanies: 'refuse', apply: true, endedUsers, onApplied })
        if (result.ok) await renew(endedUsers)
        return reportOf(spooled, result)
      } finally {
        await rm(spooled.file, { force: true })
      }
    })
  })

  registerConsoleCall(fastify, calls.consoleRosterCompanies, () => listCompanies(fastify.db))

  registerConsoleCall(fastify, calls.consoleRosterList, async (request) => {
    const { page, pageSize, ...search } = request.query
    const found = await searchEmployees(fastify.db, deps, search, page, pageSize, fastify.now())
    // A look-up by ID number is a look-up of a person: in the log (the number masked).
    if (search.idNo) {
      await fastify.db.transaction((tx) =>
        recordAudit(tx, request as unknown as FastifyRequest, { action: 'roster.search', resourceType: 'employee', before: null, after: { idNo: maskIdNo(search.idNo!.toUpperCase()), found: found.total } }),
      )
    }
    return found
  })

  registerConsoleCall(fastify, calls.consoleRosterShow, async (request) => {
    const row = await findEmployeeRow(fastify.db, request.params.id)
    await fastify.db.transaction((tx) => recordAudit(tx, request as unknown as FastifyRequest, { action: 'roster.view', resourceType: 'employee', resourceId: row.id, before: null, after: null }))
    return employeeOf(fastify.fieldCipher, row, fastify.now())
  })

  registerConsoleCall(fastify, calls.consoleRosterEdit, async (request) => {
    const { id } = request.params
    const outcome = await fastify.db.transaction(async (tx) => {
      const edited = await editEmployee(tx, deps, id, request.body, fastify.now())
      if (edited.ok && edited.changed) {
        await recordAudit(tx, request as unknown as FastifyRequest, {
          action: 'roster.edit',
          resourceType: 'employee',
          resourceId: id,
          before: edited.before,
          after: { ...edited.after, ...(edited.endedUsers.length ? { verificationEnded: true } : {}) },
        })
      }
      return edited
    })
    if (!outcome.ok) return { employee: null, issues: outcome.issues, verificationEnded: false }
    await renew(outcome.endedUsers)
    return { employee: employeeOf(fastify.fieldCipher, await findEmployeeRow(fastify.db, id), fastify.now()), issues: [], verificationEnded: outcome.endedUsers.length > 0 }
  })

  registerConsoleCall(fastify, calls.consoleRosterEnd, async (request) => {
    const { id } = request.params
    const { endedOn, reason } = request.body
    const now = fastify.now()
    if (endedOn > chinaDay(now)) throw new AppError('ROSTER_END_DATE_INVALID')
    const { endedUsers } = await fastify.db.transaction(async (tx) => {
      const ended = await endEmployment(tx, id, endedOn, reason, now)
      await recordAudit(tx, request as unknown as FastifyRequest, {
        action: 'roster.employment_end',
        resourceType: 'employee',
        resourceId: id,
        before: { employmentEndedOn: null },
        after: { employmentEndedOn: endedOn, verificationEnded: ended.endedUsers.length > 0 },
        reason,
      })
      return ended
    })
    await renew(endedUsers)
    return employeeOf(fastify.fieldCipher, await findEmployeeRow(fastify.db, id), fastify.now())
  })

  registerConsoleCall(fastify, calls.consoleRosterExport, async (request, reply) => {
    const { companyCode } = request.query
    // Who took a copy of the roster, and of which company, is in the log before the copy leaves.
    await fastify.db.transaction((tx) =>
      recordAudit(tx, request as unknown as FastifyRequest, { action: 'roster.export', resourceType: 'roster', resourceId: companyCode ?? null, before: null, after: { companyCode: companyCode ?? null } }),
    )
    const db = fastify.db
    const cipher = fastify.fieldCipher
    async function* lines() {
      yield CSV_BOM + csvLine(ROSTER_COLUMNS)
      for await (const batch of rosterBatches(db, companyCode, EXPORT_BATCH)) {
        yield batch
          .map((row) => {
            const record = recordOf(cipher, row)
            return csvLine(ROSTER_COLUMNS.map((c) => record[c]))
          })
          .join('')
      }
    }
    const day = chinaDay(fastify.now())
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="roster-${companyCode ? `${companyCode}-` : ''}${day}.csv"`)
      .header('cache-control', 'no-store')
    return reply.send(Readable.from(lines()))
  })
}
