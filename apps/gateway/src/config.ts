import path from 'node:path'
import { availableParallelism } from 'node:os'
import { AllowListError, CODE_RESEND_COUNTDOWN_S, CODE_RESEND_MAX_S, OUTER_APP_ID_PATTERN, PUSH_KINDS, type PushKind, SAMPLE_ASSISTANT_API_PATH, SERVICE_PHONE, parseAllowList, parseOuterAppKeys } from '@ess/contract'

/** The sample provider page the gateway serves in place of the older user center (inner jumps). */
export const SAMPLE_PROVIDER_LOGIN_PATH = '/sample-provider/loginByCodeAndRedirect'
/** The sample provider's API in place of the older user center's (doCiamLogin, logout, push binding). */
export const SAMPLE_PROVIDER_API_PATH = '/sample-provider/api'
import { z } from 'zod'
import { packageDir } from './paths'

/** The variables of each third-party provider's credentials (the app id, then its secret). */
const PROVIDER_VARIABLES = {
  wechat: ['WECHAT_WEB_APPID', 'WECHAT_WEB_SECRET'],
  qq: ['QQ_APPID', 'QQ_APPKEY'],
  weibo: ['WEIBO_APPKEY', 'WEIBO_SECRET'],
} as const

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** An optional URL of one of the given schemes; an empty variable counts as unset. */
const optionalUrl = (...schemes: string[]) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .url({
        protocol: new RegExp(`^(${schemes.join('|')})$`),
        error: `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL`,
      })
      .optional(),
  )

/**
 * `true`/`false`, a hop count, or a comma-separated list of addresses/CIDRs (Fastify's trustProxy).
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value): boolean | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false
    if (value === 'true') return true
    if (/^\d+$/.test(value)) return Number(value)
    return value.split(',').map((part) => part.trim()).filter(Boolean)
  })

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const optionalText = z.preprocess(blankAsUnset, z.string().trim().min(1).optional())

type RawEnv = Partial<Record<string, string>> & { NODE_ENV?: string; NOTIFIER?: string; SMS_PROVIDER?: string }

const SMS_TEMPLATE_SETTINGS = ['SMS_TEMPLATE_VERIFICATION_CODE', 'SMS_TEMPLATE_PASSWORD_CHANGED', 'SMS_TEMPLATE_CONTACT_CHANGED'] as const
const PROVIDER_SETTINGS = {
  aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
  tencent: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'],
} as const

/**
 * The variables still needed: those of the chosen SMS provider; and in production (unless
 * NOTIFIER=outbox) an SMS provider and SMTP at all.
 */
function missingNotifierSettings(env: RawEnv): string[] {
  if (env.NOTIFIER === 'outbox') return []
  const production = env.NODE_ENV === 'production'
  const needed: string[] = []
  if (env.SMS_PROVIDER === 'aliyun' || env.SMS_PROVIDER === 'tencent') {
    needed.push(...PROVIDER_SETTINGS[env.SMS_PROVIDER], 'SMS_SIGN_NAME', ...SMS_TEMPLATE_SETTINGS)
    // Aliyun signs international messages too; Tencent sends them without a signature.
    if (env.SMS_PROVIDER === 'aliyun' && SMS_TEMPLATE_SETTINGS.some((name) => env[name.replace('SMS_', 'SMS_INTL_')])) needed.push('SMS_INTL_SIGN_NAME')
  } else if (production) {
    needed.push('SMS_PROVIDER (aliyun or tencent) with its credentials, SMS_SIGN_NAME and SMS_TEMPLATE_*')
  }
  if (production) needed.push('SMTP_URL', 'MAIL_FROM')
  return needed.filter((name) => name.startsWith('SMS_PROVIDER (') || !env[name])
}

/**
 * The signature and templates of numbers outside mainland China (Hong Kong, Macao and Taiwan
 * included: both providers approve one "国际/港澳台" template type for them). A template left unset
 * refuses those numbers at once.
 */
export interface SmsInternational {
  signName?: string
  templates: Partial<SmsTemplates>
}
export type SmsSettings =
  | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; endpoint: URL; signName: string; templates: SmsTemplates; international: SmsInternational }
  | {
      provider: 'tencent'
      secretId: string
      secretKey: string
      sdkAppId: string
      region: string
      endpoint: URL
      signName: string
      templates: SmsTemplates
      international: SmsInternational
    }
export interface SmsTemplates {
  verificationCode: string
  passwordChanged: string
  contactChanged: string
}

