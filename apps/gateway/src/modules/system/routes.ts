import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { checkHealth } from './service'

export default async function systemRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.health, () => checkHealth(fastify.database, fastify.kv))
}
