import { z } from 'zod'
import { defineCall } from './define'
import { wire } from './wire'

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  kv: z.enum(['memory', 'redis']),
  uptimeS: z.number(),
})
export type Health = z.infer<typeof HealthSchema>

/** The process answers (an orchestrator's liveness probe: restart it when this fails). */
export const HealthLiveSchema = z.object({ status: z.literal('ok'), uptimeS: z.number() })
export type HealthLive = z.infer<typeof HealthLiveSchema>

/** Ready for traffic (a load balancer's or orchestrator's readiness probe). */
export const HealthReadySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  kv: z.enum(['memory', 'redis']),
})
export type HealthReady = z.infer<typeof HealthReadySchema>

export const healthLive = defineCall({
  ...wire.healthLive,
  summary: 'Liveness: the process answers (still 200 while it drains); restart it when this fails',
  tags: ['system'],
  response: HealthLiveSchema,
})

export const healthReady = defineCall({
  ...wire.healthReady,
  summary: 'Readiness: migrations applied, the database and the KV store answer, not draining; 503 SERVICE_UNAVAILABLE otherwise',
  tags: ['system'],
  response: HealthReadySchema,
})

export const health = defineCall({
  ...wire.health,
  summary: 'Liveness and readiness: the database answers a query and the KV store a ping',
  tags: ['system'],
  response: HealthSchema,
})
