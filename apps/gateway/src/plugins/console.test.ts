import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { CSP_NONCE_PLACEHOLDER } from './console'

let t: TestApp
let dir: string
const page = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/console/assets/index-AbCd1234.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`

beforeAll(async () => {
  // A built console as Vite writes it: the page with the nonce placeholder, a hashed asset and its brotli sibling.
  dir = await mkdtemp(path.join(os.tmpdir(), 'ess-console-dist-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), page)
  await writeFile(path.join(dir, 'assets/index-AbCd1234.js'), 'console.log("console")'.repeat(100))
  await writeFile(path.join(dir, 'assets/index-AbCd1234.js.br'), 'brotli bytes')
  t = await buildTestApp({ env: { CONSOLE_DIR: dir } })
})
afterAll(async () => {
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the console at /console/', () => {
  it('serves its page with a fresh nonce in each answer, named by a policy without unsafe-inline, never cached', async () => {
    const first = await t.app.inject({ url: '/console/' })
    const second = await t.app.inject({ url: '/console/' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toContain('text/html')
    expect(first.headers['cache-control']).toBe('no-store')
    const nonce = /nonce="([^"]+)"/.exec(first.body)?.[1] ?? ''
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/)
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER)
    expect(first.body.match(new RegExp(`nonce="${nonce.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(2)
    const policy = String(first.headers['content-security-policy'])
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`)
    expect(policy).toContain("style-src 'self' 'unsafe-inline'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(/nonce="([^"]+)"/.exec(second.body)?.[1]).not.toBe(nonce)
    expect(first.headers['x-frame-options']).toBe('DENY')
  })

  it('serves hashed assets immutable, precompressed when accepted', async () => {
    const plain = await t.app.inject({ url: '/console/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const br = await t.app.inject({ url: '/console/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.body).toBe('brotli bytes')
  })

  it('sends /console to /console/ and keeps the console out of the OpenAPI', async () => {
    const bare = await t.app.inject({ url: '/console' })
    expect(bare.statusCode).toBe(301)
    expect(bare.headers.location).toBe('/console/')
    const doc = (await t.app.inject({ url: '/app/docs/json' })).json()
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/console'))).toEqual([])
  })
})

describe('a gateway without a built console', () => {
  it('says how to build it', async () => {
    const bare = await buildTestApp()
    try {
      const answer = await bare.app.inject({ url: '/console/' })
      expect(answer.statusCode).toBe(503)
      expect(answer.body).toContain('npm run build')
    } finally {
      await bare.close()
    }
  })
})
