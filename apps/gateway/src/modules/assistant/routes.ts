import {
  ASSISTANT_AUTH_APP_ID,
  ASSISTANT_HEADERS,
  ASSISTANT_PATHS,
  AssistantAnswerSchema,
  AssistantChatBodySchema,
  AssistantLoginBodySchema,
  AssistantLoginSchema,
  AssistantSuggestionsSchema,
  ErrorEnvelopeSchema,
  SAMPLE_ASSISTANT_API_PATH,
  ok,
  successEnvelope,
} from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { EXCHANGE_PATH } from '../grant/routes'
import { registerApp } from '../grant/service'
import { type AssistantDeps, answerQuestion, assistantLogin, authenticateCall, loadAssistantSecret, suggestions } from './service'

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** OpenAPI security of the signed calls (schemes declared by the openapi plugin). */
const SIGNED_SECURITY = [{ assistantToken: [], assistantTimestamp: [], assistantSignature: [] }]

const SIGNED = `Signed with the session: \`${ASSISTANT_HEADERS.token}\` (token of the login), \`${ASSISTANT_HEADERS.timestamp}\` (ms) and \`${ASSISTANT_HEADERS.signature}\` = hex HMAC-SHA256 with the login's key of "<timestamp>\\n<exact body>" (see packages/contract/src/assistant.ts).`

/**
 * The sample micro-assistant at SAMPLE_ASSISTANT_API_PATH (README "Micro-assistant"): login with a
 * one-time code of the portal, then signed calls for suggested questions and chat. It stands where
 * ASSISTANT_API_URL points; the portal's client is the same for both.
 */
export default async function assistantRoutes(fastify: FastifyInstance) {
  const secret = loadAssistantSecret(fastify.config.keysDir)
  await registerApp(fastify.db, ASSISTANT_AUTH_APP_ID, 'Micro-assistant', secret)
  const basic = `Basic ${Buffer.from(`${ASSISTANT_AUTH_APP_ID}:${secret}`).toString('base64')}`

  const deps: AssistantDeps = {
    db: fastify.db,
    kv: fastify.kv,
    now: () => fastify.now(),
    secret,
    hotline: fastify.config.servicePhone,
    // The exchange as an outside system calls it (HTTP Basic with the app's id and secret).
    exchange: async (code) => {
      const response = await fastify.inject({
        method: 'POST',
        url: EXCHANGE_PATH,
        headers: { authorization: basic, 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      })
      const answer = response.json() as { code: number; errorCode?: string; data: { data: { userId: string } } }
      return answer.code === 200 ? { userId: answer.data.data.userId } : { errorCode: answer.errorCode ?? 'GRANT_CODE_INVALID' }
    },
  }
  const errors = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema }
  const signedCall = (request: FastifyRequest) =>
    authenticateCall(deps, {
      token: header(request, ASSISTANT_HEADERS.token),
      timestamp: header(request, ASSISTANT_HEADERS.timestamp),
      signature: header(request, ASSISTANT_HEADERS.signature),
      body: request.rawBody ?? '',
    })

  fastify.route({
    method: 'POST',
    url: `${SAMPLE_ASSISTANT_API_PATH}${ASSISTANT_PATHS.login}`,
    schema: {
      summary: 'Sample micro-assistant: login with a one-time code of the portal (auth/grantCode, authAppId 101); answers its session token and signing key',
      tags: ['micro-assistant'],
      // Its credential is the one-time code in the body.
      security: [],
      body: AssistantLoginBodySchema,
      response: { 200: successEnvelope(AssistantLoginSchema), ...errors },
    },
    handler: async (request) => ok(await assistantLogin(deps, request.body as z.infer<typeof AssistantLoginBodySchema>)),
  })

  fastify.route({
    method: 'GET',
    url: `${SAMPLE_ASSISTANT_API_PATH}${ASSISTANT_PATHS.suggestions}`,
    schema: {
      summary: `Sample micro-assistant: the entry's suggested questions and the hotline. ${SIGNED}`,
      tags: ['micro-assistant'],
      security: SIGNED_SECURITY,
      response: { 200: successEnvelope(AssistantSuggestionsSchema), ...errors },
    },
    handler: async (request) => {
      await signedCall(request)
      return ok(suggestions(deps, request.locale))
    },
  })

  fastify.route({
    method: 'POST',
    url: `${SAMPLE_ASSISTANT_API_PATH}${ASSISTANT_PATHS.chat}`,
    // The signature is checked before the body is read as a question.
    preValidation: async (request) => {
      await signedCall(request)
    },
    schema: {
      summary: `Sample micro-assistant: answers a question from the help center (search), or offers the hotline. ${SIGNED}`,
      tags: ['micro-assistant'],
      security: SIGNED_SECURITY,
      body: AssistantChatBodySchema,
      response: { 200: successEnvelope(AssistantAnswerSchema), ...errors },
    },
    handler: async (request) => ok(answerQuestion(deps, (request.body as z.infer<typeof AssistantChatBodySchema>).question, request.locale)),
  })
}
