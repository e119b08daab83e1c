// Runs `npm start` for the browser tests with a fresh data dir, removed afterwards.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'ess-e2e-'))
// Where this server keeps its data (KEYS_DIR in it): a spec that plays a provider's system signs
// its notices-API calls with the app secret the gateway made there (tests/notices.spec.ts).
const dataDirNote = join(tmpdir(), `ess-e2e-${process.env.PORT ?? 8080}.data-dir`)
writeFileSync(dataDirNote, dataDir)
const child = spawn('npm', ['start'], {
  stdio: 'inherit',
  // Every browser test calls from 127.0.0.1: the per-client limit of the public calls (600 a minute by
  // default, README) would cut the suite's two workers off; it has its own gateway test.
  // The pages are opened at 127.0.0.1: the third-party sign-in's stand-in and its return address too.
  env: {
    PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '100000',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 8080}`,
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // The console's tests sign in as the demo operators of /dev/operators.json.
    DEMO_OPERATORS: '1',
    LOG_LEVEL: 'warn',
  },
})
const stop = (sig) => child.kill(sig)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(dataDirNote, { force: true })
  process.exit(code ?? 0)
})
