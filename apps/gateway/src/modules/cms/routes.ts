import { ErrorEnvelopeSchema, calls, callUrl, successEnvelope } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { registerCall } from '../../lib/call-route'
import { MEDIA_FILES, PAGES } from './content'
import { findMedia } from './media'
import { draftPage } from './pages-console'
import { checkPreviewToken } from './preview'
import { PageCache, informationDetail, informationTree, invalidatePages } from './service'

export default async function cmsRoutes(fastify: FastifyInstance, { pages: cache }: { pages: PageCache }) {
  // The start-up seed may just have published new demo floors (in its transaction, without the KV):
  // gateways already running against the same KV drop their cached pages once.
  await invalidatePages(fastify.kv, Object.keys(PAGES))

  // The page read answers its cached envelope as is (no per-request serialisation nor compression).
  const call = calls.cmsPage
  fastify.route({
    method: call.method,
    url: callUrl(call),
    // The answer negotiates its own encoding (CachedAnswer): @fastify/compress's hooks would only look at it.
    compress: false,
    config: { access: call.access, reagreeExempt: false },
    schema: {
      summary: call.summary,
      tags: call.tags,
      querystring: call.query,
      response: { 200: successEnvelope(call.response), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { pageCode } = request.query as { pageCode: string }
      const answer = await cache.read(pageCode, request.locale)
      return answer.send(request, reply)
    },
  })
  // A page's draft for a preview link of the console (signed, short-lived); never cached.
  registerCall(fastify, calls.cmsPreview, (request) => {
    checkPreviewToken(fastify.hmacKey, request.query.token, request.query.pageCode, fastify.now())
    return draftPage(fastify.db, request.query.pageCode, request.locale === 'en-US')
  })
  registerCall(fastify, calls.informationTree, (request) => informationTree(fastify.db, request.locale))
  registerCall(fastify, calls.informationDetail, (request) => informationDetail(fastify.db, request.query.id, request.locale))

  // Uploaded images (console), by the SHA-256 of their bytes: immutable for a year. An SVG is served
  // with a policy that lets nothing run or load, whatever slipped past the upload's check.
  fastify.get('/app/media/cms/u/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(?:png|jpg|webp|svg)$/) }) } }, async (request, reply) => {
    const [sha256, extension] = (request.params as { file: string }).file.split('.')
    const media = await findMedia(fastify.db, sha256)
    if (!media || media.extension !== extension) throw new AppError('NOT_FOUND')
    return reply
      .header('content-type', media.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(media.bytes)
  })

  // The shipped images under content-hashed names (content.ts): immutable for a year.
  fastify.get('/app/media/cms/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.[0-9a-f]{12}\.svg$/) }) } }, async (request, reply) => {
    const bytes = MEDIA_FILES.get((request.params as { file: string }).file)
    if (!bytes) throw new AppError('NOT_FOUND')
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(bytes)
  })
}
