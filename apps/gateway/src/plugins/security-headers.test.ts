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

  it('API answers and errors carry them too', async () => {
    for (const url of ['/app/health', '/app/user/api/no-such-call']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'")
    }
  })

  it('pages the gateway renders keep their own stricter policy; the API docs theirs', async () => {
    const agreement = await t.app.inject({ method: 'GET', url: '/app/agreements/no-such/1.0' })
    expect(agreement.headers['content-security-policy']).toBe(PAGE_CSP)
    const docs = await t.app.inject({ method: 'GET', url: '/app/docs' })
    expect(docs.statusCode).toBe(200)
    expect(String(docs.headers['content-security-policy'])).toMatch(/img-src 'self' data: validator\.swagger\.io/)
  })
})
