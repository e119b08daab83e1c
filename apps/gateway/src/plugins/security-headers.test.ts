import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { PAGE_CSP } from '../lib/html'
import { PERMISSIONS_POLICY } from './security-headers'

const INLINE = '!function(n){n.document.documentElement.style.fontSize="20px"}(window);'
let t: TestApp
let portalDir: string
beforeAll(async () => {
  portalDir = await mkdtemp(path.join(os.tmpdir(), 'ess-portal-'))
  await writeFile(path.join(portalDir, 'index.html'), `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/js/app.js"></script></head><body></body></html>`)
  t = await buildTestApp({ env: { PORTAL_DIR: portalDir } })
})
afterAll(async () => {
  await t.close()
  await rm(portalDir, { recursive: true, force: true })
})

describe('security headers', () => {
  it('the portal page: a policy allowing its own scripts and exactly its inline one, no framing, nosniff, referrer and permissions policies, HSTS', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' })
    expect(page.statusCode).toBe(200)
    const csp = String(page.headers['content-security-policy'])
    const hash = createHash('sha256').update(INLINE).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'permissions-policy': PERMISSIONS_POLICY,
      'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
    })
  })

  it("the API's answers and their refusals: the API headers only (OWASP REST), not stored by any cache", async () => {
    const health = await t.app.inject({ method: 'GET', url: '/app/health' })
    // A matched call refused before its handler: no signature.
    const refused = await t.app.inject({ method: 'GET', url: '/app/user/api/dict/list?type=phoneRegion' })
    expect(refused.statusCode).toBe(401)
    for (const response of [health, refused]) {
      expect(response.headers).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-site',
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      })
      for (const documentOnly of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(response.headers[documentOnly], documentOnly).toBeUndefined()
      }
    }
  })

  it('a path no route answers gets the document headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/user/api/no-such-call' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'permissions-policy': PERMISSIONS_POLICY })
  })

  it('pages the gateway renders keep their own stricter policy; the API docs theirs', async () => {
    const agreement = await t.app.inject({ method: 'GET', url: '/app/agreements/no-such/1.0' })
    // An agreement is shown in the portal's web view (an iframe of its page on the web): framed by
    // the gateway's own pages only.
    expect(agreement.headers['content-security-policy']).toBe(`${PAGE_CSP}; frame-ancestors 'self'`)
    expect(agreement.headers['x-frame-options']).toBe('SAMEORIGIN')
    // A page: the document headers besides its own policy.
    expect(agreement.headers).toMatchObject({ 'referrer-policy': 'strict-origin-when-cross-origin', 'permissions-policy': PERMISSIONS_POLICY })
    const docs = await t.app.inject({ method: 'GET', url: '/app/docs' })
    expect(docs.statusCode).toBe(200)
    expect(String(docs.headers['content-security-policy'])).toMatch(/img-src 'self' data: validator\.swagger\.io/)
  })
})
