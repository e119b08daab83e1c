import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import { count } from 'drizzle-orm'
import * as tar from 'tar'
import type { Config } from '../../config'
import { type DatabaseHandle, pgliteDatabase, postgresDatabase } from '../../db/client'
import { DirLockedError, acquireDirLock } from '../../db/dir-lock'
import { employee } from '../../db/schema'
import { fieldKeyIds, loadFieldCipher } from '../../infra/crypto/field-cipher'
import { loadHmacKey } from '../../infra/crypto/hmac-key'
import { packageVersion } from '../../paths'
import { idNoIndex, normaliseIdNo } from '../roster/identity'
import { sampleSealedValues } from './sealed-values'
import pg from 'pg'

/** A refusal of an operations command: its message is for the operator, no stack. */
export class OpsRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OpsRefusal'
  }
}

export type OpsConfig = Pick<Config, 'dataDir' | 'keysDir' | 'databaseUrl'>

export interface Manifest {
  format: 'ess-backup'
  version: 1
  createdAt: string
  gatewayVersion: string
  database: 'pglite' | 'postgresql'
  /** `included`, or where the operator said the keys are kept. */
  keys: { included: true } | { included: false; keptAt: string }
  fieldKeys: string[]
}

const MANIFEST = 'manifest.json'
const PGLITE_DUMP = 'pglite.tar.gz'
const KEYS = 'keys'

/** What an operator reads of a PostgreSQL URL: the password hidden. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '<DATABASE_URL>'
  }
}

const pglitePaths = (config: OpsConfig) => ({ dir: path.join(config.dataDir, 'pglite'), lock: path.join(config.dataDir, 'pglite.lock') })

/** The embedded database, locked against a gateway, or the refusal saying why not. */
function lockEmbedded(config: OpsConfig, doing: string): () => void {
  try {
    mkdirSync(config.dataDir, { recursive: true })
    return acquireDirLock(pglitePaths(config).lock)
  } catch (error) {
    if (!(error instanceof DirLockedError)) throw error
    throw new OpsRefusal(
      `A gateway holds the embedded database in ${config.dataDir} (${error.message.split(':')[0]}). PGlite is the database of one ` +
        `process, so ${doing} needs the gateway stopped (seconds: stop it, run this, start it again). ` +
        'A database that must stay up while it is backed up belongs on PostgreSQL (DATABASE_URL).',
    )
  }
}

function keyFiles(keysDir: string): string[] {
  return existsSync(keysDir) ? readdirSync(keysDir, { withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => e.name) : []
}

/**
 * `db:backup -- FILE`: one tar file holding a manifest, PGlite's dump of its data folder
 * (`dumpDataDir`: a consistent copy, taken while no gateway has the database open) and the keys
 * folder — or, on PostgreSQL, the keys and the `pg_dump` command to run beside it. Refuses unless
 * the keys go in (`withKeys`) or the operator names where they are kept: ID and bank-card numbers
 * cannot be read back without them.
 */
export async function backup(
  config: OpsConfig,
  file: string,
  keys: { included: true } | { included: false; keptAt: string } | undefined,
): Promise<string[]> {
  if (!keys) {
    throw new OpsRefusal(
      'A backup without its keys cannot give back the ID and bank-card numbers (they are encrypted with the keys in ' +
        `${config.keysDir}). Add --with-keys to put the keys in the backup (then keep the file as secret as the keys), ` +
        'or --keys-kept-elsewhere=WHERE to say where a copy of that folder is kept.',
    )
  }
  if (existsSync(file)) throw new OpsRefusal(`${file} exists: a backup never overwrites a file`)
  if (keys.included && !keyFiles(config.keysDir).length) throw new OpsRefusal(`${config.keysDir} holds no keys to put in the backup`)
  const manifest: Manifest = {
    format: 'ess-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    gatewayVersion: packageVersion,
    database: config.databaseUrl ? 'postgresql' : 'pglite',
    keys,
    fieldKeys: fieldKeyIds(config.keysDir).all,
  }
  const staging = await mkdtemp(path.join(os.tmpdir(), 'ess-backup-'))
  const lines: string[] = []
  try {
    const entries = [MANIFEST]
    if (!config.databaseUrl) {
      const release = lockEmbedded(config, 'a backup')
      try {
        const client = await PGlite.create(pglitePaths(config).dir)
        try {
          const dump = await client.dumpDataDir('gzip')
          writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()))
        } finally {
          await client.close()
        }
      } finally {
        release()
      }
      entries.push(PGLITE_DUMP)
    }
    if (keys.included) {
      mkdirSync(path.join(staging, KEYS), { mode: 0o700 })
      for (const name of keyFiles(config.keysDir)) writeFileSync(path.join(staging, KEYS, name), readFileSync(path.join(config.keysDir, name)), { mode: 0o600 })
      entries.push(KEYS)
    }
    writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2))
    await pipeline(tar.c({ cwd: staging, portable: true }, entries), createWriteStream(file, { flags: 'wx', mode: 0o600 }))
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  const keysLine = keys.included
    ? `the keys of ${config.keysDir} are in it: keep the file as secret as the keys`
    : `the keys are NOT in it: they are kept at ${keys.keptAt}`
  if (config.databaseUrl) {
    lines.push(
      `${file}: ${keysLine}. The database is PostgreSQL: back it up with pg_dump beside this file, e.g.`,
      `  pg_dump --format=custom --file=${file}.pgdump '${withoutPassword(config.databaseUrl)}'`,
      '(a consistent snapshot while the gateways keep running). Restore: pg_restore into an empty database, then npm run db:restore -- ' + file,
    )
  } else {
    lines.push(`${file}: the embedded database (PGlite dump of ${pglitePaths(config).dir}); ${keysLine}.`)
  }
  return lines
}

