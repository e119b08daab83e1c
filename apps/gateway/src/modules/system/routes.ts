import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { checkHealth, checkReady } from './service'

export default async function systemRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.health, () => checkHealth(fastify.database, fastify.kv))
  registerCall(fastify, calls.healthLive, async () => ({ status: 'ok' as const, uptimeS: Math.round(process.uptime()) }))
  // Migrations are applied before any route is registered (plugins/infra.ts): a gateway that answers has them.
  registerCall(fastify, calls.healthReady, () => checkReady(fastify.database, fastify.kv, fastify.draining))
}
