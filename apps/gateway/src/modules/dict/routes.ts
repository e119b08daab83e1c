import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { getDictionary } from './service'

export default async function dictRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.dictList, (request) => getDictionary(fastify.db, request.query.type, request.locale))
}
