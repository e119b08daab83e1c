import { type CallDef, type CallInput, callUrl } from '@ess/contract'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { injectSigned } from './signed'

export interface CallOptions {
  token?: string
  deviceId?: string
  locale?: string
  userAgent?: string
  /** The `_c` client type (h5 unless named). */
  client?: string
  /** The Cookie header, as a browser sends it. */
  cookie?: string
}

/** Makes a call of the contract as the portal does: signed, the input as query or JSON body. */
export function callApi<C extends CallDef>(app: FastifyInstance, call: C, input?: CallInput<C>, options: CallOptions = {}) {
  const inQuery = call.method === 'GET' || call.method === 'DELETE' || (!call.body && !!call.query)
  const hasBody = call.method === 'POST' || call.method === 'PUT'
  return injectSigned(app, {
    method: call.method,
    path: callUrl(call),
    ...(inQuery ? { query: input as Record<string, unknown> | undefined, ...(hasBody ? { body: {} } : {}) } : { body: input ?? {} }),
    ...options,
  })
}

/** The payload of a success envelope (fails the test on an error envelope, showing it). */
export function payloadOf<T = any>(response: LightMyRequestResponse): T {
  const body = response.json()
  expect(body, response.body).toMatchObject({ code: 200, data: { success: true } })
  return body.data.data as T
}

/** Expects a refusal of the catalogue; answers the envelope. */
export function expectRefusal(response: LightMyRequestResponse, errorCode: string, status?: number) {
  const body = response.json()
  expect(body.errorCode, response.body).toBe(errorCode)
  if (status !== undefined) expect(response.statusCode).toBe(status)
  return body as { code: number; errorCode: string; msg: string; errorMsg: string; fields?: Array<{ field: string; messageKey?: string; message: string }> }
}
