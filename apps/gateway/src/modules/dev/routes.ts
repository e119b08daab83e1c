import { ok } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { backgroundDeliveriesSettled } from '../../infra/notifier/background'
import { listOutboxMessages } from '../../infra/notifier/outbox'
import { PAGE_CSP } from '../../lib/html'
import { outboxPage } from './page'

const OutboxQuery = z.object({
  to: z.string().trim().min(1).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

const DelayQuery = z.object({ ms: z.coerce.number().int().min(0).max(15_000).default(1000) })

/**
 * Tools for a person trying the portal and for tests, registered only outside production:
 * the notifier's outbox (HTML and JSON) and a deliberately slow answer (to see loading states).
 */
export default async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/dev/outbox', { schema: { hide: true, querystring: OutboxQuery } }, async (request, reply) => {
    await backgroundDeliveriesSettled()
    const messages = await listOutboxMessages(fastify.db, request.query)
    return reply
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(outboxPage(messages, request.query.to))
  })

  app.get('/dev/outbox.json', { schema: { hide: true, querystring: OutboxQuery } }, async (request, reply) => {
    await backgroundDeliveriesSettled()
    const messages = await listOutboxMessages(fastify.db, request.query)
    return reply.header('cache-control', 'no-store').send(ok(messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }))))
  })

  app.get('/dev/delay', { schema: { hide: true, querystring: DelayQuery } }, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, request.query.ms))
    return ok({ delayedMs: request.query.ms })
  })
}
