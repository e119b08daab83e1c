import { ERRORS, type ErrorCode, type FieldIssue, resolveLocale, toFieldIssues } from '@ess/contract'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from '../lib/app-error'
import { errorEnvelope } from '../lib/envelope'
import { isApiPath, pathOf } from '../lib/url'
import { routeIndex } from '../lib/route-index'

export interface ErrorsOptions {
  /** Answers a GET outside /app and /dev that matched no route nor file (the portal's page). */
  pageFallback: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

/** Client errors raised by Fastify and its plugins (bad JSON, too large, wrong type, bad URL…), by status. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
}

const clientError = (status: number | undefined): ErrorCode | undefined =>
  status !== undefined && status >= 400 && status < 500 ? (BY_STATUS[status] ?? 'BAD_REQUEST') : undefined

interface Classified {
  errorCode: ErrorCode
  fields?: FieldIssue[]
  params?: Record<string, string | number>
  retryAfterS?: number
}

/** Which catalogue entry a failure is; undefined for an unexpected one (a bug or a broken dependency). */
function classify(error: FastifyError, request: FastifyRequest): Classified | undefined {
  if (error instanceof AppError) {
    return { errorCode: error.errorCode, fields: error.fields, params: error.params, retryAfterS: error.retryAfterS }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? '',
      code: issue.keyword,
    }))
    // One message per field, the first rule it broke (a too-short phone is not also "invalid").
    const fields = toFieldIssues(issues, request.locale).filter(
      (issue, index, all) => all.findIndex((other) => other.field === issue.field) === index,
    )
    return { errorCode: 'VALIDATION_FAILED', fields }
  }
  if (isResponseSerializationError(error)) return undefined
  const errorCode = clientError(error.statusCode)
  return errorCode ? { errorCode } : undefined
}

function sendError(reply: FastifyReply, errorCode: ErrorCode, details: Omit<Classified, 'errorCode'> = {}) {
  const { request } = reply
  if (details.retryAfterS !== undefined) reply.header('retry-after', String(details.retryAfterS))
  return reply
    .code(ERRORS[errorCode].status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(errorCode, request.locale, request.id, details.fields, details.params, details.retryAfterS))
}

/**
 * One error handler and one not-found handler for the whole app: every failure becomes the error
 * envelope of the contract with the catalogue's HTTP status, in the caller's language. Unexpected
 * errors are logged with their stack and answered SERVER_ERROR; their message never leaves.
 */
export default fp<ErrorsOptions>(
  async (fastify, { pageFallback }) => {
    const routes = routeIndex(fastify)

    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      const known = classify(error, request)
      if (!known) {
        request.log.error({ err: error }, 'request failed')
        return sendError(reply, 'SERVER_ERROR')
      }
      if (error.cause) request.log.warn({ errorCode: known.errorCode, err: error.cause }, 'request refused')
      else request.log.info({ errorCode: known.errorCode }, 'request refused')
      return sendError(reply, known.errorCode, known)
    })

    fastify.setNotFoundHandler((request, reply) => {
      const path = pathOf(request.url)
      const allowed = routes.methodsFor(path)
      const method = request.method === 'HEAD' ? 'GET' : request.method
      if (allowed.length && !allowed.includes(method)) {
        return sendError(reply.header('allow', allowed.join(', ')), 'METHOD_NOT_ALLOWED')
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !/\.[^/]*$/.test(path)) {
        return pageFallback(request, reply)
      }
      return sendError(reply, 'NOT_FOUND')
    })
  },
  { name: 'errors', dependencies: ['i18n'] },
)

/** For errors raised before routing (a malformed URL): Fastify's `frameworkErrors` option. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const errorCode = clientError(error.statusCode) ?? 'BAD_REQUEST'
  reply
    .code(ERRORS[errorCode].status)
    .header('x-trace-id', request.id)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(errorCode, resolveLocale(request.headers['accept-language']), request.id))
}
