import type { Health, HealthReady } from '@ess/contract'
import type { DatabaseHandle } from '../../db/client'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { packageVersion } from '../../paths'

const CHECK_TIMEOUT_MS = 2000

function withinTimeout(check: Promise<void>, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer))
}

/** The database answers a query and the KV store a ping; SERVICE_UNAVAILABLE otherwise. */
async function checkStores(database: DatabaseHandle, kv: Kv): Promise<void> {
  const results = await Promise.allSettled([withinTimeout(database.ping(), 'database'), withinTimeout(kv.ping(), 'kv')])
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
  if (failures.length) throw new AppError('SERVICE_UNAVAILABLE', { cause: new AggregateError(failures, 'health check failed') })
}

/** The stores answer; with the version and uptime (the original probe, kept as it was). */
export async function checkHealth(database: DatabaseHandle, kv: Kv): Promise<Health> {
  await checkStores(database, kv)
  return {
    status: 'ok',
    version: packageVersion,
    database: database.kind,
    kv: kv.kind,
    uptimeS: Math.round(process.uptime()),
  }
}

/** Readiness: not draining, and the stores answer; SERVICE_UNAVAILABLE otherwise. */
export async function checkReady(database: DatabaseHandle, kv: Kv, draining: boolean): Promise<HealthReady> {
  if (draining) throw new AppError('SERVICE_UNAVAILABLE', { cause: new Error('draining') })
  await checkStores(database, kv)
  return { status: 'ready', database: database.kind, kv: kv.kind }
}
