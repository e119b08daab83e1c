import { availableParallelism } from 'node:os'
import path from 'node:path'
import { SERVICE_PHONE } from '@ess/contract'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { packageDir } from './paths'

describe('config', () => {
  it('binds the console to CONSOLE_ORIGIN (else PUBLIC_URL), with a Secure cookie outside development', () => {
    expect(loadConfig({ NODE_ENV: 'test', CONSOLE_ORIGIN: 'https://hr.example.com/console/' }).console).toEqual({ origin: 'https://hr.example.com', rpId: 'hr.example.com', secureCookie: true })
    expect(loadConfig({ PUBLIC_URL: 'https://ess.example.com' }).console).toEqual({ origin: 'https://ess.example.com', rpId: 'ess.example.com', secureCookie: false })
    expect(() => loadConfig({ CONSOLE_ORIGIN: 'ftp://x' })).toThrow(/CONSOLE_ORIGIN/)
  })

  it('has defaults for a local start', () => {
    const config = loadConfig({})
    expect(config).toEqual({
      nodeEnv: 'development',
      isProduction: false,
      logLevel: 'info',
      logFormat: 'pretty',
      outerAppKeys: {},
      port: 8080,
      host: '127.0.0.1',
      metrics: undefined,
      otlpEndpoint: undefined,
      drainDelayMs: 0,
      dataDir: path.resolve('data'),
      keysDir: path.resolve('data', 'keys'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtp: undefined,
      portalDir: path.resolve(packageDir, '../portal/dist/h5'),
      consoleDir: path.resolve(packageDir, '../console/dist'),
      demoOperators: true,
      servicePhone: SERVICE_PHONE,
      trustProxy: false,
      captchasPerClientPerMinute: 20,
      captchaWorkBits: 18,
      codeResendSeconds: 60,
      publicCallsPerClientPerMinute: 600,
      passwordWork: { concurrency: availableParallelism(), maxWaitMs: 1000 },
      overload: { maxEventLoopDelayMs: 1000, maxRssMb: 0, maxHeapPercent: 90 },
      legacyLoginUrl: '/sample-provider/loginByCodeAndRedirect',
      noticeApi: {
        apps: { payroll: ['salary'], checkup: ['examReservation', 'examReport'], flexi: ['flexibleEmployment'] },
        callsPerAppPerMinute: 60,
        fanout: { chunk: 500, leaseS: 60 },
      },
      legacyApiUrl: '/sample-provider/api',
      assistantApiUrl: '/sample-assistant/api',
      publicUrl: 'http://localhost:8080',
      console: { origin: 'http://localhost:8080', rpId: 'localhost', secureCookie: false },
      oauth: { credentials: {}, returnUrls: [expect.objectContaining({ href: 'http://localhost:8080/' }), expect.objectContaining({ href: 'http://127.0.0.1:8080/' })], standInUrl: undefined },
      wechatMini: { credentials: undefined, apiUrl: undefined, subscribeTemplates: {}, miniprogramState: 'developer' },
      notifier: { outboxOnly: false, sms: undefined, timeoutMs: 10_000, sendWaitMs: 2500, maxAttempts: 6, retryBaseMs: 5000, pollMs: 1000 },
    })
    expect(config.portalDir.endsWith(path.join('apps', 'portal', 'dist', 'h5'))).toBe(true)
  })

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '9000',
      HOST: '0.0.0.0',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      DATA_DIR: '/var/lib/ess',
      DATABASE_URL: 'postgres://ess@db:5432/ess',
      REDIS_URL: 'redis://cache:6379/2',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'ESS <no-reply@example.com>',
      PORTAL_DIR: '/srv/portal',
      SERVICE_PHONE: '400-111-2222',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      CAPTCHAS_PER_CLIENT_PER_MINUTE: '600',
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'AKIDexample',
      TENCENT_SMS_SECRET_KEY: 'secret',
      TENCENT_SMS_SDK_APP_ID: '1400006666',
      TENCENT_SMS_REGION: 'ap-beijing',
      SMS_SIGN_NAME: '员工服务',
      SMS_TEMPLATE_VERIFICATION_CODE: '1100001',
      SMS_TEMPLATE_PASSWORD_CHANGED: '1100002',
      SMS_TEMPLATE_CONTACT_CHANGED: '1100003',
      SMS_TIMEOUT_MS: '5000',
      SMS_SEND_WAIT_MS: '1000',
      NOTIFIER_MAX_ATTEMPTS: '4',
      NOTIFIER_RETRY_BASE_MS: '3000',
      NOTIFIER_POLL_MS: '500',
    })
    expect(config.notifier).toEqual({
      outboxOnly: false,
      sms: {
        provider: 'tencent',
        secretId: 'AKIDexample',
        secretKey: 'secret',
        sdkAppId: '1400006666',
        region: 'ap-beijing',
        endpoint: new URL('https://sms.tencentcloudapi.com'),
        signName: '员工服务',
        templates: { verificationCode: '1100001', passwordChanged: '1100002', contactChanged: '1100003' },
        international: { signName: undefined, templates: {} },
      },
      timeoutMs: 5000,
      sendWaitMs: 1000,
      maxAttempts: 4,
      retryBaseMs: 3000,
      pollMs: 500,
    })
    expect(config).toMatchObject({
      isProduction: true,
      logLevel: 'warn',
      logFormat: 'json',
      port: 9000,
      host: '0.0.0.0',
      metrics: { port: 9464, host: '0.0.0.0' },
      otlpEndpoint: 'http://otel-collector:4318',
      // Production drains 2 s on SIGTERM unless DRAIN_DELAY_MS says otherwise.
      drainDelayMs: 2000,
      dataDir: '/var/lib/ess',
      databaseUrl: 'postgres://ess@db:5432/ess',
      redisUrl: 'redis://cache:6379/2',
      smtp: { url: 'smtps://mailer:secret@smtp.example.com:465', from: 'ESS <no-reply@example.com>' },
      portalDir: '/srv/portal',
      servicePhone: '400-111-2222',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      captchasPerClientPerMinute: 600,
      captchaWorkBits: 18,
    })
  })

  it.each([
    ['true', true],
    ['false', false],
    ['', false],
    ['2', 2],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it('logs for a person in development and as JSON records elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty')
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json')
    expect(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox' }).logFormat).toBe('json')
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json')
    expect(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/)
  })

  it("takes the proof of work's difficulty in whole bits, 8 to 28", () => {
    expect(loadConfig({ CAPTCHA_WORK_BITS: '12' }).captchaWorkBits).toBe(12)
    for (const bad of ['7', '29', '1.5', 'many']) expect(() => loadConfig({ CAPTCHA_WORK_BITS: bad })).toThrow(/CAPTCHA_WORK_BITS/)
  })

  it('takes the code resend interval in whole seconds, 60 by default, at most as long as a code lives', () => {
    expect(loadConfig({}).codeResendSeconds).toBe(60)
    expect(loadConfig({ CODE_RESEND_SECONDS: '90' }).codeResendSeconds).toBe(90)
    expect(() => loadConfig({ CODE_RESEND_SECONDS: '0' })).toThrow(/CODE_RESEND_SECONDS/)
    expect(() => loadConfig({ CODE_RESEND_SECONDS: '301' })).toThrow(/CODE_RESEND_SECONDS/)
    expect(() => loadConfig({ CODE_RESEND_SECONDS: '1.5' })).toThrow(/CODE_RESEND_SECONDS/)
  })

  it('takes the drain delay in milliseconds, and refuses an OTLP endpoint that is not http(s)', () => {
    expect(loadConfig({ DRAIN_DELAY_MS: '500' }).drainDelayMs).toBe(500)
    expect(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', DRAIN_DELAY_MS: '0' }).drainDelayMs).toBe(0)
    expect(() => loadConfig({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS/)
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be a http:\/\/ or https:\/\/ URL/)
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '', METRICS_PORT: '' })).toMatchObject({ otlpEndpoint: undefined, metrics: undefined })
  })

  it('treats empty URLs as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined })
  })

  it('lists every bad variable at once', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://db/ess', REDIS_URL: 'http://cache', SMTP_URL: 'smtp://mail' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'MAIL_FROM', 'NODE_ENV', 'PORT', 'REDIS_URL'])
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toContain('postgres:// or postgresql://')
    expect((error as Error).message).toMatch(/^Invalid environment:\n {2}- /)
  })

  it('asks for MAIL_FROM when SMTP_URL is set', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' })).toThrow(/MAIL_FROM: is required when SMTP_URL is set/)
  })

  it('validates and normalises OAUTH_RETURN_URLS at start: a bad entry stops it, named; production takes https only', () => {
    // Written without the slash, upper-case, with the default port: one entry, compared as a URL.
    expect(loadConfig({ OAUTH_RETURN_URLS: 'https://Portal.Example.com, https://portal.example.com:443/' }).oauth.returnUrls).toEqual([
      { protocol: 'https:', hostname: 'portal.example.com', port: '', path: '', href: 'https://portal.example.com/' },
    ])
    expect(loadConfig({ OAUTH_RETURN_URLS: 'http://localhost:8080/portal/' }).oauth.returnUrls.map((e) => e.href)).toEqual(['http://localhost:8080/portal/'])
    for (const [list, named] of [
      ['portal.example.com', 'portal.example.com'],
      ['https://a.example/, //evil.example/', '//evil.example/'],
      ['https://user@a.example/', 'https://user@a.example/'],
      ['https://a.example/?from=x', 'https://a.example/?from=x'],
      ['javascript:alert(1)', 'javascript:alert(1)'],
    ]) {
      expect(() => loadConfig({ OAUTH_RETURN_URLS: list }), list).toThrow(`OAUTH_RETURN_URLS: "${named}"`)
    }
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', OAUTH_RETURN_URLS: 'https://a.example, http://b.example' })).toThrow('OAUTH_RETURN_URLS: "http://b.example": must be an https:// URL')
  })

  it('takes third-party credentials in pairs, the stand-in outside production only, and a public address in production', () => {
    const env = { PUBLIC_URL: 'https://ess.example.com/', QQ_APPID: '101', QQ_APPKEY: 'k', OAUTH_RETURN_URLS: 'https://ess.example.com/, https://m.ess.example.com/' }
    expect(loadConfig({ ...env, NODE_ENV: 'production', NOTIFIER: 'outbox' })).toMatchObject({
      publicUrl: 'https://ess.example.com',
      oauth: { credentials: { qq: { clientId: '101', secret: 'k' } } },
    })
    expect(loadConfig({ ...env, NODE_ENV: 'production', NOTIFIER: 'outbox' }).oauth.returnUrls.map((entry) => entry.href)).toEqual(['https://ess.example.com/', 'https://m.ess.example.com/'])
    expect(() => loadConfig({ WECHAT_WEB_APPID: 'wx1' })).toThrow(/WECHAT_WEB_SECRET: is required with WECHAT_WEB_APPID/)
    expect(() => loadConfig({ WEIBO_SECRET: 's' })).toThrow(/WEIBO_APPKEY: is required with WEIBO_SECRET/)
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', QQ_APPID: '101', QQ_APPKEY: 'k' })).toThrow(/PUBLIC_URL: is required for third-party sign-in/)
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', OAUTH_STAND_IN_URL: 'http://127.0.0.1:9000' })).toThrow(/OAUTH_STAND_IN_URL: is for development and tests only/)
  })

  it("reads the outer apps' public keys and refuses a malformed list, naming the pair", () => {
    expect(loadConfig({}).outerAppKeys).toEqual({})
    expect(loadConfig({ OUTER_APP_KEYS: ' hr-partner-7:partner-public-key-0007, benefits_app:benefits-public-key-01 ' }).outerAppKeys).toEqual({
      'hr-partner-7': 'partner-public-key-0007',
      benefits_app: 'benefits-public-key-01',
    })
    expect(() => loadConfig({ OUTER_APP_KEYS: 'partner:short' })).toThrow(/OUTER_APP_KEYS: the key of app partner must be 16-128 printable ASCII characters/)
    expect(() => loadConfig({ OUTER_APP_KEYS: 'bad/id:partner-public-key-0007' })).toThrow(/OUTER_APP_KEYS: "bad\/id" is not an app id/)
    expect(() => loadConfig({ OUTER_APP_KEYS: '101:another-key-for-the-portal' })).toThrow(/OUTER_APP_KEYS: app 101 is the portal's own/)
    expect(() => loadConfig({ OUTER_APP_KEYS: 'a:partner-public-key-0007,a:partner-public-key-0008' })).toThrow(/OUTER_APP_KEYS: app a is given twice/)
  })

  it("takes the mini-program's WeChat app in a pair, and WeChat's fake outside production only", () => {
    expect(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', WECHAT_MINI_APPID: 'wx0123', WECHAT_MINI_SECRET: 's' }).wechatMini).toEqual({
      credentials: { appId: 'wx0123', secret: 's' },
      apiUrl: undefined,
      subscribeTemplates: {},
      miniprogramState: 'formal',
    })
    expect(() => loadConfig({ WECHAT_MINI_APPID: 'wx0123' })).toThrow(/WECHAT_MINI_SECRET: is required with WECHAT_MINI_APPID/)
    expect(() => loadConfig({ WECHAT_MINI_SECRET: 's' })).toThrow(/WECHAT_MINI_APPID: is required with WECHAT_MINI_SECRET/)
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', WECHAT_API_URL: 'http://127.0.0.1:9000' })).toThrow(/WECHAT_API_URL: is for development and tests only/)
    expect(loadConfig({ WECHAT_API_URL: 'http://127.0.0.1:9000/' }).wechatMini.apiUrl).toBe('http://127.0.0.1:9000')
  })

  it('takes a subscribe-message template per push kind and the mini-program version messages open', () => {
    const config = loadConfig({ WECHAT_SUBSCRIBE_TEMPLATE_SALARY: 'tmpl-a', WECHAT_SUBSCRIBE_TEMPLATE_EXAM_REPORT: 'tmpl-b', WECHAT_MINIPROGRAM_STATE: 'trial' })
    expect(config.wechatMini).toMatchObject({ subscribeTemplates: { salary: 'tmpl-a', examReport: 'tmpl-b' }, miniprogramState: 'trial' })
    expect(() => loadConfig({ WECHAT_SUBSCRIBE_TEMPLATE_SALARY: 'tmpl-a', WECHAT_SUBSCRIBE_TEMPLATE_EXAM_REPORT: 'tmpl-a' })).toThrow(/one template id per push kind/)
    expect(() => loadConfig({ WECHAT_MINIPROGRAM_STATE: 'beta' })).toThrow(/WECHAT_MINIPROGRAM_STATE/)
  })

  it('refuses production without an SMS provider and SMTP, naming what is missing, unless NOTIFIER=outbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /NOTIFIER: production sends real SMS and email: set SMS_PROVIDER \(aliyun or tencent\) with its credentials, SMS_SIGN_NAME and SMS_TEMPLATE_\*, SMTP_URL, MAIL_FROM \(or NOTIFIER=outbox/,
    )
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'ESS <no-reply@example.com>', SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI' })).toThrow(
      /set ALIYUN_SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_VERIFICATION_CODE, SMS_TEMPLATE_PASSWORD_CHANGED, SMS_TEMPLATE_CONTACT_CHANGED \(or/,
    )
    expect(loadConfig({ NODE_ENV: 'production', NOTIFIER: 'outbox', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'a@b.c' })).toMatchObject({
      notifier: { outboxOnly: true, sms: undefined },
      smtp: undefined,
    })
    // Outside production an SMS provider is optional, but a chosen one must be complete.
    expect(loadConfig({ NODE_ENV: 'development' }).notifier.sms).toBeUndefined()
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/NOTIFIER: set TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, SMS_SIGN_NAME/)
  })
  it('takes the notices-API apps with their kinds, and names a bad entry', () => {
    expect(loadConfig({ NOTICE_APPS: 'hr-1:salary+examReport, other:flexibleEmployment' }).noticeApi.apps).toEqual({ 'hr-1': ['salary', 'examReport'], other: ['flexibleEmployment'] })
    expect(loadConfig({ NOTICE_APPS: '' }).noticeApi.apps).toEqual({})
    expect(() => loadConfig({ NOTICE_APPS: 'payroll' })).toThrow(/NOTICE_APPS.*app payroll has no notice kind/s)
    expect(() => loadConfig({ NOTICE_APPS: 'payroll:bonus' })).toThrow(/NOTICE_APPS.*"bonus" is not a notice kind/s)
    expect(() => loadConfig({ NOTICE_APPS: 'pay roll!:salary' })).toThrow(/NOTICE_APPS/)
    expect(() => loadConfig({ NOTICE_APPS: 'a:salary a:examReport' })).toThrow(/NOTICE_APPS.*app a is given twice/s)
  })
})
