import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { packageDir } from '../paths'
import { cacheControlFor, portalPage, withLaunchData } from './portal'
import { LAUNCH_DATA_MARK, calls, type LaunchData } from '@ess/contract'
import Fastify from 'fastify'
import { PAGES } from '../modules/cms/content'
import { publishPage } from '../modules/cms/service'
import { callApi, payloadOf } from '../../test/helpers/calls'

const script = path.join(packageDir, 'scripts/precompress.mjs')
const APP_JS = `console.log(${JSON.stringify('portal '.repeat(400))})\n`
const INDEX = `<!doctype html><html><head><script src="/js/app.Ab3dE_9x.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`

let portalDir: string
beforeAll(async () => {
  portalDir = await mkdtemp(path.join(os.tmpdir(), 'ess-portal-'))
  await mkdir(path.join(portalDir, 'js'))
  await writeFile(path.join(portalDir, 'index.html'), INDEX)
  await writeFile(path.join(portalDir, 'js/app.Ab3dE_9x.js'), APP_JS)
  await writeFile(path.join(portalDir, 'js/tiny.C0ffee12.js'), 'export{}')
  await writeFile(path.join(portalDir, 'favicon.ico'), Buffer.alloc(64, 1))
})
afterAll(() => rm(portalDir, { recursive: true, force: true }))

describe('scripts/precompress.mjs', () => {
  it('writes .br and .gz siblings of text files above 1 KB, and keeps them when up to date', () => {
    const first = execFileSync(process.execPath, [script, portalDir], { encoding: 'utf8' })
    expect(first).toMatch(/2 files .* 4 written, 0 up to date/)
    expect(zlib.brotliDecompressSync(readBinary('js/app.Ab3dE_9x.js.br')).toString()).toBe(APP_JS)
    expect(zlib.gunzipSync(readBinary('index.html.gz')).toString()).toBe(INDEX)
    expect(existsSync(path.join(portalDir, 'js/tiny.C0ffee12.js.br'))).toBe(false)
    expect(existsSync(path.join(portalDir, 'favicon.ico.br'))).toBe(false)

    const second = execFileSync(process.execPath, [script, portalDir], { encoding: 'utf8' })
    expect(second).toMatch(/0 written, 4 up to date/)
  })

  it('fails clearly on a missing directory', () => {
    expect(() => execFileSync(process.execPath, [script, path.join(portalDir, 'missing')], { stdio: 'pipe' })).toThrow(/not a directory/)
  })
})

const readBinary = (file: string) => readFileSync(path.join(portalDir, file))
const LAUNCH_BLOCK = /<script type="application\/json" id="ess-launch">(.*?)<\/script>/
const launchDataOf = (html: string) => JSON.parse(LAUNCH_BLOCK.exec(html)?.[1] ?? 'null') as LaunchData
const withoutLaunchData = (html: string) => html.replace(LAUNCH_BLOCK, '')

