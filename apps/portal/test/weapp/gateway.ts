import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const GATEWAY_DIR = path.resolve(__dirname, '../../../gateway')

export interface Gateway {
  url: string
  /** Stops the process (SIGTERM, then waits for it) and removes its data folder. */
  stop(): Promise<void>
}

/**
 * The real gateway (src/server.ts through tsx, as `npm run dev` runs it) on a free loopback port,
 * with a fresh data folder and its demo data, the way apps/gateway/test/helpers/process.ts starts one.
 */
export async function startGateway(): Promise<Gateway> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ess-weapp-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: GATEWAY_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '0',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      // (types/ declares the Taro build variables on ProcessEnv; the gateway has none of them)
    } as Record<string, string | undefined> as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line)
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
        if (listening) resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    void exited.then(() => reject(new Error(`the gateway exited before listening:\n${lines.slice(-20).join('\n')}`)))
  })
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
