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

export const health = defineCall({
  ...wire.health,
  summary: 'Liveness and readiness: the database answers a query and the KV store a ping',
  tags: ['system'],
  response: HealthSchema,
})
