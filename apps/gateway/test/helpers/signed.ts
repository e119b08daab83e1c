import { randomBytes } from 'node:crypto'
import { HEADERS, PORTAL_APP_ID, buildQuery, signRequest } from '@ess/contract'
import type { FastifyInstance, InjectOptions } from 'fastify'

export interface SignedRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path without query. */
  path: string
  query?: Record<string, unknown>
  /** Sent as JSON. */
  body?: unknown
  /** Signed as this exact string instead of the JSON of `body` (e.g. UNSIGNED_PAYLOAD for uploads). */
  rawBody?: string
  token?: string
  locale?: string
  /** Overrides of the signed values (defaults: now, a fresh nonce, the portal's app id). */
  timestamp?: string
  nonce?: string
  appId?: string
  client?: string
  deviceId?: string
}

export const freshNonce = () => randomBytes(16).toString('base64url')

/** Headers a client sends for this request, signed with the contract's signRequest. */
export function signedHeaders(request: SignedRequest): Record<string, string> {
  const method = request.method ?? 'GET'
  const values = {
    appId: request.appId ?? PORTAL_APP_ID,
    client: request.client ?? 'h5',
    nonce: request.nonce ?? freshNonce(),
    timestamp: request.timestamp ?? String(Date.now()),
    deviceId: request.deviceId ?? 'device-test-0000000001',
    token: request.token,
  }
  const signature = signRequest({
    method,
    path: request.path,
    query: buildQuery(request.query),
    body: request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
    ...values,
  })
  return {
    [HEADERS.appId]: values.appId,
    [HEADERS.client]: values.client,
    [HEADERS.nonce]: values.nonce,
    [HEADERS.timestamp]: values.timestamp,
    [HEADERS.deviceId]: values.deviceId,
    ...(values.token ? { [HEADERS.token]: values.token } : {}),
    ...(signature ? { [HEADERS.signature]: signature } : {}),
    ...(request.locale ? { 'accept-language': request.locale } : {}),
  }
}

/** The inject options of a signed request, as the portal would send it. */
export function signed(request: SignedRequest): InjectOptions {
  const query = buildQuery(request.query)
  return {
    method: request.method ?? 'GET',
    url: query ? `${request.path}?${query}` : request.path,
    headers: {
      ...signedHeaders(request),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  }
}

export const injectSigned = (app: FastifyInstance, request: SignedRequest) => app.inject(signed(request))