describe('the static portal', () => {
  let t: TestApp
  beforeAll(async () => {
    execFileSync(process.execPath, [script, portalDir])
    t = await buildTestApp({ env: { PORTAL_DIR: portalDir } })
  })
  afterAll(() => t.close())

  it('serves index.html at / with the launch floors written in, no-cache, brotli when accepted', async () => {
    const plain = await t.app.inject({ url: '/' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-type']).toMatch(/^text\/html/)
    expect(plain.headers['cache-control']).toBe('no-cache')
    expect(withoutLaunchData(plain.body)).toBe(INDEX)
    const data = launchDataOf(plain.body)
    expect(Object.keys(data.floors)).toEqual(['homepage'])
    expect(data.floors.homepage?.['zh-CN']?.floorList.map((f) => f.component)).toContain('banner')
    expect(data.floors.homepage?.['en-US']?.pageCode).toBe('homepage')
    // The banner's first picture, for a launch at home ('' is the first page).
    expect(data.preload['pages/home/index']).toEqual([expect.stringMatching(/^\/app\/media\/cms\/banner-payroll\.[0-9a-f]{12}\.svg$/)])
    expect(data.preload['']).toEqual(data.preload['pages/home/index'])
    expect((await t.app.inject({ url: data.preload['']![0]! })).statusCode).toBe(200)
    // The same data as the page call answers.
    expect(data.floors.homepage?.['en-US']).toEqual(payloadOf(await callApi(t.app, calls.cmsPage, { pageCode: 'homepage' }, { locale: 'en-US' })))

    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('no-cache')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect((await t.app.inject({ url: '/index.html' })).body).toBe(plain.body)
  })

  it('answers 304 to its ETag, and a new page with a new ETag once the home floors change', async () => {
    const first = await t.app.inject({ url: '/' })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const again = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')

    const zh = PAGES.homepage('zh-CN', [])
    const changed = zh.map((f) => (f.component === 'banner' ? { ...f, slides: f.slides.map((slide) => ({ ...slide, title: `${slide.title}</script><script>alert(1)</script>` })) } : f))
    expect(await publishPage(t.database.db, t.kv, 'homepage', { zh: changed, en: PAGES.homepage('en-US', []) })).toBe(true)
    const next = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } })
    expect(next.statusCode).toBe(200)
    expect(next.headers.etag).not.toBe(etag)
    const banner = launchDataOf(next.body).floors.homepage?.['zh-CN']?.floorList.find((f) => f.component === 'banner')
    expect(banner?.component === 'banner' && banner.slides[0]?.title).toMatch(/<\/script><script>alert\(1\)<\/script>$/)
    // No text of the CMS closes the data block: the page keeps exactly one script element more.
    expect(next.body.match(/<script/g)).toHaveLength(INDEX.match(/<script/g)!.length + 1)
  })

  it('serves hashed assets immutable for a year, precompressed when accepted', async () => {
    const gz = await t.app.inject({ url: '/js/app.Ab3dE_9x.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.statusCode).toBe(200)
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-type']).toMatch(/javascript/)
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(APP_JS)

    const plain = await t.app.inject({ url: '/js/tiny.C0ffee12.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('export{}')
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('revalidates files without a hash', async () => {
    const response = await t.app.inject({ url: '/favicon.ico' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('answers the portal page for other page paths, and 404 for a missing asset', async () => {
    const page = await t.app.inject({ url: '/some/page' })
    expect(page.statusCode).toBe(200)
    expect(withoutLaunchData(page.body)).toBe(INDEX)
    const asset = await t.app.inject({ url: '/js/missing.12345678.js' })
    expect(asset.statusCode).toBe(404)
    expect(asset.json()).toMatchObject({ errorCode: 'NOT_FOUND' })
  })

  it.each(['/js/..%2f..%2f..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/hosts', '/js/../../../../etc/hosts'])(
    'never serves a file outside the portal directory: %s',
    async (url) => {
      const response = await t.app.inject({ url })
      expect(response.statusCode).not.toBe(500)
      expect(response.body).not.toMatch(/root:|localhost/)
    },
  )
})

describe('the launch data in the page', () => {
  const data: LaunchData = { floors: {}, preload: { '': ['/app/media/cms/a.0123456789ab.svg'] } }
  it('takes the place of its mark, before the script that reads it; else ends the head; a page with neither is left as is', () => {
    const marked = withLaunchData(`<head><title>t</title>${LAUNCH_DATA_MARK}<script>read()</script><script type="module" src="/js/app.js"></script></head>`, data)
    expect(marked).toBe(`<head><title>t</title><script type="application/json" id="ess-launch">${JSON.stringify(data)}</script><script>read()</script><script type="module" src="/js/app.js"></script></head>`)
    expect(withLaunchData('<head><title>t</title></head><body></body>', data)).toBe(`<head><title>t</title><script type="application/json" id="ess-launch">${JSON.stringify(data)}</script></head><body></body>`)
    expect(withLaunchData('<p>no head</p>', data)).toBe('<p>no head</p>')
    // A `$&` in the CMS's texts is text, not a replacement pattern.
    expect(withLaunchData(LAUNCH_DATA_MARK, { floors: {}, preload: { '': ['$&$1'] } })).toContain('"$&$1"')
  })
})

describe('the portal page when the launch data cannot be read', () => {
  it('is served as built, and says so in the log', async () => {
    const warnings: unknown[] = []
    const app = Fastify()
    const page = portalPage(portalDir, () => Promise.reject(new Error('database down')))
    app.get('/', (request, reply) => {
      request.log.warn = (...args: unknown[]) => void warnings.push(args)
      return page(request, reply)
    })
    const response = await app.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(INDEX)
    expect(warnings).toHaveLength(1)
    await app.close()
  })
})

describe('without a built portal', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { PORTAL_DIR: path.join(portalDir, 'not-built') } })
  })
  afterAll(() => t.close())

  it('answers / with a page saying how to build the portal', async () => {
    const response = await t.app.inject({ url: '/' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('The portal is not built')
    expect(response.body).toContain('npm run build')
  })

  it('still answers the API', async () => {
    expect((await t.app.inject({ url: '/app/health' })).statusCode).toBe(200)
  })
})

describe('cache-control of a file name', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['index.html.br', 'no-cache'],
    ['js/app.3fA9_c1B.js', 'public, max-age=31536000, immutable'],
    ['js/app.3fA9_c1B.js.br', 'public, max-age=31536000, immutable'],
    ['css/app.b7e8f9a0.css', 'public, max-age=31536000, immutable'],
    ['static/png/logo.Zx81Qa2b.png', 'public, max-age=31536000, immutable'],
    ['favicon.ico', 'no-cache'],
    ['manifest.json', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected)
  })
})
