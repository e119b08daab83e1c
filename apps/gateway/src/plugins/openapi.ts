import { ASSISTANT_HEADERS, ERRORS, ERROR_CODES, ErrorEnvelopeSchema, SIGNATURE_SCHEME, SIGNATURE_WINDOW_MS } from '@ess/contract'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { packageVersion } from '../paths'
import { CONSOLE_SECURITY_SCHEMES } from './console-auth'
import { type Paths, apiGroupOf, consoleTag, describeTags, operationIdOf, pruneUnused } from './openapi-shape'

/** Schemas shown once under components and referenced by the routes. */
const documentedSchemas = z.registry<{ id: string }>()
documentedSchemas.add(ErrorEnvelopeSchema, { id: 'ErrorEnvelope' })

const catalogue = ERROR_CODES.map((key) => `| ${key} | ${ERRORS[key].code} | ${ERRORS[key].status} | ${ERRORS[key].message['en-US']} |`)

const description = `
Gateway of the employee-services portal. Every call answers the envelope
\`{"code":200,"msg":"OK","data":{"success":true,"data":<payload>}}\`; a failure answers the
\`ErrorEnvelope\` (non-200 \`code\`, stable \`errorCode\`, \`msg\`/\`errorMsg\` in the language of
\`accept-language\`, \`fields\` for invalid input, \`traceId\`) with the HTTP status below.

**Signed calls.** Every route under \`/app/user/api\`, \`/app/cms\` and \`/app/sso\` needs the headers
\`_s _t _n _aid _ut\` (and \`_tk _c\` when the client has them). \`_s\` is the hex
HMAC-SHA256, keyed with the public app key of \`_aid\`, of the lines
\`${SIGNATURE_SCHEME}\`, METHOD, path, sorted RFC 3986 query, hex SHA-256 of the exact body,
\`_aid\`, \`_c\`, \`_n\`, \`_t\`, \`_tk\`, \`_ut\` (see \`packages/contract/src/signature.ts\`). \`_t\` must be
within ${SIGNATURE_WINDOW_MS / 60_000} minutes of the server clock and \`_n\` is accepted once. The signature binds a request
together and stops replays; it does not authenticate the app (the key ships in every client) and
gives no confidentiality (only TLS does). The one exception is the server-to-server exchange
\`POST /app/sso/grant/exchange\` (route config \`serverToServer\`), called by the provider's older system
with HTTP Basic \`appId:secret\` instead. \`_tid\` (8-64 of \`A-Za-z0-9_-\`) becomes the trace id,
echoed in \`x-trace-id\`.

**Logged-in calls.** A call marked with the \`token\` scheme needs the access token of the login
state in \`_tk\` (signed like the other headers): 401 \`SESSION_INVALID\` when it is missing,
unknown, expired (2 h), revoked (logout, signOut, a reused refresh token) or its account is gone.
While a newer version of a required agreement of set 1 waits for the user's signature, those calls
answer code 430 \`PRIVACY_REAGREE\` (HTTP 403), except getUserAgreements, signAgreements, logout and
signOut. \`login/refreshToken\` rotates the pair; a refresh token presented twice ends the login.

| errorCode | code | HTTP | message (en-US) |
|---|---|---|---|
${catalogue.join('\n')}
`

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: documentedSchemas })
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: documentedSchemas })

const CONSOLE_PREFIX = '/app/console/'
type RouteConfig = { serverToServer?: boolean; access?: string }

/**
 * The security of a route that declares none in its schema, from what its config declares: a
 * server-to-server call authenticates its system with HTTP Basic; a contract call open to anyone
 * outside the signed prefixes (health) needs nothing. (The signature, auth and console-auth plugins
 * declare the security of the routes they guard.) Any other route stays without: Redocly's
 * `security-defined` refuses it.
 */
function securityOf(config: RouteConfig | undefined) {
  if (config?.serverToServer) return [{ appBasic: [] }]
  if (config?.access === 'public') return []
  return undefined
}

const signedHeader = (name: string, text: string) => ({ type: 'apiKey' as const, in: 'header' as const, name, description: text })

/** OpenAPI generated from the routes (themselves from the contract's calls); Swagger UI at /app/docs. */
export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'ESS portal gateway', version: packageVersion, description, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
        components: {
          securitySchemes: {
            signature: signedHeader('_s', 'Request signature (hex HMAC-SHA256)'),
            timestamp: signedHeader('_t', 'Client time, epoch milliseconds'),
            nonce: signedHeader('_n', 'Random 16-64 characters of A-Za-z0-9_-, used once'),
            appId: signedHeader('_aid', 'App id (the portal: 101)'),
            deviceId: signedHeader('_ut', 'Device id'),
            token: signedHeader('_tk', 'Access token of the login state (calls of a logged-in user)'),
            appBasic: { type: 'http', scheme: 'basic', description: 'Server-to-server calls: HTTP Basic with `appId:secret` of the calling system' },
            assistantToken: signedHeader(ASSISTANT_HEADERS.token, 'Session token of the sample micro-assistant (its login answers it)'),
            assistantTimestamp: signedHeader(ASSISTANT_HEADERS.timestamp, 'Client time of a micro-assistant call, epoch milliseconds'),
            assistantSignature: signedHeader(ASSISTANT_HEADERS.signature, 'hex HMAC-SHA256 of "<timestamp>\\n<body>" with the key of the micro-assistant login'),
            ...CONSOLE_SECURITY_SCHEMES,
            // The notices API (/open/api/v1): the same headers, the signature keyed with the app's own secret.
            openAppId: signedHeader('_aid', 'Notices-API app id (NOTICE_APPS)'),
            openTimestamp: signedHeader('_t', 'Client time, epoch milliseconds'),
            openNonce: signedHeader('_n', 'Random 16-64 characters of A-Za-z0-9_-, used once'),
            openSignature: signedHeader('_s', "Hex HMAC-SHA256 keyed with the app's secret (contract signOpenRequest)"),
          },
        },
        // Relative: the paths carry their /app prefix, and the document is served by the gateway it describes.
        servers: [{ url: '/', description: 'This gateway' }],
      },
      transform: (input) => {
        const { schema, url } = zodTransform(input)
        if (!schema || (schema as { hide?: boolean }).hide) return { schema, url }
        const route = input.route
        const method = [route.method].flat()[0] as string
        const declared = schema as FastifySchema & { operationId?: string; tags?: readonly string[]; security?: unknown }
        const described: FastifySchema = {
          ...declared,
          operationId: declared.operationId ?? operationIdOf(method, route.url),
          tags: url.startsWith(CONSOLE_PREFIX) ? (declared.tags ?? []).map(consoleTag) : declared.tags,
          security: declared.security ?? securityOf(route.config as RouteConfig | undefined),
        }
        return { url, schema: described }
      },
      transformObject: (input) => {
        const document = zodTransformObject(input) as { paths?: Paths; components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> } }
        const paths = document.paths ?? {}
        return pruneUnused({ ...document, tags: describeTags(paths), 'x-tagGroups': apiGroupOf(paths) }) as ReturnType<typeof zodTransformObject>
      },
    })
    // Its own policy on its pages (hashes of its inline scripts), in place of the portal's.
    await fastify.register(swaggerUi, { routePrefix: '/app/docs', staticCSP: true })
  },
  { name: 'openapi' },
)
