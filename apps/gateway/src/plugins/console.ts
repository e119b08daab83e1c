import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { htmlDocument } from '../lib/html'
import { builtFiles } from './portal'

/** The placeholder the console's build writes where the page's nonce goes (apps/console/vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = 'ESS_CONSOLE_CSP_NONCE'

/**
 * The console page's policy: its own files only, and inline <script> only with this answer's
 * nonce. Styles: its own files and inline styles. Ant Design's CSS-in-JS adds its style tags with
 * the nonce (`ConfigProvider csp`), but not everything on the page does: signing out, parts of
 * Refine and rc-util set style attributes and add <style> elements without it (the browser test
 * saw a dozen refusals, and the page drawn without them). A nonce in style-src would make browsers
 * ignore 'unsafe-inline', so style-src names none; scripts, where an injection would matter, keep
 * the nonce. Calls go to this origin only; never framed.
 */
export const consoleCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')

const notBuilt = htmlDocument({
  lang: 'en',
  title: 'Console not built',
  style: 'body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f2f3f5;padding:.1rem .3rem;border-radius:4px}',
  body: `<h1>运营控制台尚未构建 · The console is not built</h1>
<p>Build it from the repository root with <code>npm run build</code> (or <code>npm run build -w apps/console</code>,
then <code>node apps/gateway/scripts/precompress.mjs apps/console/dist</code>), or point <code>CONSOLE_DIR</code> at a built console.</p>`,
})

/**
 * The console's page: the built index.html with a fresh nonce in place of the build's placeholder,
 * named in this answer's Content-Security-Policy. A nonce is single-use by design, so the page is
 * never cached (its assets are, for a year: their names carry their hash).
 */
export function consolePage(consoleDir: string) {
  const index = path.join(consoleDir, 'index.html')
  let built: { mtimeMs: number; html: string } | undefined
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const file = await stat(index).catch(() => null)
    if (!file) return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notBuilt)
    if (built?.mtimeMs !== file.mtimeMs) built = { mtimeMs: file.mtimeMs, html: await readFile(index, 'utf8') }
    const nonce = randomBytes(18).toString('base64')
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', consoleCsp(nonce))
      .type('text/html; charset=utf-8')
      .send(built.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
  }
}

/**
 * Serves the built operator console (apps/console) at /console/: its page from `consolePage`, its
 * hashed assets with their brotli/gzip siblings (scripts/precompress.mjs) and a year's immutable
 * cache. Hash routes: every screen is the one page.
 */
export default fp<{ consoleDir: string }>(
  async (fastify, { consoleDir }) => {
    if (!existsSync(path.join(consoleDir, 'index.html'))) {
      fastify.log.warn(`No console at ${consoleDir}: "/console/" explains how to build it (npm run build)`)
    }
    // The portal's registration decorates the reply; the console's serves files only.
    await fastify.register(fastifyStatic, { ...builtFiles(consoleDir, '/console/'), decorateReply: false })
    const page = consolePage(consoleDir)
    fastify.get('/console/', { schema: { hide: true } }, page)
    fastify.get('/console/index.html', { schema: { hide: true } }, page)
    fastify.get('/console', { schema: { hide: true } }, (_request, reply) => reply.redirect('/console/', 301))
  },
  { name: 'console' },
)
