import { HEADERS } from '@ess/contract'
import type { FastifyRequest } from 'fastify'
import { sha256Hex } from './digest'

/** Where a request comes from: recorded with sessions and signatures, and the key of per-client limits. */
export interface ClientOrigin {
  ip: string
  /** The `_ut` device id (signed, so present on every signed call). */
  deviceId: string
  /** The `_c` client type (ios, android, h5, or an outer client id). */
  client: string
  /** The User-Agent header (not signed: shown to the user as a hint of the device, never trusted). */
  userAgent?: string
}

const MAX = 128
const MAX_USER_AGENT = 512

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value)?.slice(0, MAX) ?? ''
}

export function clientOrigin(request: FastifyRequest): ClientOrigin {
  const userAgent = request.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? ''
  return { ip: request.ip, deviceId: header(request, HEADERS.deviceId), client: header(request, HEADERS.client), userAgent }
}

/** The key of per-client limits: the device id and the address together (neither alone is trusted). */
export const clientKey = (origin: ClientOrigin) => sha256Hex(`${origin.deviceId}\n${origin.ip}`).slice(0, 32)

/** The signed header of a request (e.g. the `_tk` token), or undefined. */
export function signedHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value) || undefined
}
