import zlib from 'node:zlib'
import compress from '@fastify/compress'
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import { COMPRESS_THRESHOLD_BYTES } from './lib/cached-answer'
import { serializerCompiler } from './lib/serializer'
import { pathOf } from './lib/url'
import agreementRoutes from './modules/agreement/routes'
import certificationRoutes from './modules/certification/routes'
import { ok } from '@ess/contract'
import { launchData } from './modules/cms/launch'
import cmsRoutes from './modules/cms/routes'
import cmsConsoleRoutes, { scheduledAuditOf } from './modules/cms/console-routes'
import { type ContentScheduler, createContentScheduler } from './modules/cms/schedule'
import agreementConsoleRoutes from './modules/agreement/console-routes'
import supportConsoleRoutes from './modules/support/console-routes'
import { PageCache } from './modules/cms/service'
import grantRoutes from './modules/grant/routes'
import assistantRoutes from './modules/assistant/routes'
import ssoRoutes from './modules/sso/routes'
import registerRoutes from './modules/register/routes'
import sessionRoutes from './modules/session/routes'
import userRoutes from './modules/user/routes'
import verifyRoutes from './modules/verify/routes'
import devRoutes from './modules/dev/routes'
import wechatRoutes from './modules/wechat/routes'
import dictRoutes from './modules/dict/routes'
import loginRoutes from './modules/login/routes'
import systemRoutes from './modules/system/routes'
import securityRoutes from './modules/security/routes'
import privacyRoutes from './modules/privacy/routes'
import noticeRoutes from './modules/notices/routes'
import thirdPartyRoutes from './modules/third-party/routes'
import { identityProviders } from './modules/third-party/wiring'
import helpRoutes from './modules/help/routes'
import operatorConsoleRoutes from './modules/operator/console-routes'
import operatorAdminRoutes from './modules/operator/admin-routes'
import dashboardConsoleRoutes from './modules/dashboard/console-routes'
import auditConsoleRoutes from './modules/audit/console-routes'
import rosterConsoleRoutes from './modules/roster/console-routes'
import auth from './plugins/auth'
import consoleAuth from './plugins/console-auth'
import drain from './plugins/drain'
import errors, { frameworkErrors } from './plugins/errors'
import i18n from './plugins/i18n'
import infra, { type InfraOptions } from './plugins/infra'
import jsonBody from './plugins/json-body'
import metrics from './plugins/metrics'
import openapi from './plugins/openapi'
import consoleApp from './plugins/console'
import portal, { portalPage } from './plugins/portal'
import overload from './plugins/overload'
import { PrettyLogController, prettyStream } from './plugins/pretty-log'
import rateLimit from './plugins/rate-limit'
import securityHeaders from './plugins/security-headers'
import signature from './plugins/signature'
import trace, { traceId, tracedRequestId } from './plugins/trace'
import { seedDemoData } from './seed'
import { seedDevOperators } from './modules/operator/dev-operators'

export type AppOptions = InfraOptions

const BODY_LIMIT_BYTES = 1024 * 1024

const hops = (count: number) => (_address: string, hop: number) => hop < count

/** Options of the Fastify instance the app is registered in (server.ts and the tests). */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      // The path only: queries may carry one-time codes and tokens. No headers, no bodies.
      serializers: {
        req: (request: { method: string; url: string; ip: string }) => ({
          method: request.method,
          path: pathOf(request.url),
          remoteAddress: request.ip,
        }),
      },
      ...(config.logFormat === 'pretty' ? { stream: prettyStream() } : {}),
    },
    // Pretty logs say one line per request (plugins/pretty-log.ts) instead of Fastify's two records.
    logController: new (config.logFormat === 'pretty' ? PrettyLogController : LogController)({ requestIdLogLabel: 'traceId' }),
    genReqId: config.otlpEndpoint ? tracedRequestId : traceId,
    requestIdHeader: false,
    // A hop count trusts that many proxies next to the server.
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Planned content changes (tests run them without waiting for their time). */
    contentScheduler: ContentScheduler
  }
}