function smsSettings(env: Record<string, string | undefined>): SmsSettings | undefined {
  const provider = env.SMS_PROVIDER
  if (provider !== 'aliyun' && provider !== 'tencent') return undefined
  const text = (name: string) => env[name] as string
  const common = {
    signName: text('SMS_SIGN_NAME'),
    templates: {
      verificationCode: text('SMS_TEMPLATE_VERIFICATION_CODE'),
      passwordChanged: text('SMS_TEMPLATE_PASSWORD_CHANGED'),
      contactChanged: text('SMS_TEMPLATE_CONTACT_CHANGED'),
    },
    international: {
      signName: env.SMS_INTL_SIGN_NAME,
      templates: Object.fromEntries(
        Object.entries({
          verificationCode: env.SMS_INTL_TEMPLATE_VERIFICATION_CODE,
          passwordChanged: env.SMS_INTL_TEMPLATE_PASSWORD_CHANGED,
          contactChanged: env.SMS_INTL_TEMPLATE_CONTACT_CHANGED,
        }).filter(([, id]) => id),
      ) as Partial<SmsTemplates>,
    },
  }
  if (provider === 'aliyun') {
    return { provider, accessKeyId: text('ALIYUN_SMS_ACCESS_KEY_ID'), accessKeySecret: text('ALIYUN_SMS_ACCESS_KEY_SECRET'), endpoint: new URL(text('ALIYUN_SMS_ENDPOINT')), ...common }
  }
  return {
    provider,
    secretId: text('TENCENT_SMS_SECRET_ID'),
    secretKey: text('TENCENT_SMS_SECRET_KEY'),
    sdkAppId: text('TENCENT_SMS_SDK_APP_ID'),
    region: text('TENCENT_SMS_REGION'),
    endpoint: new URL(text('TENCENT_SMS_ENDPOINT')),
    ...common,
  }
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** `pretty`: lines for a person reading along (pino-pretty); `json`: one pino record a line. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics, a listener of their own (never the public port); unset = off. */
    METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).optional()),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /**
     * On SIGTERM, how long the gateway refuses new requests (503, readiness too) while still listening,
     * so a load balancer moves them and marks it down, before it closes (deploy/nginx/nginx.conf).
     */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** OpenTelemetry traces exported by OTLP over HTTP to this collector (e.g. http://otel-collector:4318); unset = no tracing loaded. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl('http', 'https'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    /** Keys and secrets (made at first start when missing); several gateways share one (a mounted folder). */
    KEYS_DIR: z.string().trim().min(1).optional(),
    DATABASE_URL: optionalUrl('postgres', 'postgresql'),
    REDIS_URL: optionalUrl('redis', 'rediss'),
    SMTP_URL: optionalUrl('smtp', 'smtps'),
    MAIL_FROM: z.string().trim().min(3).optional(),
    PORTAL_DIR: z.string().trim().min(1).optional(),
    /** The built operator console served at /console/ (apps/console/dist by default). */
    CONSOLE_DIR: z.string().trim().min(1).optional(),
    /** 1: seed the console's demo operators outside development too (the browser tests run the gateway with NODE_ENV=test). Never in production. */
    DEMO_OPERATORS: z.enum(['0', '1']).default('0'),
    SERVICE_PHONE: z.string().trim().min(3).default(SERVICE_PHONE),
    TRUST_PROXY: trustProxy,
    /** Slider puzzles one client (device id + IP) may draw per minute; raise it for clients behind one device id. */
    CAPTCHAS_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Leading zero bits of the puzzle's proof-of-work alternative (getCaptchaWork): 18 takes a mid-range phone a few seconds. */
    CAPTCHA_WORK_BITS: z.coerce.number().int().min(8).max(28).default(18),
    /** Unauthenticated calls one client address may make per minute (per-client limit on the public calls); 0 = no limit. */
    PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(600),
    /** Seconds before another code may be sent to the same phone or email (any scene); the portal counts down what the gateway answers. */
    CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(CODE_RESEND_MAX_S).default(CODE_RESEND_COUNTDOWN_S),
    /** Event-loop delay (ms) over which new requests get 503 at once (overload); 0 = not checked. */
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Resident memory (MiB) over which new requests get 503 at once; 0 = not checked. */
    OVERLOAD_RSS_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** Percent of the V8 heap limit over which new requests get 503 at once; 0 = not checked. */
    OVERLOAD_HEAP_PERCENT: z.coerce.number().int().min(0).max(100).default(90),
    /** Password hashes (argon2id) run at once; the machine's cores by default (npm start sizes libuv's pool one above it). */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /** Longest expected wait (ms) in the password-hashing line a sign-in is admitted to; beyond it PASSWORD_WORK_BUSY at once. */
    PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** The older user center's loginByCodeAndRedirect page (inner jumps); the gateway's sample provider page by default. */
    LEGACY_USER_CENTER_URL: z.string().trim().url().optional(),
    LEGACY_USER_CENTER_API_URL: z.string().trim().url().optional(),
    /** The micro-assistant's API (login, suggestions, chat); the gateway's sample micro-assistant by default. */
    ASSISTANT_API_URL: optionalUrl('http', 'https'),
    /** The address people reach this gateway at (third-party sign-in returns there); http://localhost:PORT outside production. */
    PUBLIC_URL: optionalUrl('http', 'https'),
    /** Where browsers open the operator console (its origin is what passkeys are bound to); PUBLIC_URL by default. */
    CONSOLE_ORIGIN: optionalUrl('http', 'https'),
    /** Comma-separated addresses a third-party sign-in may return the browser to (compared as URLs: contract urls.ts); PUBLIC_URL's portal by default. */
    OAUTH_RETURN_URLS: optionalText,
    /** Development and tests: the providers' endpoints are the local stand-in's at this address (never in production). */
    OAUTH_STAND_IN_URL: optionalUrl('http'),
    WECHAT_WEB_APPID: optionalText,
    WECHAT_WEB_SECRET: optionalText,
    QQ_APPID: optionalText,
    QQ_APPKEY: optionalText,
    WEIBO_APPKEY: optionalText,
    WEIBO_SECRET: optionalText,
    /** The WeChat mini-program's AppID and AppSecret (jscode2session, phone-number quick verification). */
    WECHAT_MINI_APPID: optionalText,
    WECHAT_MINI_SECRET: optionalText,
    /** Development and tests: WeChat's server endpoints are the local fake's at this address (never in production). */
    WECHAT_API_URL: optionalUrl('http'),
    /** The mini-program's subscribe-message template id of each push kind (unset: no WeChat message of that kind). */
    WECHAT_SUBSCRIBE_TEMPLATE_SALARY: optionalText,
    WECHAT_SUBSCRIBE_TEMPLATE_EXAM_RESERVATION: optionalText,
    WECHAT_SUBSCRIBE_TEMPLATE_EXAM_REPORT: optionalText,
    WECHAT_SUBSCRIBE_TEMPLATE_FLEXIBLE_EMPLOYMENT: optionalText,
    /** Which version of the mini-program a subscribe message opens: formal (release), trial or developer. */
    WECHAT_MINIPROGRAM_STATE: z.preprocess(blankAsUnset, z.enum(['formal', 'trial', 'developer']).optional()),
    /** Outer apps that sign calls with their own public app key: `appId:key` pairs (contract parseOuterAppKeys). */
    OUTER_APP_KEYS: optionalText,
    /** The provider's systems that may send notices, and the kinds each may send (parseNoticeApps). */
    NOTICE_APPS: z.string().trim().default('payroll:salary checkup:examReservation+examReport flexi:flexibleEmployment'),
    /** Calls of the notices API one app may make in a minute (over it: 429 with Retry-After). */
    NOTICE_API_CALLS_PER_APP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Inbox rows a fan-out writes per transaction (what a crash leaves to redo). */
    NOTICE_FANOUT_CHUNK: z.coerce.number().int().min(1).max(5000).default(500),
    /** A fan-out held longer than this by a gateway (that died) is taken over by another. */
    NOTICE_FANOUT_LEASE_S: z.coerce.number().int().min(1).max(3600).default(60),
    /** `outbox`: every message stays in the database (a staging site); production refuses to start without SMS and SMTP otherwise. */
    NOTIFIER: z.preprocess(blankAsUnset, z.enum(['outbox']).optional()),
    SMS_PROVIDER: z.preprocess(blankAsUnset, z.enum(['aliyun', 'tencent']).optional()),
    SMS_SIGN_NAME: optionalText,
    SMS_TEMPLATE_VERIFICATION_CODE: optionalText,
    SMS_TEMPLATE_PASSWORD_CHANGED: optionalText,
    SMS_TEMPLATE_CONTACT_CHANGED: optionalText,
    /** Numbers outside mainland China: the international / HK-Macao-Taiwan signature and templates (unset: refused at once). */
    SMS_INTL_SIGN_NAME: optionalText,
    SMS_INTL_TEMPLATE_VERIFICATION_CODE: optionalText,
    SMS_INTL_TEMPLATE_PASSWORD_CHANGED: optionalText,
    SMS_INTL_TEMPLATE_CONTACT_CHANGED: optionalText,
    ALIYUN_SMS_ACCESS_KEY_ID: optionalText,
    ALIYUN_SMS_ACCESS_KEY_SECRET: optionalText,
    ALIYUN_SMS_ENDPOINT: z.string().trim().url().default('https://dysmsapi.aliyuncs.com'),
    TENCENT_SMS_SECRET_ID: optionalText,
    TENCENT_SMS_SECRET_KEY: optionalText,
    TENCENT_SMS_SDK_APP_ID: optionalText,
    TENCENT_SMS_REGION: z.string().trim().min(1).default('ap-guangzhou'),
    TENCENT_SMS_ENDPOINT: z.string().trim().url().default('https://sms.tencentcloudapi.com'),
    /** One call to the SMS provider gives up after this long (then retried); a worker holds a message twice as long. */
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** How long a send-code call waits for the first delivery attempt before answering "sent". */
    SMS_SEND_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2500),
    NOTIFIER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
    NOTIFIER_RETRY_BASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(5000),
    NOTIFIER_POLL_MS: z.coerce.number().int().min(500).max(600_000).default(1000),
  })
  .refine((env) => !env.SMTP_URL || env.MAIL_FROM, {
    path: ['MAIL_FROM'],
    message: 'is required when SMTP_URL is set (e.g. "ESS Portal <no-reply@example.com>")',
    // Reported together with the other bad variables, not after they are fixed.
    when: () => true,
  })
  .superRefine((env, ctx) => {
    for (const [id, secret] of Object.values(PROVIDER_VARIABLES)) {
      if (!env[id] !== !env[secret]) ctx.addIssue({ code: 'custom', path: [env[id] ? secret : id], message: `is required with ${env[id] ? id : secret}` })
    }
    if (!env.WECHAT_MINI_APPID !== !env.WECHAT_MINI_SECRET) {
      const [given, missing] = env.WECHAT_MINI_APPID ? ['WECHAT_MINI_APPID', 'WECHAT_MINI_SECRET'] : ['WECHAT_MINI_SECRET', 'WECHAT_MINI_APPID']
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${given}` })
    }
    try {
      parseNoticeApps(env.NOTICE_APPS)
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['NOTICE_APPS'], message: (error as Error).message })
    }
    try {
      parseOuterAppKeys(env.OUTER_APP_KEYS)
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['OUTER_APP_KEYS'], message: (error as Error).message.replace(/^OUTER_APP_KEYS: /, '') })
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT (metrics are never served on the public port)' })
    }
    if (env.NODE_ENV === 'production' && env.WECHAT_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['WECHAT_API_URL'], message: 'is for development and tests only' })
    }
    if (env.OAUTH_RETURN_URLS) {
      try {
        parseAllowList(env.OAUTH_RETURN_URLS, { httpsOnly: env.NODE_ENV === 'production' })
      } catch (error) {
        if (!(error instanceof AllowListError)) throw error
        ctx.addIssue({ code: 'custom', path: ['OAUTH_RETURN_URLS'], message: error.message })
      }
    }
    if (env.NODE_ENV === 'production' && env.OAUTH_STAND_IN_URL) {
      ctx.addIssue({ code: 'custom', path: ['OAUTH_STAND_IN_URL'], message: 'is for development and tests only' })
    }
    const anyProvider = Object.values(PROVIDER_VARIABLES).some(([id]) => env[id])
    if (env.NODE_ENV === 'production' && anyProvider && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required for third-party sign-in (the providers return to it)' })
    }
    const missing = missingNotifierSettings(env as unknown as RawEnv)
    if (missing.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['NOTIFIER'],
        message: `${env.NODE_ENV === 'production' && !env.NOTIFIER ? 'production sends real SMS and email: ' : ''}set ${missing.join(', ')}${env.NODE_ENV === 'production' && !env.NOTIFIER ? ' (or NOTIFIER=outbox to keep every message in the database, e.g. on a staging site)' : ''}`,
      })
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    demoOperators: env.NODE_ENV === 'development' || (env.DEMO_OPERATORS === '1' && env.NODE_ENV !== 'production'),
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    port: env.PORT,
    host: env.HOST,
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    // Production runs behind a load balancer; a developer's Ctrl+C should stop at once.
    drainDelayMs: env.DRAIN_DELAY_MS ?? (env.NODE_ENV === 'production' ? 2000 : 0),
    dataDir: path.resolve(env.DATA_DIR),
    keysDir: path.resolve(env.KEYS_DIR ?? path.join(env.DATA_DIR, 'keys')),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtp: env.NOTIFIER !== 'outbox' && env.SMTP_URL && env.MAIL_FROM ? { url: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    portalDir: env.PORTAL_DIR ? path.resolve(env.PORTAL_DIR) : path.resolve(packageDir, '../portal/dist/h5'),
    consoleDir: env.CONSOLE_DIR ? path.resolve(env.CONSOLE_DIR) : path.resolve(packageDir, '../console/dist'),
    servicePhone: env.SERVICE_PHONE,
    trustProxy: env.TRUST_PROXY,
    captchasPerClientPerMinute: env.CAPTCHAS_PER_CLIENT_PER_MINUTE,
    captchaWorkBits: env.CAPTCHA_WORK_BITS,
    codeResendSeconds: env.CODE_RESEND_SECONDS,
    publicCallsPerClientPerMinute: env.PUBLIC_CALLS_PER_CLIENT_PER_MINUTE,
    passwordWork: { concurrency: env.PASSWORD_HASH_CONCURRENCY ?? availableParallelism(), maxWaitMs: env.PASSWORD_HASH_MAX_WAIT_MS },
    overload: { maxEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS, maxRssMb: env.OVERLOAD_RSS_MB, maxHeapPercent: env.OVERLOAD_HEAP_PERCENT },
    legacyLoginUrl: env.LEGACY_USER_CENTER_URL ?? SAMPLE_PROVIDER_LOGIN_PATH,
    legacyApiUrl: env.LEGACY_USER_CENTER_API_URL ?? SAMPLE_PROVIDER_API_PATH,
    assistantApiUrl: (env.ASSISTANT_API_URL ?? SAMPLE_ASSISTANT_API_PATH).replace(/\/+$/, ''),
    ...oauthConfig(env),
    console: consoleConfig(env),
    outerAppKeys: parseOuterAppKeys(env.OUTER_APP_KEYS),
    noticeApi: {
      apps: parseNoticeApps(env.NOTICE_APPS),
      callsPerAppPerMinute: env.NOTICE_API_CALLS_PER_APP_PER_MINUTE,
      fanout: { chunk: env.NOTICE_FANOUT_CHUNK, leaseS: env.NOTICE_FANOUT_LEASE_S },
    },
    wechatMini: {
      credentials: env.WECHAT_MINI_APPID && env.WECHAT_MINI_SECRET ? { appId: env.WECHAT_MINI_APPID, secret: env.WECHAT_MINI_SECRET } : undefined,
      apiUrl: env.WECHAT_API_URL?.replace(/\/+$/, ''),
      subscribeTemplates: subscribeTemplates(env),
      miniprogramState: env.WECHAT_MINIPROGRAM_STATE ?? (env.NODE_ENV === 'production' ? 'formal' : 'developer'),
    },
    notifier: {
      /** Outbox only when asked for, or when no SMS provider is set (development, tests). */
      outboxOnly: env.NOTIFIER === 'outbox',
      sms: env.NOTIFIER === 'outbox' ? undefined : smsSettings(env as unknown as Record<string, string | undefined>),
      timeoutMs: env.SMS_TIMEOUT_MS,
      sendWaitMs: env.SMS_SEND_WAIT_MS,
      maxAttempts: env.NOTIFIER_MAX_ATTEMPTS,
      retryBaseMs: env.NOTIFIER_RETRY_BASE_MS,
      pollMs: env.NOTIFIER_POLL_MS,
    },
  }))

/**
 * The operator console: the WebAuthn relying party (the console's origin and its host name), and
 * whether its session cookie is `Secure` with the `__Host-` name (everywhere but development over
 * plain http, where a browser would not keep it).
 */
function consoleConfig(env: { PORT: number; NODE_ENV: string; PUBLIC_URL?: string; CONSOLE_ORIGIN?: string }) {
  const origin = new URL(env.CONSOLE_ORIGIN ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin
  return { origin, rpId: new URL(origin).hostname, secureCookie: env.NODE_ENV !== 'development' }
}

/** WECHAT_SUBSCRIBE_TEMPLATE_<KIND>: the template id of each push kind that has one. */
function subscribeTemplates(env: {
  WECHAT_SUBSCRIBE_TEMPLATE_SALARY?: string
  WECHAT_SUBSCRIBE_TEMPLATE_EXAM_RESERVATION?: string
  WECHAT_SUBSCRIBE_TEMPLATE_EXAM_REPORT?: string
  WECHAT_SUBSCRIBE_TEMPLATE_FLEXIBLE_EMPLOYMENT?: string
}): Partial<Record<PushKind, string>> {
  const all: Record<PushKind, string | undefined> = {
    salary: env.WECHAT_SUBSCRIBE_TEMPLATE_SALARY,
    examReservation: env.WECHAT_SUBSCRIBE_TEMPLATE_EXAM_RESERVATION,
    examReport: env.WECHAT_SUBSCRIBE_TEMPLATE_EXAM_REPORT,
    flexibleEmployment: env.WECHAT_SUBSCRIBE_TEMPLATE_FLEXIBLE_EMPLOYMENT,
  }
  const ids = Object.values(all).filter(Boolean)
  if (new Set(ids).size !== ids.length) throw new Error('WECHAT_SUBSCRIBE_TEMPLATE_*: one template id per push kind (the same id is given twice)')
  return Object.fromEntries(Object.entries(all).filter(([, id]) => id)) as Partial<Record<PushKind, string>>
}

/**
 * NOTICE_APPS: `appId:kind+kind` entries separated by spaces or commas, e.g. `payroll:salary
 * checkup:examReservation+examReport`. App ids as OUTER_APP_ID_PATTERN; kinds of PUSH_KINDS.
 */
export function parseNoticeApps(text: string): Record<string, PushKind[]> {
  const apps: Record<string, PushKind[]> = {}
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [id, kinds = ''] = entry.split(':', 2)
    if (!OUTER_APP_ID_PATTERN.test(id)) throw new Error(`"${id}" is not an app id (1-32 of A-Z a-z 0-9 _ -)`)
    if (Object.prototype.hasOwnProperty.call(apps, id)) throw new Error(`app ${id} is given twice`)
    const list = kinds.split('+').filter(Boolean)
    if (!list.length) throw new Error(`app ${id} has no notice kind (e.g. ${id}:salary)`)
    for (const kind of list) if (!(PUSH_KINDS as readonly string[]).includes(kind)) throw new Error(`app ${id}: "${kind}" is not a notice kind (${PUSH_KINDS.join(', ')})`)
    apps[id] = list as PushKind[]
  }
  return apps
}

/** Third-party sign-in: where the gateway is reached, where browsers may return, each provider's credentials. */
type OAuthEnv = { PORT: number; NODE_ENV: string; PUBLIC_URL?: string; OAUTH_RETURN_URLS?: string; OAUTH_STAND_IN_URL?: string } & {
  [K in (typeof PROVIDER_VARIABLES)[keyof typeof PROVIDER_VARIABLES][number]]?: string
}

function oauthConfig(env: OAuthEnv) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  const credentials: Partial<Record<keyof typeof PROVIDER_VARIABLES, { clientId: string; secret: string }>> = {}
  for (const [provider, [id, secret]] of Object.entries(PROVIDER_VARIABLES) as Array<[keyof typeof PROVIDER_VARIABLES, (typeof PROVIDER_VARIABLES)[keyof typeof PROVIDER_VARIABLES]]>) {
    const clientId = env[id]
    const key = env[secret]
    if (clientId && key) credentials[provider] = { clientId, secret: key }
  }
  // Outside production, the portal served here by either loopback name.
  const loopback = env.NODE_ENV === 'production' ? [] : [`http://localhost:${env.PORT}/`, `http://127.0.0.1:${env.PORT}/`]
  // Validated above: parsing again cannot throw here.
  const returnUrls = parseAllowList(env.OAUTH_RETURN_URLS ?? [`${publicUrl}/`, ...loopback])
  return {
    publicUrl,
    oauth: { credentials, returnUrls, standInUrl: env.OAUTH_STAND_IN_URL?.replace(/\/+$/, '') },
  }
}

export type Config = z.output<typeof EnvSchema>

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment once (relative paths resolve against the working directory). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env)
  if (result.success) return result.data
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`))
}
