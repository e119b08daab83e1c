import { consoleDashboard } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerConsoleCall } from '../../lib/console-route'
import { dashboard } from './service'

/** The console's dashboard: /app/console/dashboard (packages/contract/src/console/dashboard.ts). */
export default async function dashboardConsoleRoutes(fastify: FastifyInstance) {
  registerConsoleCall(fastify, consoleDashboard, () => dashboard({ db: fastify.db, kv: fastify.kv, now: fastify.now }))
}
