import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'

export class DirLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `${lockFile} is held by process ${pid}: one PGlite data directory cannot be opened by two processes. ` +
        'Stop the other gateway, give this one another DATA_DIR, or set DATABASE_URL to use PostgreSQL ' +
        '(if no gateway is running, the file is stale: delete it).',
    )
    this.name = 'DirLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function tryCreate(lockFile: string): boolean {
  try {
    const fd = openSync(lockFile, 'wx', 0o600)
    writeSync(fd, String(process.pid))
    closeSync(fd)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Takes an exclusive lock file holding this process id. A lock left by a process that is gone is
 * taken over, and so is one bearing our own pid: in a container the gateway gets the same pid at
 * every start, so that lock is from a previous run. One held by another live process throws
 * DirLockedError. Returns the release function.
 */
export function acquireDirLock(lockFile: string): () => void {
  if (!tryCreate(lockFile)) {
    const holder = Number(readFileSync(lockFile, 'utf8').trim())
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DirLockedError(lockFile, holder)
    }
    unlinkSync(lockFile)
    if (!tryCreate(lockFile)) throw new DirLockedError(lockFile, Number(readFileSync(lockFile, 'utf8').trim()))
  }
  let released = false
  return () => {
    if (released) return
    released = true
    unlinkSync(lockFile)
  }
}
