import { randomBytes } from 'node:crypto'
import { type AppKeyLookup, PORTAL_APP_ID, buildQuery, signHeaders } from '@ess/contract'
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
  /** The User-Agent header (not signed). */
  userAgent?: string
  /** The Cookie header (not signed; a browser sends it with the portal's calls). */
  cookie?: string
  /** The app keys the client signs with (an outer app's); the contract's by default. */
  keys?: AppKeyLookup
}

/** The device id (`_ut`) of the test client unless a test names another. */
export const TEST_DEVICE_ID = 'device-test-0000000001'

export const freshNonce = () => randomBytes(16).toString('base64url')

/** Headers a client sends for this request, signed with the contract's signHeaders. */
export function signedHeaders(request: SignedRequest): Record<string, string> {
  return {
    ...signHeaders({
      method: request.method ?? 'GET',
      path: request.path,
      query: buildQuery(request.query),
      body: request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      appId: request.appId ?? PORTAL_APP_ID,
      client: request.client ?? 'h5',
      nonce: request.nonce ?? freshNonce(),
      timestamp: request.timestamp ?? String(Date.now()),
      deviceId: request.deviceId ?? TEST_DEVICE_ID,
      token: request.token,
    }, request.keys),
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
      ...(request.userAgent ? { 'user-agent': request.userAgent } : {}),
      ...(request.cookie ? { cookie: request.cookie } : {}),
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  }
}

export const injectSigned = (app: FastifyInstance, request: SignedRequest) => app.inject(signed(request))
