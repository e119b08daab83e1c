// Builds the mini-program (dist/weapp) for test/weapp when it is missing or its inputs changed:
// the portal's sources and build config, the contract, the lockfile and the build's settings
// (ESS_GATEWAY_URL, ESS_HEALTH_MINI_APPID, ESS_WELFARE_MINI_APPID, ESS_RETURN_URLS, ESS_WEBVIEW_URLS). A digest of
// those is kept beside the build (dist/weapp.inputs); `--force` builds regardless.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const portal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const root = path.resolve(portal, '../..')
const INPUTS = [
  path.join(portal, 'src'),
  path.join(portal, 'config'),
  path.join(portal, 'babel.config.js'),
  path.join(portal, 'package.json'),
  path.join(portal, 'project.config.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
  path.join(root, 'package-lock.json'),
]
const OUT = path.join(portal, 'dist/weapp')
const STAMP = path.join(portal, 'dist/weapp.inputs')

function files(entry) {
  if (!fs.existsSync(entry)) return []
  if (!fs.statSync(entry).isDirectory()) return [entry]
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => files(path.join(entry, name)))
}

const hash = createHash('sha256')
for (const name of ['ESS_GATEWAY_URL', 'ESS_HEALTH_MINI_APPID', 'ESS_WELFARE_MINI_APPID', 'ESS_RETURN_URLS', 'ESS_WEBVIEW_URLS']) hash.update(`${name}=${JSON.stringify(process.env[name] ?? null)}\n`)
for (const file of INPUTS.flatMap(files)) hash.update(`${path.relative(root, file)}\n`).update(fs.readFileSync(file))
const digest = hash.digest('hex')

const fresh = fs.existsSync(path.join(OUT, 'app.js')) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8').trim() === digest
if (fresh && !process.argv.includes('--force')) {
  console.log('dist/weapp is up to date with its inputs')
  process.exit(0)
}
const started = Date.now()
console.log('building dist/weapp (taro build --type weapp)…')
fs.rmSync(OUT, { recursive: true, force: true })
fs.rmSync(STAMP, { force: true })
const build = spawnSync('npm', ['run', 'build:weapp'], { cwd: portal, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
if (build.status !== 0) {
  process.stdout.write(build.stdout)
  process.stderr.write(build.stderr)
  console.error(`the weapp build failed (exit ${build.status})`)
  process.exit(1)
}
fs.writeFileSync(STAMP, `${digest}\n`)
console.log(`dist/weapp built in ${Math.round((Date.now() - started) / 1000)} s`)
