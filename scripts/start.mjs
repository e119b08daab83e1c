// `npm start`: builds what is missing or out of date (the H5 portal, the operator console, their
// precompressed assets and the gateway), then runs the gateway, which serves the portal, the
// console (/console/) and the API on one port.
// A build says one line (what, and how long it took); the compilers' own output goes to
// logs/build.log, printed in full if a build fails.
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isStale, root, run } from './lib.mjs'

const contract = ['packages/contract/src']
const portalSources = ['apps/portal/src', 'apps/portal/config', 'apps/portal/babel.config.js', 'apps/portal/package.json', ...contract]
const consoleSources = ['apps/console/src', 'apps/console/index.html', 'apps/console/vite.config.ts', 'apps/console/package.json', ...contract]
const gatewaySources = ['apps/gateway/src', 'apps/gateway/tsup.config.ts', 'apps/gateway/package.json', ...contract]

// Builds are production builds whatever NODE_ENV the gateway will run with (Taro's H5 build
// fails outright under NODE_ENV=test).
const buildEnv = { ...process.env, NODE_ENV: 'production' }
const logFile = join(root, 'logs', 'build.log')
const shownLog = relative(process.cwd(), logFile)
let log

/** Runs the commands of one build step with their output in the log; one line on the terminal. */
async function step(label, commands) {
  if (log === undefined) {
    mkdirSync(join(root, 'logs'), { recursive: true })
    log = openSync(logFile, 'w')
    console.log(`[start] compiler output: ${shownLog}`)
  }
  process.stdout.write(`[start] ${label}… `)
  const started = Date.now()
  try {
    for (const [cmd, args] of commands) {
      writeSync(log, `\n$ ${cmd} ${args.join(' ')}\n`)
      await run(cmd, args, { env: buildEnv, stdio: ['ignore', log, log] })
    }
  } catch (error) {
    process.stdout.write('failed\n')
    closeSync(log)
    process.stderr.write(readFileSync(logFile, 'utf8'))
    console.error(`\n[start] ${label} failed: ${error.message}. The output above is kept in ${shownLog}.`)
    process.exit(1)
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s\n`)
}

/**
 * The settings a portal build recorded, or undefined where there is no readable record (none yet, or a
 * build stopped while writing it): then the portal is built again rather than the start failing on it.
 */
function builtSettings(file) {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8'))
    return typeof record === 'object' && record !== null && !Array.isArray(record) ? record : undefined
  } catch {
    return undefined
  }
}

if (process.env.SKIP_BUILD !== '1') {
  const portalHtml = 'apps/portal/dist/h5/index.html'
  // The outer apps' keys and the allow-lists are built into the portal (README OUTER_APP_KEYS,
  // ESS_RETURN_URLS, ESS_WEBVIEW_URLS): a build made with other values is out of date too. The
  // build records the values it was made with (apps/portal/config/index.ts, recordBuildSettings).
  const settingsFile = join(root, 'apps/portal/dist/h5.build-settings.json')
  const built = builtSettings(settingsFile)
  const settingsChanged = !built || Object.entries(built).some(([name, value]) => (process.env[name] ?? '').trim() !== value)
  if (isStale(portalHtml, portalSources) || settingsChanged) {
    const why = isStale(portalHtml, []) ? 'first start: a minute or two' : settingsChanged ? 'its build settings changed' : 'its sources changed'
    await step(`building the portal (${why})`, [
      ['npm', ['run', 'build', '-w', 'apps/portal']],
      [process.execPath, ['apps/gateway/scripts/precompress.mjs', 'apps/portal/dist/h5']],
    ])
  }
  if (isStale('apps/console/dist/index.html', consoleSources)) {
    const why = isStale('apps/console/dist/index.html', []) ? 'first start: about a minute' : 'its sources changed'
    await step(`building the console (${why})`, [
      ['npm', ['run', 'build', '-w', 'apps/console']],
      [process.execPath, ['apps/gateway/scripts/precompress.mjs', 'apps/console/dist']],
    ])
  }
  if (isStale('apps/gateway/dist/server.js', gatewaySources)) {
    await step('building the gateway', [['npm', ['run', 'build', '-w', 'apps/gateway']]])
  }
  if (log !== undefined) closeSync(log)
}

// Password hashing (argon2id, 19 MiB each) runs on libuv's thread pool. Sized to the cores rather
// than libuv's default of 4, the hashes do not evict each other's memory from the caches: on the
// 2-core benchmark machine the raw verify rate went from ~260 to ~360 per second
// (bench/RESULTS.md). The gateway runs at most that many hashes at once (PASSWORD_HASH_CONCURRENCY,
// infra/crypto/password-work.ts); the one thread more keeps file reads and compression, which use
// the same pool, from waiting behind hashes during a sign-in storm. An operator's own
// UV_THREADPOOL_SIZE is kept.
const { spawn } = await import('node:child_process')
const { availableParallelism } = await import('node:os')
// Each hash mallocs its 19 MiB on a pool thread. glibc raises its mmap threshold to the size of any
// mapped block freed (up to 32 MiB), so from the second hash on each thread's arena kept those
// 19 MiB resident: a gateway taking sign-ins held ~20 MB more (soak on PostgreSQL + Redis: 149–151 MB
// of RSS against 129–130). A fixed threshold (glibc's MALLOC_MMAP_THRESHOLD_, in bytes) maps such
// blocks on their own and unmaps them when freed; the verify rate did not change (bench/RESULTS.md).
// Other C libraries ignore the variable. An operator's own value is kept.
const env = {
  ...process.env,
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(availableParallelism() + 1),
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? String(1024 * 1024),
}
// The gateway's JavaScript heap (GATEWAY_HEAP_MB, 0 = Node's own sizing). With Node's sizing the heap
// of a loaded gateway swung between 185 and 295 MB of RSS, the collector letting garbage pile up to
// a limit sized for the machine's 24 GiB; with a limit it holds flat under the same mixed load
// (bench/RESULTS.md, soak). The young generation is 4 MiB a semi-space: at 1 MiB a hot call (about
// 19 KB of garbage each) met a scavenge every ~54 calls, and with a loaded gateway's requests in flight
// so much survived that it was promoted and collected again by full collections (bench/gc.ts); the
// collector's share of a CPU profile fell from 8.4% to 6.3% of a cms call at 4 MiB (issue 37).
// The overload check refuses new requests at 90% of the limit (OVERLOAD_HEAP_PERCENT) rather than let
// the process run out of memory. An operator's NODE_OPTIONS naming either flag wins.
const heapMb = Number(process.env.GATEWAY_HEAP_MB ?? 192)
if (!Number.isInteger(heapMb) || heapMb < 0 || (heapMb > 0 && heapMb < 64)) {
  console.error(`GATEWAY_HEAP_MB: ${process.env.GATEWAY_HEAP_MB} is not a whole number of MiB, 64 or more (0 = Node's default)`)
  process.exit(1)
}
const nodeOptions = process.env.NODE_OPTIONS ?? ''
const v8Flags = heapMb === 0 ? [] : [
  ...(/--max-old-space-size/.test(nodeOptions) ? [] : [`--max-old-space-size=${heapMb}`]),
  ...(/--max-semi-space-size/.test(nodeOptions) ? [] : ['--max-semi-space-size=4']),
]
// Replace this process's work with the gateway; forward signals so SIGTERM shuts it down gracefully.
const gateway = spawn(process.execPath, [...v8Flags, 'apps/gateway/dist/server.js'], { cwd: root, stdio: 'inherit', env })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => gateway.kill(sig))
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
