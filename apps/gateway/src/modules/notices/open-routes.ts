import { timingSafeEqual } from 'node:crypto'
import {
  ErrorEnvelopeSchema,
  HEADERS,
  NONCE_PATTERN,
  NoticeDeliverySchema,
  OPEN_API_PREFIX,
  type PushKind,
  SIGNATURE_WINDOW_MS,
  SendNoticeBodySchema,
  SentNoticeSchema,
  TIMESTAMP_PATTERN,
  ok,
  signOpenRequest,
  successEnvelope,
} from '@ess/contract'
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import { z } from 'zod'
import { onceKeys } from '../../infra/kv/once'
import { AppError } from '../../lib/app-error'
import { pathOf, queryOf } from '../../lib/url'
import { NONCE_MAX_TTL_MS, nonceTtlMs } from '../../plugins/signature'
import { loadAppSecret } from '../grant/service'
import { type BatchDeps, acceptBatch, batchDelivery, hashOf, requestText } from './batch'

declare module 'fastify' {
  interface FastifyRequest {
    /** The notices-API app that signed the call. */
    noticeApp?: string
  }
}

/** A notices-API app's secret, made at first start in `<KEYS_DIR>/notice-app-<id>.secret`. */
export const noticeAppSecret = (keysDir: string, appId: string) => loadAppSecret(keysDir, `notice-app-${appId}.secret`)

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/
const RATE_WINDOW_MS = 60_000

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

const security = [{ openAppId: [], openTimestamp: [], openNonce: [], openSignature: [] }]
const errors = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema }
const TAGS = ['notices API (server to server)']

/**
 * The notices API (README "Notices API"): the provider's systems send notices to employees. Each
 * app of NOTICE_APPS signs its calls with its own secret (contract signOpenRequest: `_aid _t _n
 * _s`, the timestamp within the signature window, each nonce once), may send only its kinds, and
 * makes at most NOTICE_API_CALLS_PER_APP_PER_MINUTE calls a minute (counted on the KV, so across
 * gateways on Redis). Every refusal is an envelope in the caller's language.
 */
export default async function openNoticeRoutes(fastify: FastifyInstance, { deps }: { deps: BatchDeps }) {
  const { apps, callsPerAppPerMinute } = fastify.config.noticeApi
  const secrets = new Map(Object.keys(apps).map((id) => [id, noticeAppSecret(fastify.config.keysDir, id)]))
  const nonces = onceKeys(fastify.kv, NONCE_MAX_TTL_MS)

  const authenticate: preValidationAsyncHookHandler = async (request) => {
    const appId = header(request, HEADERS.appId)
    const timestamp = header(request, HEADERS.timestamp)
    const nonce = header(request, HEADERS.nonce)
    const signature = header(request, HEADERS.signature)
    if (!appId || !timestamp || !nonce || !signature) throw new AppError('SIGNATURE_MISSING')
    if (!TIMESTAMP_PATTERN.test(timestamp) || !NONCE_PATTERN.test(nonce) || !/^[0-9a-f]{64}$/.test(signature)) throw new AppError('SIGNATURE_INVALID')
    // An unknown app is checked against a key nobody holds: the same refusal, in the same time.
    const secret = secrets.get(appId) ?? `no-such-app:${appId}`
    const path = pathOf(request.url)
    const expected = signOpenRequest({ method: request.method, path, query: queryOf(request.url), body: request.rawBody, appId, nonce, timestamp }, secret)[HEADERS.signature]
    if (!secrets.has(appId) || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) throw new AppError('SIGNATURE_INVALID')
    const now = Date.now()
    if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) throw new AppError('TIMESTAMP_STALE')
    if (!(await nonces.claim(`nonce:open:${appId}:${nonce}`, nonceTtlMs(Number(timestamp), now)))) throw new AppError('NONCE_REUSED')
    // Counted once the caller is known to be the app: nobody else can use up its calls.
    const at = fastify.now().getTime()
    const window = Math.floor(at / RATE_WINDOW_MS)
    const left = (window + 1) * RATE_WINDOW_MS - at
    if ((await fastify.kv.incr(`open:rl:${appId}:${window}`, left)) > callsPerAppPerMinute) {
      throw new AppError('TOO_MANY_REQUESTS', { retryAfterS: Math.ceil(left / 1000) })
    }
    request.noticeApp = appId
  }

  fastify.route({
    method: 'POST',
    url: `${OPEN_API_PREFIX}/notices`,
    preValidation: authenticate,
    schema: {
      operationId: 'sendNotices',
      summary: 'Sends a notice of one kind to up to 1,000 employees (company code + employee number); Idempotency-Key makes a retry answer the first result',
      description:
        'Signed with the app secret (`_aid _t _n _s`). Header `Idempotency-Key` (optional, 1-128 printable ASCII): the same key with the same body answers the first result; with another body IDEMPOTENCY_KEY_CONFLICT. Text in both languages, or a templateId with its params. Each recipient is `queued` (inbox) or `skipped` (noAccount: not on the roster or no linked account; switchedOff; duplicate).',
      tags: TAGS,
      security,
      body: SendNoticeBodySchema,
      response: { 200: successEnvelope(SentNoticeSchema), ...errors },
    },
    handler: async (request) => {
      const appId = request.noticeApp as string
      const body = request.body as z.infer<typeof SendNoticeBodySchema>
      const key = header(request, 'idempotency-key')
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        const message = request.locale === 'en-US' ? 'must be 1-128 printable ASCII characters' : '须为1-128个可打印ASCII字符'
        throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'Idempotency-Key', message }] })
      }
      if (!(apps[appId] as readonly PushKind[]).includes(body.kind)) throw new AppError('NOTICE_KIND_NOT_ALLOWED')
      return ok(
        await acceptBatch(deps, {
          source: appId,
          kind: body.kind,
          text: requestText(body),
          target: body.target,
          recipients: body.recipients,
          idempotencyKey: key,
          requestHash: hashOf(request.rawBody),
        }),
      )
    },
  })

  fastify.route({
    method: 'GET',
    url: `${OPEN_API_PREFIX}/notices/:id`,
    preValidation: authenticate,
    schema: {
      operationId: 'getNoticeDelivery',
      summary: 'Delivery of a notice this app sent: per recipient and channel (inbox; WeChat subscribe message)',
      tags: TAGS,
      security,
      params: z.object({ id: z.string().uuid() }),
      response: { 200: successEnvelope(NoticeDeliverySchema), ...errors },
    },
    handler: async (request) => ok(await batchDelivery(deps.db, request.noticeApp as string, (request.params as { id: string }).id)),
  })
}
