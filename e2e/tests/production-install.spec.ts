import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort } from '../../apps/gateway/test/helpers/free-port'
import { NGINX, startShippedNginx } from '../../apps/gateway/test/helpers/nginx'
import { expectRoute, visitor, watchErrors } from './support'

// README "Installing for production": the built apps in a clean folder with the gateway's runtime
// dependencies only (scripts/bundle.mjs, the script deploy/Dockerfile runs), started with
// `node apps/gateway/dist/server.js` as production. A dependency the bundle needs but the gateway's
// package.json lists as development-only (or not at all) fails here. Where Debian's nginx is
// installed (CI), the portal is also opened through the shipped edge (deploy/nginx/nginx.conf: TLS,
// HTTP/2) in front of that gateway, as browsers reach a production install. Needs `npm run build`
// (the browser tests' `npm start` builds what is missing before any test runs).

const repo = resolve(__dirname, '../..')
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

test.describe.configure({ timeout: 360_000 })

let folder: string
let gateway: ChildProcess | undefined
test.afterAll(() => {
  gateway?.kill('SIGKILL')
  if (folder) rmSync(folder, { recursive: true, force: true })
})

test('the production install holds no development dependency, serves the portal and the API, and runs the operations commands', async ({ browser, page, request }) => {
  folder = mkdtempSync(join(tmpdir(), 'ess-install-'))
  const install = join(folder, 'app')
  execFileSync(process.execPath, [join(repo, 'scripts/bundle.mjs'), install], { stdio: 'pipe' })

  // Nothing a workspace needs only to build or test is there, and no source either.
  const manifests = [join(repo, 'package.json'), ...['apps', 'packages'].flatMap((d) => readdirSync(join(repo, d)).map((w) => join(repo, d, w, 'package.json')))].filter(existsSync)
  // What the gateway needs at run time: its own dependencies and theirs (sanitize-html needs postcss,
  // a dev dependency of the portal's build), read from every package the install holds.
  const installed = readdirSync(join(install, 'node_modules')).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(install, 'node_modules', name)).map((inner) => `${name}/${inner}`) : [name],
  )
  const runtime = new Set(Object.keys(readJson(join(install, 'apps/gateway/package.json')).dependencies))
  for (const name of installed) {
    const manifest = join(install, 'node_modules', name, 'package.json')
    if (!existsSync(manifest)) continue
    const { dependencies = {}, optionalDependencies = {} } = readJson(manifest)
    for (const needed of [...Object.keys(dependencies), ...Object.keys(optionalDependencies)]) runtime.add(needed)
  }
  // (Type packages excepted: a runtime library may list one as its own dependency, as pg-boss does @types/node.)
  const devOnly = [...new Set(manifests.flatMap((m) => Object.keys(readJson(m).devDependencies ?? {})))].filter((name) => !runtime.has(name) && !/^@(ess|types)\//.test(name))
  expect(devOnly.length).toBeGreaterThan(5)
  expect(devOnly.filter((name) => existsSync(join(install, 'node_modules', name)))).toEqual([])
  for (const name of ['@tarojs/taro', 'react', 'typescript', 'vitest', 'tsx', 'tsup', 'drizzle-kit', '@playwright/test']) expect(existsSync(join(install, 'node_modules', name)), name).toBe(false)
  expect(existsSync(join(install, 'apps/gateway/src'))).toBe(false)

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = join(folder, 'data')
  const env = { PATH: process.env.PATH!, HOME: process.env.HOME!, NODE_ENV: 'production', NOTIFIER: 'outbox', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '0' }
  const output: string[] = []
  gateway = spawn(process.execPath, ['apps/gateway/dist/server.js'], { cwd: install, env, stdio: ['ignore', 'pipe', 'pipe'] })
  gateway.stdout!.on('data', (b) => output.push(String(b)))
  gateway.stderr!.on('data', (b) => output.push(String(b)))
  await expect
    .poll(async () => (await request.get(`${base}/app/health`).catch(() => null))?.status() ?? (gateway!.exitCode !== null ? `exited: ${output.join('')}` : 0), { timeout: 240_000, intervals: [500] })
    .toBe(200)

  // The portal's home, with the real signed calls it makes, answered by the installed gateway.
  const errors = watchErrors(page)
  await visitor(page, 'en-US')
  await page.goto(`${base}/#/pages/home/index`)
  await expectRoute(page, 'pages/home/index', 'en-US')
  expect(errors).toEqual([])
  // Production: the /dev tools are not there.
  expect((await request.get(`${base}/dev/outbox.json`)).status()).toBe(404)
  // Each other app built (the console where it exists) is served under its own path.
  if (existsSync(join(install, 'apps/console/dist'))) expect((await request.get(`${base}/console/`)).status()).toBe(200)

  // Through the shipped edge (README "TLS and HTTP/2"): the page and its signed calls over HTTPS, in HTTP/2.
  if (existsSync(NGINX)) {
    const edge = await startShippedNginx(join(repo, 'deploy/nginx/nginx.conf'), [`127.0.0.1:${port}`])
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    try {
      const secure = await context.newPage()
      const secureErrors = watchErrors(secure)
      await visitor(secure, 'zh-CN')
      const document = await secure.goto(`${edge.https}/#/pages/home/index`)
      await expectRoute(secure, 'pages/home/index', 'zh-CN')
      expect((await document!.securityDetails())?.protocol).toMatch(/^TLS 1\.[23]$/)
      expect(await document!.headerValue('strict-transport-security')).toMatch(/max-age=\d+/)
      // The home's content came with the page; the services tab asks for its own (a signed call).
      const call = secure.waitForResponse((response) => /^\/app\/(?!media\/)/.test(new URL(response.url()).pathname))
      await secure.locator('.weui-tabbar__item').nth(1).click()
      await expectRoute(secure, 'pages/service/index', 'zh-CN')
      const answered = await call
      expect(answered.status()).toBe(200)
      const { pathname } = new URL(answered.url())
      expect(secureErrors).toEqual([])
      // nginx's log: every request it passed on (the document, files, the signed call) came in HTTP/2.
      const passed = (await edge.accessLog()).split('\n').filter((line) => line && !line.includes('upstream=- '))
      expect(passed.find((line) => line.includes('"GET / HTTP/2.0" 200 '))).toBeDefined()
      expect(passed.find((line) => line.includes(` ${pathname}`) && line.includes(' HTTP/2.0" 200 '))).toBeDefined()
      expect(passed.filter((line) => !line.includes(' HTTP/2.0" '))).toEqual([])
    } finally {
      await context.close()
      await edge.stop()
    }
  }

  gateway.kill('SIGTERM')
  await new Promise((r) => gateway!.once('exit', r))
  // The operations commands work from the install too (no tsx there): a backup with the keys.
  const said = execFileSync('npm', ['run', '--silent', 'db:backup', '--', join(folder, 'backup.tar'), '--with-keys'], { cwd: install, env, encoding: 'utf8' })
  expect(said).toMatch(/the embedded database .* keys of .* are in it/)
})
