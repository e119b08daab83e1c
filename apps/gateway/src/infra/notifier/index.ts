import type { FastifyBaseLogger } from 'fastify'
import type { Config, SmsSettings } from '../../config'
import type { DatabaseHandle } from '../../db/client'
import type { Transport } from './delivery'
import type { QueueChannel } from './notifier'
import { signAndTemplate } from './sms/parameters'
import { type MessageQueue, createMessageQueue } from './queue'
import { smtpTransport } from './smtp'

export type { MessageQueue } from './queue'
export type { Channel, QueueChannel, DeliveryOutcome, Notifier, OutgoingMessage, SendOptions, SentMessage } from './notifier'

/**
 * The configured SMS provider's adapter, its SDK loaded at the first message: a gateway holds only
 * the SDK it uses, and none before it sends (each SDK is 4–9 MB of heap; bench/RESULTS.md).
 */
function smsTransport(sms: SmsSettings, timeoutMs: number): Transport {
  let adapter: Promise<Transport> | undefined
  const load = () =>
    sms.provider === 'aliyun'
      ? import('./sms/aliyun').then(({ aliyunSms }) => aliyunSms({ ...sms, timeoutMs }))
      : import('./sms/tencent').then(({ tencentSms }) => tencentSms({ ...sms, timeoutMs }))
  return {
    name: sms.provider,
    check: (message) => {
      signAndTemplate(sms, message.template, message.to)
    },
    deliver: async (message) => (await (adapter ??= load())).deliver(message),
  }
}

export interface NotifierOptions {
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>
  config: Pick<Config, 'nodeEnv' | 'smtp' | 'notifier'>
  now: () => Date
  log: FastifyBaseLogger
  /** WeChat subscribe messages (the mini-program's app): their channel's transport. */
  wechat?: Transport
}

/**
 * The notifier of the config: SMS through the SMS provider (SMS_PROVIDER), email through SMTP
 * (SMTP_URL), WeChat subscribe messages through the mini-program's app, all by the durable queue
 * (pg-boss); a channel without one goes to the outbox (this database).
 */
export function createNotifier({ database, config, now, log, wechat }: NotifierOptions): MessageQueue & { close(): Promise<void> } {
  const { notifier: settings } = config
  const mail = config.smtp ? smtpTransport(config.smtp) : undefined
  const transports: Partial<Record<QueueChannel, Transport>> = {}
  if (settings.sms) transports.sms = smsTransport(settings.sms, settings.timeoutMs)
  if (mail) transports.email = mail
  if (wechat) transports.wechat = wechat
  const queue = createMessageQueue({
    database,
    transports,
    dropSecrets: config.nodeEnv !== 'development',
    dropOutboxSecrets: config.nodeEnv === 'production',
    maxAttempts: settings.maxAttempts,
    retryBaseMs: settings.retryBaseMs,
    leaseMs: 2 * settings.timeoutMs,
    pollMs: settings.pollMs,
    sendWaitMs: settings.sendWaitMs,
    now,
    log,
  })
  return {
    ...queue,
    close: async () => {
      await queue.stop()
      mail?.close()
    },
  }
}
