// `npm start`: builds what is missing or out of date (the H5 portal, its precompressed assets and
// the gateway), then runs the gateway, which serves the portal and the API on one port.
import { isStale, root, run } from './lib.mjs'

const contract = ['packages/contract/src']
const portalSources = ['apps/portal/src', 'apps/portal/config', 'apps/portal/babel.config.js', 'apps/portal/package.json', ...contract]
const gatewaySources = ['apps/gateway/src', 'apps/gateway/tsup.config.ts', 'apps/gateway/package.json', ...contract]

// Builds are production builds whatever NODE_ENV the gateway will run with (Taro's H5 build
// fails outright under NODE_ENV=test).
const buildEnv = { env: { ...process.env, NODE_ENV: 'production' } }

if (process.env.SKIP_BUILD !== '1') {
  if (isStale('apps/portal/dist/h5/index.html', portalSources)) {
    console.log('[start] building the H5 portal…')
    await run('npm', ['run', 'build', '-w', 'apps/portal'], buildEnv)
    await run('node', ['apps/gateway/scripts/precompress.mjs', 'apps/portal/dist/h5'], buildEnv)
  }
  if (isStale('apps/gateway/dist/server.js', gatewaySources)) {
    console.log('[start] building the gateway…')
    await run('npm', ['run', 'build', '-w', 'apps/gateway'], buildEnv)
  }
}

// Password hashing (argon2id, 19 MiB each) runs on libuv's thread pool. Sized to the cores rather
// than libuv's default of 4, the hashes do not evict each other's memory from the caches: on the
// 2-core benchmark machine the raw verify rate went from ~260 to ~360 per second
// (bench/RESULTS.md). An operator's own UV_THREADPOOL_SIZE is kept.
const { spawn } = await import('node:child_process')
const { availableParallelism } = await import('node:os')
const env = { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(availableParallelism()) }
// Replace this process's work with the gateway; forward signals so SIGTERM shuts it down gracefully.
const gateway = spawn(process.execPath, ['apps/gateway/dist/server.js'], { cwd: root, stdio: 'inherit', env })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => gateway.kill(sig))
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
