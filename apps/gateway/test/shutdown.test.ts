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
  /** The first line (printed so far or later) that matches, or undefined when the process exited first. */
  line(pattern: RegExp): Promise<string | undefined>
}

/** Runs src/server.ts as `npm start` would, on PGlite in `dataDir`, on a free port. */
function startServer(dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const waiting: Array<{ pattern: RegExp; resolve: (line: string | undefined) => void }> = []
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const read = (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(text)
      for (const w of waiting.filter((w) => w.pattern.test(text))) {
        waiting.splice(waiting.indexOf(w), 1)
        w.resolve(text)
      }
    }
  }
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  void exit.then(() => waiting.splice(0).forEach((w) => w.resolve(undefined)))
  const line = (pattern: RegExp) =>
    new Promise<string | undefined>((resolve) => {
      const seen = lines.find((l) => pattern.test(l))
      if (seen !== undefined || child.exitCode !== null) resolve(seen)
      else waiting.push({ pattern, resolve })
    })
  const url = line(/Server listening at http:\/\//).then((l) => l && /(http:\/\/[^"\s]+)/.exec(l)?.[1])
  return { child, lines, url, exit, line }
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

  it('says where the portal, the outbox, the docs and the data are once ready, and logs a request in one line', async () => {
    const port = new URL(url).port
    expect(await server.line(/Ctrl\+C stops it/)).toBeDefined()
    const banner = server.lines.join('\n')
    expect(banner).toContain(`ESS portal is ready: http://localhost:${port}/#/pages/home/index`)
    expect(banner).toMatch(new RegExp(`dev outbox +http://localhost:${port}/dev/outbox`))
    expect(banner).toMatch(new RegExp(`API docs +http://localhost:${port}/app/docs`))
    expect(banner).toMatch(new RegExp(`database +embedded PostgreSQL \\(PGlite\\) in ${path.join(dataDir, 'pglite')}`))
    expect(banner).toMatch(new RegExp(`data folder +${dataDir}`))
    // development logs are lines for a person, not JSON records
    expect(server.lines.some((l) => l.startsWith('{'))).toBe(false)

    expect((await fetch(`${url}/app/health?probe=secret`)).status).toBe(200)
    expect(await server.line(/INFO: GET \/app\/health 200 \(\d+ ms\)$/)).toBeDefined()
    expect(server.lines.join('\n')).not.toContain('secret')
    expect(server.lines.some((l) => l.includes('incoming request'))).toBe(false)
  }, 30_000)

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
    const signalled = performance.now()
    server.child.kill('SIGTERM')

    const response = await inFlight
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: { data: unknown } }).data.data).toEqual({ delayedMs: 1500 })
    expect(await server.exit).toBe(0)
    // Within the 10 s a load balancer or an orchestrator gives before its SIGKILL.
    expect(performance.now() - signalled).toBeLessThan(10_000)
    expect(server.lines.some((line) => /INFO: closing .*"signal":"SIGTERM"/.test(line))).toBe(true)
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
    await expect(fetch(`${url}/app/health`)).rejects.toThrow()
  }, 30_000)
})
