import { ErrorEnvelopeSchema, calls, ok, successEnvelope } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { authenticateApp, loadAppSecret, registerApp } from '../grant/service'
import { HEALTH_MINI_APP_ID, issueHandback, quickLogin } from './service'

export const HANDBACK_PATH = '/app/sso/grant/handback'

export default async function ssoRoutes(fastify: FastifyInstance) {
  await registerApp(fastify.db, HEALTH_MINI_APP_ID, 'Health mini-program', loadAppSecret(fastify.config.keysDir, 'health-mini.secret'))

  registerCall(fastify, calls.ssoLogin, (request) => quickLogin(fastify.db, request.query, clientOrigin(request), fastify.now()))

  // The partner's server asks for a hand-back token (HTTP Basic with its app credentials; not signed).
  fastify.route({
    method: 'POST',
    url: HANDBACK_PATH,
    config: { serverToServer: true },
    schema: {
      summary: 'Server-to-server: the health mini-program (HTTP Basic) gets a one-time quick-login token for a user',
      tags: ['sso'],
      body: z.object({ userId: z.string().uuid() }),
      response: { 200: successEnvelope(z.object({ token: z.string(), expiresIn: z.number().int() })), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      const appId = await authenticateApp(fastify.db, request.headers.authorization)
      return ok(await issueHandback(fastify.db, appId, (request.body as { userId: string }).userId, fastify.now()))
    },
  })
}
