import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DirLockedError, acquireDirLock } from './dir-lock'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ess-lock-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('PGlite directory lock', () => {
  it('writes this process id and removes the file on release', () => {
    const file = path.join(dir, 'a.lock')
    const release = acquireDirLock(file)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
    release()
    expect(existsSync(file)).toBe(false)
  })

  it('refuses a lock held by another live process, naming it', async () => {
    const file = path.join(dir, 'b.lock')
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      writeFileSync(file, String(other.pid))
      expect(() => acquireDirLock(file)).toThrow(DirLockedError)
      expect(() => acquireDirLock(file)).toThrow(new RegExp(`held by process ${other.pid}`))
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that is gone', async () => {
    const file = path.join(dir, 'c.lock')
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => gone.on('exit', resolve))
    writeFileSync(file, String(gone.pid))
    const release = acquireDirLock(file)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
  })
})
