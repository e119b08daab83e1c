import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Reads a secret file, creating it first with `create()` when missing. The folder is 0700 and the
 * file 0600. A present file is only read (the folder may be a read-only mount shared by several
 * gateways, KEYS_DIR). A new file is written whole under a temporary name, then linked to its name,
 * which fails when it exists: of several processes starting together on one folder, one key wins
 * and none reads a half-written file.
 */
export function loadOrCreateKeyFile(file: string, create: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    writeFileSync(temporary, create(), { flag: 'wx', mode: 0o600 })
    try {
      linkSync(temporary, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      rmSync(temporary, { force: true })
    }
  }
  return readFileSync(file, 'utf8')
}

/** A 256-bit key kept base64 in a key file (made at first start, loadOrCreateKeyFile); throws when the file holds another size. */
export function loadOrCreate256BitKey(file: string): Buffer {
  const key = Buffer.from(loadOrCreateKeyFile(file, () => randomBytes(32).toString('base64')).trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`)
  return key
}
