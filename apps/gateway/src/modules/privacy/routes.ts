import { EXPORT_FORMATS, ErrorEnvelopeSchema, calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { authOf } from '../../plugins/auth'
import { DOWNLOAD_PATH, issueExport, records, redeemExport, summary, thirdParties, typeList, withdraw } from './service'

export default async function privacyRoutes(fastify: FastifyInstance) {
  const deps = { db: fastify.db, fieldCipher: fastify.fieldCipher, now: fastify.now }
  const sharing = { smtp: !!fastify.config.smtp, sms: false }

  registerCall(fastify, calls.privacyTypeList, async (request) => typeList(request.locale))
  registerCall(fastify, calls.privacyQuery, (request) => summary(fastify.db, authOf(request).userId, request.body.period, fastify.now(), request.locale))
  registerCall(fastify, calls.privacyRecords, (request) =>
    records(fastify.db, authOf(request).userId, request.query.type, request.query.period, fastify.now(), request.locale),
  )
  registerCall(fastify, calls.privacyThirdParties, async (request) => thirdParties(sharing, request.locale))
  registerCall(fastify, calls.exportMyData, (request) => issueExport(fastify.kv, authOf(request).userId, request.body.format))
  registerCall(fastify, calls.withdrawConsent, async (request) => {
    const { userId } = authOf(request)
    request.log.info({ origin: clientOrigin(request).client }, 'privacy consent withdrawn')
    return withdraw(fastify.db, userId, fastify.now())
  })

  // The download of an export: signed like every call, with the session, and the one-time token.
  fastify.route({
    method: 'GET',
    url: DOWNLOAD_PATH,
    config: { access: 'user' },
    schema: {
      summary: 'Downloads a copy of my data once (the link of privacy/exportMyData): JSON or PDF',
      tags: ['privacy'],
      querystring: z.object({ token: z.string().min(16).max(128) }),
      response: {
        200: {
          description: 'The copy, as an attachment, in the format its export asked for',
          content: { 'application/json': { schema: z.looseObject({}) }, 'application/pdf': { schema: z.string() } },
        },
        '4xx': ErrorEnvelopeSchema,
        '5xx': ErrorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const { userId } = authOf(request)
      const { token } = request.query as { token: string }
      const format = await redeemExport(fastify.kv, userId, token)
      // Loaded when someone downloads their data, with pdfkit (5 MB of heap a gateway need not hold).
      const { collectMyData, renderPdf } = await import('./export')
      const data = await collectMyData(deps, userId, request.locale)
      const day = data.exportedAt.slice(0, 10)
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff')
      if (format === EXPORT_FORMATS[0]) {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
          .send(JSON.stringify(data, null, 2))
      }
      const pdf = await renderPdf(data, request.locale)
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="my-data-${day}.pdf"`).send(pdf)
    },
  })
}
