import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { clientOrigin } from '../../lib/client-origin'
import { registerCall } from '../../lib/call-route'
import { authOf } from '../../plugins/auth'
import { endAllSessions, endSession, refreshSession } from './service'

export default async function sessionRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.refreshToken, (request) =>
    refreshSession(fastify.db, fastify.kv, request.body.refreshToken, clientOrigin(request), fastify.now()),
  )

  registerCall(fastify, calls.logout, async (request) => ({ ended: await endSession(fastify.db, authOf(request), fastify.now()) }))

  registerCall(fastify, calls.signOut, async (request) => ({
    ended: await endAllSessions(fastify.db, authOf(request).userId, fastify.now()),
  }))
}
