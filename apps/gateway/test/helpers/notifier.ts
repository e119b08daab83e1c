import type { FastifyBaseLogger } from 'fastify'
import { loadConfig } from '../../src/config'
import type { DatabaseHandle } from '../../src/db/client'
import { createNotifier } from '../../src/infra/notifier'

const noop = () => {}
/** A logger that drops everything (queue and adapter tests). */
export const silentLog = { level: 'silent', fatal: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop, silent: noop, child: () => silentLog } as unknown as FastifyBaseLogger

/** The notifier a gateway with these settings makes (NODE_ENV=test on top), on the test's clock. */
export const notifierOf = (database: DatabaseHandle, env: Record<string, string> = {}, now: () => Date = () => new Date()) =>
  createNotifier({ db: database.db, exclusive: false, config: loadConfig({ NODE_ENV: 'test', ...env }), now, log: silentLog })

/** The settings of a gateway sending SMS through the stand-in `standin` (signed with `secret`). */
export function smsProviderEnv(standin: { provider: 'aliyun' | 'tencent'; url: string }, secret: string): Record<string, string> {
  const common = {
    SMS_PROVIDER: standin.provider,
    SMS_SIGN_NAME: '员工服务',
    SMS_TEMPLATE_VERIFICATION_CODE: standin.provider === 'aliyun' ? 'SMS_460775001' : '1100001',
    SMS_TEMPLATE_PASSWORD_CHANGED: standin.provider === 'aliyun' ? 'SMS_460775002' : '1100002',
    SMS_TEMPLATE_CONTACT_CHANGED: standin.provider === 'aliyun' ? 'SMS_460775003' : '1100003',
  }
  return standin.provider === 'aliyun'
    ? { ...common, ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestAccessKey', ALIYUN_SMS_ACCESS_KEY_SECRET: secret, ALIYUN_SMS_ENDPOINT: standin.url }
    : { ...common, TENCENT_SMS_SECRET_ID: 'AKIDTestSecretId', TENCENT_SMS_SECRET_KEY: secret, TENCENT_SMS_SDK_APP_ID: '1400006666', TENCENT_SMS_ENDPOINT: standin.url }
}
