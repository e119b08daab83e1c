import { ErrorEnvelopeSchema, allowedRedirect, calls, ok, parseAllowList, successEnvelope } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { SAMPLE_PROVIDER_LOGIN_PATH } from '../../config'
import { registerCall } from '../../lib/call-route'
import { loadDevicePseudonyms } from '../../infra/crypto/device-pseudonym'
import { clientOrigin } from '../../lib/client-origin'
import { authOf } from '../../plugins/auth'
import { LEGACY_APP_ID, authenticateApp, issueGrantCode, loadLegacySecret, redeemGrantCode, registerLegacyApp } from './service'
import { type AskedRedirect, type Exchanged, samplePage } from './sample-page'
import { legacyCenterRoutes } from './legacy-center'

/** The server-to-server exchange of a one-time code (documented in the README). */
export const EXCHANGE_PATH = '/app/sso/grant/exchange'

const RedeemedSchema = z.object({
  userId: z.string(),
  appId: z.string(),
  dest: z.string().nullable(),
  phone: z.string().nullable(),
  certified: z.boolean(),
  name: z.string().nullable(),
  employeeNo: z.string().nullable(),
  companyName: z.string().nullable(),
})

export default async function grantRoutes(fastify: FastifyInstance) {
  const secret = loadLegacySecret(fastify.config.keysDir)
  await registerLegacyApp(fastify.db, secret)

  await legacyCenterRoutes(fastify, { secret })
  const pseudonyms = loadDevicePseudonyms(fastify.config.keysDir)

  registerCall(fastify, calls.grantCode, async (request) => {
    const issued = await issueGrantCode(fastify.db, authOf(request), request.query, fastify.now())
    return {
      ...issued,
      deviceAlias: pseudonyms.of(request.query.authAppId, clientOrigin(request).deviceId),
      legacyLoginUrl: fastify.config.legacyLoginUrl,
      legacyApiUrl: fastify.config.legacyApiUrl,
      assistantApiUrl: fastify.config.assistantApiUrl,
    }
  })

  // The older system redeems a code: authenticated as an app (HTTP Basic), not signed like the portal.
  fastify.route({
    method: 'POST',
    url: EXCHANGE_PATH,
    config: { serverToServer: true },
    schema: {
      summary: 'Server-to-server: an app (HTTP Basic with its id and secret) redeems a one-time code for the user it was issued for',
      tags: ['sso'],
      body: z.object({ code: z.string().min(1).max(128) }),
      response: { 200: successEnvelope(RedeemedSchema), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      const appId = await authenticateApp(fastify.db, request.headers.authorization)
      return ok(await redeemGrantCode(fastify.db, fastify.kv, appId, (request.body as { code: string }).code, fastify.now()))
    },
  })

  // The sample provider page (the default legacy login URL): redeems the code through the exchange
  // route above with the legacy app's credentials, and shows who signed in and what was asked for.
  fastify.get(SAMPLE_PROVIDER_LOGIN_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>
    const lang = query.lang === 'en-US' ? 'en-US' : 'zh-CN'
    let result: Exchanged
    if (!query.code) result = { ok: false }
    else {
      const response = await fastify.inject({
        method: 'POST',
        url: EXCHANGE_PATH,
        headers: { authorization: `Basic ${Buffer.from(`${LEGACY_APP_ID}:${secret}`).toString('base64')}`, 'content-type': 'application/json', 'accept-language': lang },
        payload: JSON.stringify({ code: query.code }),
      })
      const body = response.json() as { code: number; data: { data: z.infer<typeof RedeemedSchema> }; msg?: string }
      result = body.code === 200 ? { ok: true, identity: body.data.data } : { ok: false, message: body.msg }
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
      .send(samplePage(lang, result, { redirect: askedRedirect(`${request.protocol}://${request.host}`, query.redirect), source: query.source ?? null, openId: query.openId ?? null }))
  })
}

/** The older center takes `redirect` for a page of its own only (the same comparison as every address from outside). */
function askedRedirect(origin: string, redirect: string | undefined): AskedRedirect {
  if (!redirect) return null
  let page: URL | null = null
  try {
    page = allowedRedirect(redirect, parseAllowList([`${origin}/`]))
  } catch {
    // A Host header that is no host: nothing is this system's page.
  }
  return page ? { allowed: `${page.pathname}${page.search}${page.hash}` } : { refused: redirect }
}
