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

// Replace this process's work with the gateway; forward signals so SIGTERM shuts it down gracefully.
const { spawn } = await import('node:child_process')
const gateway = spawn(process.execPath, ['apps/gateway/dist/server.js'], { cwd: root, stdio: 'inherit' })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => gateway.kill(sig))
gateway.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
