import { calls, isLocale } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { registerCall } from '../../lib/call-route'
import { EMBEDDABLE_PAGE_HEADERS } from '../../lib/html'
import { clientOrigin } from '../../lib/client-origin'
import { authOf } from '../../plugins/auth'
import { getAppAgreements, renderAgreement } from './service'
import { getUserAgreements, signAgreements } from './signatures'

export default async function agreementRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.getAppAgreements, (request) =>
    getAppAgreements(fastify.db, request.query.type, request.locale, fastify.now()),
  )

  registerCall(fastify, calls.getUserAgreements, (request) =>
    getUserAgreements(fastify.db, authOf(request).userId, request.locale, fastify.now()),
  )

  registerCall(fastify, calls.signAgreements, async (request) => {
    const { userId } = authOf(request)
    const now = fastify.now()
    await signAgreements(fastify.db, userId, request.body.agreementIds, clientOrigin(request), now)
    return getUserAgreements(fastify.db, userId, request.locale, now)
  })

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/app/agreements/:code/:version',
    {
      schema: {
        summary: 'Readable HTML page of an agreement version (the agreementUrl of getAppAgreements)',
        tags: ['agreement'],
        params: z.object({ code: z.string().max(64), version: z.string().max(32) }),
        querystring: z.object({ lang: z.string().max(16).optional().describe('zh-CN or en-US; else accept-language') }),
        // A page anyone may read, linked from the sign-up and the signed calls' answers.
        security: [],
        response: {
          200: { description: 'The page of that version', content: { 'text/html': { schema: z.string() } } },
          404: { description: 'No such agreement or version: a page saying so', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { lang } = request.query
      const page = await renderAgreement(fastify.db, {
        ...request.params,
        locale: isLocale(lang) ? lang : request.locale,
        servicePhone: fastify.config.servicePhone,
      }, fastify.now())
      return reply
        .code(page.found ? 200 : 404)
        // Shown in the portal's web view (an iframe on the web): the document headers' DENY refused it.
        .headers(EMBEDDABLE_PAGE_HEADERS)
        .header('cache-control', page.found ? 'public, max-age=3600' : 'no-cache')
        .header('vary', 'accept-language')
        .type('text/html; charset=utf-8')
        .send(page.html)
    },
  )
}
