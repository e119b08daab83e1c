// `node scripts/bundle.mjs DIR` (after `npm run build`): the production install in DIR — the built
// apps and the gateway's runtime dependencies only, no build tool, no development dependency — that
// starts with `node apps/gateway/dist/server.js`. deploy/Dockerfile runs this same script, and
// scripts/bundle.test.mjs runs it in a temporary folder and serves from it, so they cannot drift.
//
// Why not `npm ci --omit=dev`: npm ci refuses lockfiles made on these machines (optional platform
// packages, GUIDE §2), and at the workspace root it would install every workspace's dependencies
// (Taro, React, Playwright…). So DIR gets a root package.json naming the gateway as its only
// workspace, the repository's lockfile (versions stay the tested ones; npm drops what no longer
// belongs), and `npm install --omit=dev`.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { root } from './lib.mjs'

const out = process.argv[2] && resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
if (!out) {
  console.error('usage: node scripts/bundle.mjs DIR   (after npm run build)')
  process.exit(2)
}
const gateway = join(root, 'apps/gateway')
for (const built of ['dist/server.js', 'dist/ops.js']) {
  if (!existsSync(join(gateway, built))) {
    console.error(`apps/gateway/${built} is missing: run npm run build first`)
    process.exit(1)
  }
}
if (existsSync(out) && readdirSync(out).length) {
  console.error(`${out} is not empty`)
  process.exit(1)
}
const started = Date.now()
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))
const rootManifest = readJson(join(root, 'package.json'))
const gatewayManifest = readJson(join(gateway, 'package.json'))

mkdirSync(join(out, 'apps/gateway'), { recursive: true })
// The gateway: its bundle (the contract is inside it: tsup's noExternal), the migrations applied at
// boot and the assets it reads; its package.json without the workspace-only and development entries.
for (const part of ['dist', 'migrations', 'assets']) cpSync(join(gateway, part), join(out, 'apps/gateway', part), { recursive: true })
const runtimeDependencies = Object.fromEntries(Object.entries(gatewayManifest.dependencies).filter(([name]) => !name.startsWith('@ess/')))
writeFileSync(
  join(out, 'apps/gateway/package.json'),
  JSON.stringify({ name: gatewayManifest.name, version: gatewayManifest.version, private: true, type: gatewayManifest.type, dependencies: runtimeDependencies }, null, 2),
)
// Every other app's build (the H5 portal, the console where it exists), where the gateway looks for
// it (beside apps/gateway); the mini-program's build is uploaded to WeChat, not served.
const apps = []
for (const app of readdirSync(join(root, 'apps'))) {
  const dist = join(root, 'apps', app, 'dist')
  if (app === 'gateway' || !existsSync(dist)) continue
  cpSync(dist, join(out, 'apps', app, 'dist'), { recursive: true, filter: (src) => src !== join(dist, 'weapp') })
  apps.push(app)
}
const ops = (command) => `node apps/gateway/dist/ops.js ${command}`
writeFileSync(
  join(out, 'package.json'),
  JSON.stringify(
    {
      name: rootManifest.name,
      version: rootManifest.version,
      private: true,
      workspaces: ['apps/gateway'],
      engines: rootManifest.engines,
      scripts: { start: 'node apps/gateway/dist/server.js', 'db:backup': ops('db:backup'), 'db:restore': ops('db:restore'), 'keys:rotate': ops('keys:rotate') },
    },
    null,
    2,
  ),
)
cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'))

// --prefer-offline: what the repository's own install left in npm's cache is used without asking the
// registry again. No install scripts run (npm 11's default; nothing the gateway needs has one).
const npm = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], { cwd: out, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
if (npm.status !== 0) {
  console.error(npm.stdout, npm.stderr)
  console.error(`npm install --omit=dev failed in ${out}`)
  process.exit(1)
}
// Source maps stay (stack traces of the bundle); npm's own record of the install stays too.
rmSync(join(out, 'node_modules/.cache'), { recursive: true, force: true })
console.log(`[bundle] ${out}: gateway + ${apps.join(', ') || 'no other app'}, runtime dependencies only, in ${Math.round((Date.now() - started) / 1000)} s`)