async function readBackup(file: string, into: string): Promise<Manifest> {
  if (!existsSync(file)) throw new OpsRefusal(`${file} does not exist`)
  try {
    await tar.x({ file, cwd: into, strict: true })
    const manifest = JSON.parse(readFileSync(path.join(into, MANIFEST), 'utf8')) as Manifest
    if (manifest.format !== 'ess-backup' || manifest.version !== 1) throw new Error('unknown format')
    return manifest
  } catch (error) {
    throw new OpsRefusal(`${file} is not a backup made by npm run db:backup (${(error as Error).message})`)
  }
}

/**
 * Opens a few sealed values of each column with the keys of `keysDir` and checks the ID numbers'
 * keyed index with its HMAC key: the proof that the keys open these data. Counts what it opened.
 */
async function sampleDecryption(database: DatabaseHandle, keysDir: string): Promise<{ opened: number; employees: number }> {
  const [{ employees }] = await database.db.select({ employees: count() }).from(employee)
  const samples = await sampleSealedValues(database.db)
  if (!samples.length) return { opened: 0, employees }
  let cipher
  try {
    cipher = loadFieldCipher(keysDir, { create: false })
  } catch (error) {
    throw new OpsRefusal(`the keys do not open the data: ${(error as Error).message}`)
  }
  if (!existsSync(path.join(keysDir, 'secret-hmac.key'))) throw new OpsRefusal(`the keys do not open the data: ${keysDir} has no secret-hmac.key (the index of ID numbers)`)
  const hmacKey = loadHmacKey(keysDir)
  const indexes = await database.db.select({ id: employee.id, idType: employee.idType, idNoIndex: employee.idNoIndex }).from(employee).limit(samples.length)
  for (const value of samples) {
    let plain: string
    try {
      plain = cipher.decrypt(value.sealed, value.context)
    } catch (error) {
      throw new OpsRefusal(`the keys do not open the data: ${value.where} (${(error as Error).message})`)
    }
    const row = indexes.find((r) => value.where === `employee.id_no:${r.id}`)
    if (row && idNoIndex(hmacKey, row.idType, normaliseIdNo(plain)) !== row.idNoIndex) {
      throw new OpsRefusal(`the keys do not open the data: the HMAC key does not give the index of ${value.where} (ID numbers typed would not be found)`)
    }
  }
  return { opened: samples.length, employees }
}

