import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LAUNCH_DATA_ID, LAUNCH_DATA_MARK, type LaunchData } from '@ess/contract'
import { CachedAnswer } from '../lib/cached-answer'
import { sha256Hex } from '../lib/digest'

/** Bundler output names carry a content hash before the extension: `js/app.3fA9_c1B.js`, `index-B1c2D3e4.css`. */
const HASHED_NAME = /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function cacheControlFor(file: string): string {
  const name = path.basename(file).replace(/\.(br|gz)$/, '')
  return name.endsWith('.html') || !HASHED_NAME.test(name) ? 'no-cache' : IMMUTABLE
}

/**
 * @fastify/static's options for a built app's files: their brotli/gzip siblings when accepted,
 * hashed names cached for a year and the rest revalidated; no index (each app serves its page).
 */
export const builtFiles = (root: string, prefix: string) => ({
  root,
  prefix,
  preCompressed: true,
  cacheControl: false,
  suppressWarning: true,
  setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => reply.header('cache-control', cacheControlFor(file)),
  index: false as const,
})

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Portal not built</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f2f3f5;padding:.1rem .3rem;border-radius:4px}</style>
</head><body>
<h1>门户尚未构建 · The portal is not built</h1>
<p>The gateway is running (<a href="/app/health">/app/health</a>, API docs at <a href="/app/docs">/app/docs</a>), but it found no portal page to serve.</p>
<p>Build it from the repository root with <code>npm run build</code> (or <code>npm run build -w apps/portal</code>,
then <code>node apps/gateway/scripts/precompress.mjs apps/portal/dist/h5</code>), or point <code>PORTAL_DIR</code> at a built H5 portal.</p>
</body></html>
`

/**
 * The page with the launch's data written in as a JSON data block (never run as a script, so the
 * Content-Security-Policy is unchanged) in place of its mark (LAUNCH_DATA_MARK: before the page's
 * script that reads it), else at the end of its head: `<` is escaped so no text of the CMS can close
 * the block. A page without either is served as built.
 */
export function withLaunchData(html: string, data: LaunchData): string {
  const block = `<script type="application/json" id="${LAUNCH_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
  if (html.includes(LAUNCH_DATA_MARK)) return html.replace(LAUNCH_DATA_MARK, () => block)
  const at = html.indexOf('</head>')
  if (at < 0) return html
  return `${html.slice(0, at)}${block}${html.slice(at)}`
}

/**
 * The portal's page (hash routes: every page is index.html), or a page saying how to build it.
 * The built index.html gets the launch's data (`launch`: the home page's floors, whose largest
 * paint then waits on no call; the same object while they do not change); made again when the
 * file or the data object change, compressed once per
 * version (CachedAnswer), revalidated by its ETag. When the data cannot be read (the database is
 * down), the page is served without it and the app asks for the floors itself.
 */
export function portalPage(portalDir: string, launch?: () => Promise<LaunchData>) {
  const index = path.join(portalDir, 'index.html')
  let made: { mtimeMs: number; data: LaunchData | undefined; answer: CachedAnswer; etag: string } | undefined
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const file = await stat(index).catch(() => null)
    if (!file) return reply.code(503).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(NOT_BUILT)
    const data = await launch?.().catch((error: unknown) => {
      request.log.warn({ err: error }, 'portal page served without its launch data')
      return undefined
    })
    // The same data object while the floors stand (modules/cms/launch.ts): compared, not serialised, per request.
    if (!made || made.mtimeMs !== file.mtimeMs || made.data !== data) {
      const built = await readFile(index, 'utf8')
      const html = data ? withLaunchData(built, data) : built
      made = { mtimeMs: file.mtimeMs, data, answer: new CachedAnswer(html, 'text/html; charset=utf-8'), etag: `"${sha256Hex(html).slice(0, 32)}"` }
    }
    reply.header('cache-control', 'no-cache').header('etag', made.etag)
    if (request.headers['if-none-match'] === made.etag) return reply.code(304).send()
    return made.answer.send(request, reply)
  }
}

/**
 * Serves the built H5 portal at `/`: its page from `page`; the other files with their brotli/gzip
 * siblings made by scripts/precompress.mjs when the client accepts them, hashed assets cached for a
 * year, everything else revalidated.
 */
export default fp<{ portalDir: string; page: ReturnType<typeof portalPage> }>(
  async (fastify, { portalDir, page }) => {
    if (!existsSync(path.join(portalDir, 'index.html'))) {
      fastify.log.warn(`No portal at ${portalDir}: "/" explains how to build it (npm run build)`)
    }
    // The page itself is `page`, with the launch's data written in.
    await fastify.register(fastifyStatic, builtFiles(portalDir, '/'))
    // The page negotiates its own encoding (CachedAnswer): @fastify/compress's hooks would only look at it.
    fastify.get('/', { schema: { hide: true }, compress: false }, page)
    fastify.get('/index.html', { schema: { hide: true }, compress: false }, page)
  },
  { name: 'portal' },
)
