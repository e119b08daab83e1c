import { HEADERS, calls } from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { clientOrigin, signedHeader } from '../../lib/client-origin'
import { authenticate } from '../session/service'
import { type HelpDeps, type Voter, getVote, serviceContacts, vote } from './service'

export default async function helpRoutes(fastify: FastifyInstance) {
  const deps: HelpDeps = { db: fastify.db, kv: fastify.kv, now: fastify.now }

  /**
   * The help calls are public (a visitor reads the help center too): a call carrying a live
   * session votes as its user, any other as its device. An expired token is not refused here (the
   * page is open to visitors); the vote then counts for the device.
   */
  async function voterOf(request: FastifyRequest): Promise<Voter> {
    const token = signedHeader(request, HEADERS.token)
    const auth = token ? await authenticate(fastify.db, fastify.accessCache, token, fastify.now()) : undefined
    if (auth) return { userId: auth.userId }
    const origin = clientOrigin(request)
    return { deviceId: origin.deviceId, ip: origin.ip }
  }

  registerCall(fastify, calls.helpVote, async (request) => getVote(deps.db, await voterOf(request as unknown as FastifyRequest), request.query.informationId))
  registerCall(fastify, calls.helpFeedback, async (request) => vote(deps, await voterOf(request as unknown as FastifyRequest), request.body.informationId, request.body.helpful))
  registerCall(fastify, calls.serviceContacts, async (request) => serviceContacts(fastify.config.servicePhone, fastify.config.assistantApiUrl, request.locale))
}
