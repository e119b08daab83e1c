import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/** Bundler output names carry a content hash before the extension: `js/app.3fA9_c1B.js`, `index-B1c2D3e4.css`. */
const HASHED_NAME = /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i
const IMMUTABLE = 'public, max-age=31536000, immutable'

export function cacheControlFor(file: string): string {
  const name = path.basename(file).replace(/\.(br|gz)$/, '')
  return name.endsWith('.html') || !HASHED_NAME.test(name) ? 'no-cache' : IMMUTABLE
}

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

/** The portal's page (hash routes: every page is index.html), or a page saying how to build it. */
export function portalPage(portalDir: string) {
  const index = path.join(portalDir, 'index.html')
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (existsSync(index)) return reply.sendFile('index.html')
    return reply.code(503).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(NOT_BUILT)
  }
}

/**
 * Serves the built H5 portal at `/`: brotli/gzip siblings made by scripts/precompress.mjs when the
 * client accepts them, hashed assets cached for a year, everything else revalidated.
 */
export default fp<{ portalDir: string }>(
  async (fastify, { portalDir }) => {
    if (!existsSync(path.join(portalDir, 'index.html'))) {
      fastify.log.warn(`No portal at ${portalDir}: "/" explains how to build it (npm run build)`)
    }
    await fastify.register(fastifyStatic, {
      root: portalDir,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      suppressWarning: true,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(file)),
    })
  },
  { name: 'portal' },
)
