import { ok } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { backgroundDeliveriesSettled } from '../../infra/notifier/background'
import { listOutboxMessages } from '../../infra/notifier/outbox'
import { PAGE_CSP } from '../../lib/html'
import { STAND_IN_MOUNT } from '../third-party/wiring'
import type { OAuthStandIn, StandInClient } from './oauth-stand-in'
import { outboxPage } from './page'
import { operatorsPage } from './operators-page'
import { readDevOperators } from '../operator/dev-operators'
import { TOTP_PERIOD_S, totpCode } from '../operator/totp'
import { type WechatFakeApp, wechatFake } from './wechat-fake'
import { WECHAT_FAKE_MOUNT } from '../wechat/wiring'

const OutboxQuery = z.object({
  to: z.string().trim().min(1).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

const DelayQuery = z.object({ ms: z.coerce.number().int().min(0).max(15_000).default(1000) })

/**
 * Tools for a person trying the portal and for tests, registered only outside production:
 * the notifier's outbox (HTML and JSON), a deliberately slow answer (to see loading states), and
 * the local stand-in of the third-party sign-in providers (WeChat, QQ, Weibo) under /dev/oauth, and
 * the fake of WeChat's server API for the mini-program's sign-in under /dev/wechat, and the console's
 * demo operators with their secrets and current TOTP codes (/dev/operators, /dev/operators.json).
 */
export default async function devRoutes(fastify: FastifyInstance, options: { oauthStandInClients?: StandInClient[]; wechatFakeApps?: WechatFakeApp[] } = {}) {
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

  // The demo operators of the console (seeded in development) with a current TOTP code each.
  const demoOperators = async () =>
    Promise.all(
      readDevOperators(fastify.config.dataDir).map(async (o) => ({
        ...o,
        code: await totpCode(o.totpSecret, fastify.now()),
        // Also taken now (one step of drift is allowed): a second sign-in need not wait for the next step.
        nextCode: await totpCode(o.totpSecret, new Date(fastify.now().getTime() + TOTP_PERIOD_S * 1000)),
      })),
    )

  app.get('/dev/operators', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(operatorsPage(await demoOperators(), '/console/')),
  )

  app.get('/dev/operators.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send(ok(await demoOperators())))

  app.get('/dev/delay', { schema: { hide: true, querystring: DelayQuery } }, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, request.query.ms))
    return ok({ delayedMs: request.query.ms })
  })

  if (options.wechatFakeApps?.length) {
    // The WeChat server fake the mini-program's sign-in talks to when no WeChat app is configured.
    await fastify.register(wechatFake(options.wechatFakeApps).plugin, { prefix: WECHAT_FAKE_MOUNT })
  }

  const clients = options.oauthStandInClients ?? []
  if (clients.length) {
    // Made on the first request (tests and people who never use it pay nothing), from a module
    // loaded only here: a production gateway never loads the authorization server library.
    let standIn: Promise<OAuthStandIn> | undefined
    const load = () =>
      (standIn ??= import('./oauth-stand-in').then(({ oauthStandIn }) => oauthStandIn({ origin: fastify.config.publicUrl, mountPath: STAND_IN_MOUNT, clients })))
    await fastify.register(async (scope) => {
      // The stand-in reads its own request bodies (its forms and token requests).
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
      scope.all(`${STAND_IN_MOUNT}/*`, { schema: { hide: true } }, async (request, reply) => {
        const handler = await load()
        reply.hijack()
        handler.handle(request.raw, reply.raw)
      })
    })
  }
}
