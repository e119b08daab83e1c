import { ErrorEnvelopeSchema, type DictType, type Locale, calls, callUrl, ok, successEnvelope } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { CachedAnswer } from '../../lib/cached-answer'
import { getDictionary } from './service'

/**
 * The dictionaries are static: only the start-up seed writes them, from the code every gateway
 * runs (data.ts). So each process keeps each answer (dictionary × language) as its envelope text,
 * read from the database once, serialised and compressed once, like the cached CMS pages; a new release of
 * data.ts reaches a gateway with its restart. The call stays signed and nonce-checked.
 */
export default async function dictRoutes(fastify: FastifyInstance) {
  const answers = new Map<string, Promise<CachedAnswer>>()
  const answer = (type: DictType, locale: Locale) => {
    const key = `${type}:${locale}`
    let body = answers.get(key)
    if (!body) {
      body = getDictionary(fastify.db, type, locale).then((list) => new CachedAnswer(JSON.stringify(ok(list))))
      // A failed read (the database away) is not kept: the next call tries again.
      body.catch(() => answers.delete(key))
      answers.set(key, body)
    }
    return body
  }

  const call = calls.dictList
  fastify.route({
    method: call.method,
    url: callUrl(call),
    // The answer negotiates its own encoding (CachedAnswer): @fastify/compress's hooks would only look at it.
    compress: false,
    config: { access: call.access, reagreeExempt: call.reagreeExempt ?? false },
    schema: {
      summary: call.summary,
      tags: call.tags,
      querystring: call.query,
      response: { 200: successEnvelope(call.response), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { type } = request.query as { type: DictType }
      return (await answer(type, request.locale)).send(request, reply)
    },
  })
}
