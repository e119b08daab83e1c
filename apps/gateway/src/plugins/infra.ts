import { mkdirSync } from 'node:fs'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { type Database, type DatabaseHandle, openDatabase } from '../db/client'
import { type FieldCipher, loadFieldCipher } from '../infra/crypto/field-cipher'
import { type HmacKey, loadHmacKey } from '../infra/crypto/hmac-key'
import { passwordWork } from '../infra/crypto/password-hash'
import { type PasswordKey, loadPasswordKey } from '../infra/crypto/password-key'
import { type Kv, openKv } from '../infra/kv'
import { type MessageQueue, createNotifier } from '../infra/notifier'
import { timedKv } from '../infra/kv/timed'
import { type WechatMini, wechatMini } from '../modules/wechat/wiring'
import { wechatSubscribeTransport } from '../modules/wechat/subscribe-transport'
import type { Metrics } from '../infra/observe/metrics'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
    db: Database
    kv: Kv
    passwordKey: PasswordKey
    fieldCipher: FieldCipher
    hmacKey: HmacKey
    /** The notifier port, with its queue's worker. */
    notifier: MessageQueue
    /** The mini-program's WeChat server API (sign-in, subscribe messages), and the fake's apps outside production. */
    wechatMini: WechatMini
    /** The Prometheus metrics when METRICS_PORT is set (plugins/metrics.ts serves them). */
    metrics: Metrics | undefined
    /** The clock of every expiry, lockout and timestamp the app decides on (tests move it). */
    now(): Date
  }
}

export interface InfraOptions {
  config: Config
  /** Ready-made stores (tests). The app closes only what it opened itself. */
  database?: DatabaseHandle
  kv?: Kv
  /** A clock of its own (tests); the system clock otherwise. */
  now?: () => Date
}

/** Opens the stores and keys of the config, migrates the database, and closes them with the app. */
export default fp<InfraOptions>(
  async (fastify, { config, now = () => new Date(), ...given }) => {
    mkdirSync(config.dataDir, { recursive: true })
    const reportIdle = (store: string) => (error: Error) => fastify.log.error({ err: error }, `${store} connection error`)

    const database = given.database ?? (await openDatabase(config, reportIdle('database')))
    fastify.addHook('onClose', async () => {
      if (!given.database) await database.close()
    })
    await database.migrate()

    const opened = given.kv ?? (await openKv(config.redisUrl, { prefix: 'ess:' }, reportIdle('kv')))
    fastify.addHook('onClose', async () => {
      if (!given.kv) await opened.close()
    })

    // Loaded only when asked for: with metrics off, no prom-client and nothing timed.
    const metrics = config.metrics ? (await import('../infra/observe/metrics')).createMetrics(database) : undefined
    if (metrics) database.observeQueries(metrics.observeDatabase)
    const kv = metrics ? timedKv(opened, metrics.observeKv) : opened

    const { keysDir } = config
    // Process-wide, like the thread pool the hashes run on.
    passwordWork.configure(config.passwordWork)
    const wechat = wechatMini(config, kv, now)
    const notifier = createNotifier({ database, config, now, log: fastify.log, wechat: wechat.api && wechatSubscribeTransport(wechat.api, fastify.log) })
    // The worker starts with the app (delivering what a stopped gateway left) and stops before the stores close.
    fastify.addHook('onReady', async () => notifier.start())
    fastify.addHook('onClose', async () => notifier.close())

    fastify
      .decorate('config', config)
      .decorate('database', database)
      .decorate('db', database.db)
      .decorate('kv', kv)
      .decorate('passwordKey', loadPasswordKey(keysDir))
      .decorate('fieldCipher', loadFieldCipher(keysDir))
      .decorate('hmacKey', loadHmacKey(keysDir))
      .decorate('metrics', metrics)
      .decorate('wechatMini', wechat)
      .decorate('now', now)
      .decorate('notifier', notifier)
  },
  { name: 'infra' },
)