/** The gateway as a plugin: stores, cross-cutting plugins, the domain modules, then the portal. */
export default async function app(fastify: FastifyInstance, options: AppOptions) {
  const { config } = options
  fastify.setValidatorCompiler(validatorCompiler)
  fastify.setSerializerCompiler(serializerCompiler)

  await fastify.register(infra, options)
  await fastify.register(metrics)
  const written = await seedDemoData(fastify.db, { fieldCipher: fastify.fieldCipher, hmacKey: fastify.hmacKey })
  fastify.log.info({ rows: written }, 'demo data seeded')
  // The console's demo operators, one per role, for a person trying it (shown on /dev/operators).
  if (config.demoOperators) await seedDevOperators(fastify, config.dataDir)

  // The CMS pages' read cache: the page call answers from it, and the portal's page carries the
  // launch's floors from it (modules/cms/launch.ts).
  const cmsPages = new PageCache(fastify.db, fastify.kv, (page) => JSON.stringify(ok(page)))
  const page = portalPage(config.portalDir, launchData(cmsPages))

  await fastify.register(i18n)
  await fastify.register(trace)
  await fastify.register(errors, { pageFallback: page })
  await fastify.register(drain)
  await fastify.register(overload, config.overload)
  await fastify.register(rateLimit, { perMinute: config.publicCallsPerClientPerMinute })
  await fastify.register(jsonBody)
  await fastify.register(signature)
  await fastify.register(auth)
  await fastify.register(consoleAuth)
  await fastify.register(securityHeaders, { portalDir: config.portalDir })
  await fastify.register(openapi)
  // Fastify reads no body of a GET or HEAD request: @fastify/compress's request decompression hook
  // would run on every such call for nothing.
  fastify.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) route.decompress ??= false
  })
  await fastify.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })

  await fastify.register(systemRoutes)
  await fastify.register(dictRoutes)
  await fastify.register(agreementRoutes)
  await fastify.register(loginRoutes)
  await fastify.register(sessionRoutes)
  await fastify.register(userRoutes)
  await fastify.register(verifyRoutes)
  await fastify.register(registerRoutes)
  await fastify.register(certificationRoutes)
  await fastify.register(cmsRoutes, { pages: cmsPages })
  await fastify.register(grantRoutes)
  await fastify.register(assistantRoutes)
  await fastify.register(ssoRoutes)
  await fastify.register(securityRoutes)
  await fastify.register(privacyRoutes)
  // Planned publishes and notices (pg-boss): this gateway's worker starts when something is pending or planned.
  const scheduler = createContentScheduler({ database: fastify.database, kv: fastify.kv, now: fastify.now, log: fastify.log, auditOf: scheduledAuditOf(fastify) })
  fastify.decorate('contentScheduler', scheduler)
  fastify.addHook('onReady', async () => scheduler.start())
  fastify.addHook('onClose', async () => scheduler.stop())
  await fastify.register(noticeRoutes, { scheduler })
  await fastify.register(helpRoutes)
  await fastify.register(operatorConsoleRoutes)
  await fastify.register(operatorAdminRoutes)
  await fastify.register(dashboardConsoleRoutes)
  await fastify.register(auditConsoleRoutes)
  await fastify.register(cmsConsoleRoutes, { scheduler })
  await fastify.register(agreementConsoleRoutes)
  await fastify.register(supportConsoleRoutes)
  await fastify.register(rosterConsoleRoutes, { dataDir: config.dataDir })
  const oauth = identityProviders(config)
  await fastify.register(thirdPartyRoutes, { providers: oauth.providers })
  const wechat = fastify.wechatMini
  await fastify.register(wechatRoutes, { api: wechat.api })
  if (!config.isProduction) await fastify.register(devRoutes, { oauthStandInClients: oauth.standInClients, wechatFakeApps: wechat.fakeApps })

  await fastify.register(consoleApp, { consoleDir: config.consoleDir })
  await fastify.register(portal, { portalDir: config.portalDir, page })
}
