import {
  type CallBody,
  type CallDef,
  type CallQuery,
  type CallResult,
  ErrorEnvelopeSchema,
  callUrl,
  ok,
  successEnvelope,
} from '@ess/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The request of a call, with its query and body as parsed by the call's schemas. */
export type CallRequest<C extends CallDef> = Omit<FastifyRequest, 'query' | 'body'> & {
  query: CallQuery<C>
  body: CallBody<C>
}

export type CallHandler<C extends CallDef> = (request: CallRequest<C>, reply: FastifyReply) => Promise<CallResult<C>>

/** Route options a call may set besides those of the contract. */
export interface CallRouteOptions {
  /**
   * false: no @fastify/compress hooks on the route, for an answer that is always small. The plugin
   * negotiates the caller's accept-encoding on every answer before it looks at the answer's size.
   */
  compress?: false
}

/**
 * Registers a call of the contract: its method, its path under /app, its query and body schemas,
 * and its payload schema wrapped in the success envelope (errors answer the error envelope). The
 * handler returns the payload; the OpenAPI document is generated from the same definitions.
 */
export function registerCall<C extends CallDef>(fastify: FastifyInstance, call: C, handler: NoInfer<CallHandler<C>>, options: CallRouteOptions = {}) {
  fastify.route({
    ...options,
    method: call.method,
    url: callUrl(call),
    // Read by the auth plugin: who may call, and whether the call stays open during a re-agreement.
    config: { access: call.access, reagreeExempt: call.reagreeExempt ?? false },
    schema: {
      summary: call.summary,
      tags: call.tags,
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: successEnvelope(call.response), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
    },
    handler: async (request, reply) => ok(await handler(request as unknown as CallRequest<C>, reply)),
  })
}
