import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageDir } from '../src/paths'

interface Started {
  child: ChildProcess
  lines: string[]
  /** The listening URL, or undefined when the process exited first. */
  url: Promise<string | undefined>
  exit: Promise<number | null>
}

/** Runs src/server.ts as `npm start` would, on PGlite in `dataDir`, on a free port. */
function startServer(dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = new Promise<string | undefined>((resolve) => {
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line)
        const listening = /Server listening at (http:\/\/[^"]+)/.exec(line)
        if (listening) resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    void exit.then(() => resolve(undefined))
  })
  return { child, lines, url, exit }
}

describe('the server process', () => {
  let dataDir: string
  let server: Started
  let url: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-server-'))
    server = startServer(dataDir)
    const listening = await server.url
    if (!listening) throw new Error(`the server did not start:\n${server.lines.join('\n')}`)
    url = listening
  }, 60_000)
  afterAll(async () => {
    server.child.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('holds the PGlite directory: a second server on it stops with a clear message', async () => {
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true)
    const second = startServer(dataDir)
    expect(await second.exit).toBe(1)
    expect(await second.url).toBeUndefined()
    expect(second.lines.join('\n')).toContain(`held by process ${server.child.pid}`)
    expect((await fetch(`${url}/app/health`)).status).toBe(200)
  }, 60_000)

  it('on SIGTERM finishes the request in flight, closes the stores and exits 0', async () => {
    const inFlight = fetch(`${url}/dev/delay?ms=1500`)
    await new Promise((resolve) => setTimeout(resolve, 400))
    server.child.kill('SIGTERM')

    const response = await inFlight
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: { data: unknown } }).data.data).toEqual({ delayedMs: 1500 })
    expect(await server.exit).toBe(0)
    expect(server.lines.some((line) => line.includes('"signal":"SIGTERM"'))).toBe(true)
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
    await expect(fetch(`${url}/app/health`)).rejects.toThrow()
  }, 30_000)
})
