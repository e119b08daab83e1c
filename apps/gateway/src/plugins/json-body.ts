import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact JSON body string received (the request signature covers it). */
    rawBody?: string
  }
}

/**
 * JSON is the only body the gateway accepts (other types are 415). The body is parsed from the
 * string with Fastify's own parser (prototype-poisoning safe) and the string is kept. An empty
 * body is no body.
 */
export default fp(
  async (fastify) => {
    const parse = fastify.getDefaultJsonParser('error', 'error')
    fastify.decorateRequest('rawBody', undefined)
    fastify.removeAllContentTypeParsers()
    fastify.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => {
        request.rawBody = body
        if (body === '') return done(null, undefined)
        parse(request, body, done)
      },
    )
  },
  { name: 'json-body' },
)
