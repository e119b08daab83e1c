import type { FastifyBaseLogger } from 'fastify'
import { loadConfig } from '../../src/config'
import type { DatabaseHandle } from '../../src/db/client'
import { createNotifier } from '../../src/infra/notifier'

export { standinSettings as smsProviderEnv } from '../../src/modules/dev/sms-standins'

const noop = () => {}
/** A logger that drops everything (queue and adapter tests). */
export const silentLog = { level: 'silent', fatal: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop, silent: noop, child: () => silentLog } as unknown as FastifyBaseLogger

/** The notifier a gateway with these settings makes (NODE_ENV=test on top), on the test's clock. */
export const notifierOf = (database: DatabaseHandle, env: Record<string, string> = {}, now: () => Date = () => new Date()) =>
  createNotifier({ database, config: loadConfig({ NODE_ENV: 'test', ...env }), now, log: silentLog })

