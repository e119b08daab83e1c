import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Reads a secret file, creating it first with `create()` when missing. The folder is 0700 and the
 * file 0600; creation is exclusive, so two processes starting together end up with the same key.
 */
export function loadOrCreateKeyFile(file: string, create: () => string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    writeFileSync(file, create(), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(file, 'utf8')
}
