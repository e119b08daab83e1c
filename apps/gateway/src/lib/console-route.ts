import {
  type ConsoleCallBody,
  type ConsoleCallDef,
  type ConsoleCallParams,
  type ConsoleCallQuery,
  type ConsoleCallResult,
  ErrorEnvelopeSchema,
  consoleCallNeedsStepUp,
  consoleCallUrl,
  consoleRule,
  ok,
  successEnvelope,
} from '@ess/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ConsoleRouteAccess } from '../plugins/console-auth'

/** The request of a console call, with its params, query and body as parsed by the call's schemas. */
export type ConsoleCallRequest<C extends ConsoleCallDef> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ConsoleCallParams<C>
  query: ConsoleCallQuery<C>
  body: ConsoleCallBody<C>
}

/**
 * The handler of a console call: answers the payload (wrapped in the envelope), or, for a call
 * that `produces` another media type, sends its answer through the reply itself.
 */
export type ConsoleCallHandler<C extends ConsoleCallDef> = (request: ConsoleCallRequest<C>, reply: FastifyReply) => Promise<ConsoleCallResult<C>>

/** The route config of a console call: its cell of the access table, roles and step-up read from the table. */
export function consoleAccessOf(call: ConsoleCallDef): ConsoleRouteAccess {
  if (call.access === 'public') return { public: true }
  const rule = consoleRule(call.access.resource, call.access.action)
  if (!rule) throw new Error(`${call.path}: not in the console access table`)
  return { resource: call.access.resource, action: call.access.action, roles: rule.roles, stepUp: consoleCallNeedsStepUp(call) }
}

/**
 * Registers a console call of the contract (packages/contract/src/console): method, path under
 * /app, params, query and body schemas, the payload in the success envelope, its access in
 * `config.console` for the console-auth plugin (public, or roles and step-up from the access
 * table), its tags and summary for the OpenAPI.
 */
export function registerConsoleCall<C extends ConsoleCallDef>(fastify: FastifyInstance, call: C, handler: NoInfer<ConsoleCallHandler<C>>) {
  const errors = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema }
  fastify.route({
    method: call.method,
    url: consoleCallUrl(call),
    config: { console: consoleAccessOf(call) },
    schema: {
      summary: call.summary,
      tags: call.tags,
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.produces ? { produces: [call.produces] } : {}),
      response: call.response
        ? { 200: successEnvelope(call.response), ...errors }
        : { 200: z.string().describe(`${call.produces} document`), ...errors },
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as ConsoleCallRequest<C>, reply)
      return call.response ? ok(result) : reply
    },
  })
}