/** Copies the backup's keys into KEYS_DIR; a key of the same name with other bytes is a refusal. */
function installKeys(from: string, keysDir: string, dryRun: boolean): number {
  const names = readdirSync(from)
  for (const name of names) {
    const target = path.join(keysDir, name)
    if (existsSync(target) && !readFileSync(target).equals(readFileSync(path.join(from, name)))) {
      throw new OpsRefusal(`${keysDir} already holds another ${name}: restore into an empty keys folder (KEYS_DIR), or move that one away`)
    }
  }
  if (!dryRun) {
    mkdirSync(keysDir, { recursive: true, mode: 0o700 })
    for (const name of names) if (!existsSync(path.join(keysDir, name))) writeFileSync(path.join(keysDir, name), readFileSync(path.join(from, name)), { mode: 0o600 })
  }
  return names.length
}

/**
 * `db:restore -- FILE` into an empty data folder (PGlite), or, on PostgreSQL, after `pg_restore`
 * filled the database: puts the backup's keys in KEYS_DIR (or finds them there when they were kept
 * elsewhere) and says "done" only once a sample of the ID and bank-card numbers opened with them.
 * A restore whose keys do not open the data leaves nothing behind.
 */
export async function restore(config: OpsConfig, file: string): Promise<string[]> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'ess-restore-'))
  try {
    const manifest = await readBackup(file, staging)
    const stagedKeys = path.join(staging, KEYS)
    const keysDir = manifest.keys.included ? stagedKeys : config.keysDir
    if (manifest.keys.included) installKeys(stagedKeys, config.keysDir, true)
    else if (!existsSync(config.keysDir) || !keyFiles(config.keysDir).length) {
      throw new OpsRefusal(`${file} holds no keys (they were kept at ${manifest.keys.keptAt}): put that keys folder at ${config.keysDir} (KEYS_DIR) first`)
    }

    let database: DatabaseHandle
    let undo: () => Promise<void>
    if (manifest.database === 'pglite') {
      if (config.databaseUrl) throw new OpsRefusal(`${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR`)
      const { dir } = pglitePaths(config)
      const release = lockEmbedded(config, 'a restore')
      if (existsSync(dir) && (await readdir(dir)).length) {
        release()
        throw new OpsRefusal(`${dir} is not empty: a restore goes into an empty data folder (DATA_DIR), never over a database`)
      }
      let client
      try {
        client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(path.join(staging, PGLITE_DUMP))]) })
      } catch (error) {
        release()
        await rm(dir, { recursive: true, force: true })
        throw new OpsRefusal(`${file}: the database dump does not load (${(error as Error).message})`)
      }
      database = pgliteDatabase(client, release)
      undo = async () => rm(dir, { recursive: true, force: true })
    } else {
      if (!config.databaseUrl) throw new OpsRefusal(`${file} goes with a PostgreSQL dump: set DATABASE_URL to the database pg_restore filled`)
      database = postgresDatabase(new pg.Pool({ connectionString: config.databaseUrl, max: 2 }), () => {})
      undo = async () => {}
      const filled = await database.db.select({ n: count() }).from(employee).then(([r]) => r.n > 0, () => false)
      if (!filled) {
        await database.close()
        throw new OpsRefusal(
          `the database at ${withoutPassword(config.databaseUrl)} is empty: restore the PostgreSQL dump first, e.g.\n` +
            `  pg_restore --no-owner --dbname='${withoutPassword(config.databaseUrl)}' ${file}.pgdump\nthen run this again`,
        )
      }
    }
    let checked
    try {
      checked = await sampleDecryption(database, keysDir)
    } catch (error) {
      await database.close()
      await undo()
      throw error
    }
    await database.close()
    const keys = manifest.keys.included ? installKeys(stagedKeys, config.keysDir, false) : 0
    return [
      `done: ${manifest.database === 'pglite' ? `the embedded database of ${manifest.createdAt} is in ${pglitePaths(config).dir}` : `the database at ${withoutPassword(config.databaseUrl!)} checked`}` +
        (keys ? `, ${keys} key file(s) in ${config.keysDir}` : `, with the keys already in ${config.keysDir}`) +
        `; ${checked.opened} sealed value(s) of ${checked.employees} employee(s) opened with them.`,
    ]
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
