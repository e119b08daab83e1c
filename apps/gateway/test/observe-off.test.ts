// Metrics and traces off (no METRICS_PORT, no OTEL_EXPORTER_OTLP_ENDPOINT): a gateway process
// serves requests without loading prom-client or any OpenTelemetry module (issue 36). With them on,
// the same check sees them, so the check itself is known to work.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageDir } from '../src/paths'

const OBSERVABILITY = /[\\/]node_modules[\\/](prom-client|@opentelemetry|@fastify[\\/]otel|import-in-the-middle|require-in-the-middle)[\\/]/

/** Runs src/server.ts, makes a request, stops it with SIGTERM; the CommonJS files it loaded. */
async function modulesLoaded(dir: string, env: Record<string, string>): Promise<string[]> {
  const file = path.join(dir, `modules-${Object.keys(env).length}.txt`)
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/helpers/loaded-modules.mjs', 'src/server.ts'], {
    cwd: packageDir,
    // A busy CI machine lags: the overload refusal has its own test (overload.test.ts).
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', DATA_DIR: path.join(dir, `data-${Object.keys(env).length}`), LOADED_MODULES_FILE: file, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const exit = new Promise((resolve) => child.on('exit', resolve))
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      lines.push(chunk.toString())
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString())
      if (listening) resolve(listening[1])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exit.then(() => reject(new Error(`the gateway exited before listening:\n${lines.join('')}`)))
  })
  try {
    expect((await fetch(`${url}/app/health`)).status).toBe(200)
  } finally {
    child.kill('SIGTERM')
    await exit
  }
  return (await readFile(file, 'utf8')).split('\n')
}

describe('metrics and traces cost nothing when off', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ess-observe-off-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('loads no prom-client and no OpenTelemetry module when METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT are unset', async () => {
    const loaded = await modulesLoaded(dir, {})
    // The check sees CommonJS packages imported from ES modules: Fastify is one.
    expect(loaded.some((file) => /[\\/]node_modules[\\/]fastify[\\/]fastify\.js$/.test(file))).toBe(true)
    expect(loaded.filter((file) => OBSERVABILITY.test(file))).toEqual([])
  }, 120_000)

  it('loads them when both are set', async () => {
    // No collector listens there: the spans are dropped, the gateway serves all the same.
    const loaded = await modulesLoaded(dir, { METRICS_PORT: '0', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })
    const names = new Set(loaded.flatMap((file) => OBSERVABILITY.exec(file)?.[1] ?? []))
    expect(names).toContain('prom-client')
    expect(names).toContain('@opentelemetry')
    expect(names).toContain('@fastify/otel')
  }, 120_000)
})
