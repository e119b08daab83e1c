import { type KeyObject, createHmac, createSecretKey } from 'node:crypto'
import { type AppKeyLookup, HEADERS, SIGNATURE_WINDOW_MS, type SignatureHashes, UNSIGNED_PAYLOAD, appKeyLookup, verifySignature } from '@ess/contract'
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { type OnceKeys, onceKeys } from '../infra/kv/once'
import { AppError } from '../lib/app-error'
import { sha256Hex } from '../lib/digest'
import { pathOf, queryOf } from '../lib/url'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by another system with its own credentials, not by the portal: not signed. */
    serverToServer?: boolean
  }
}

/** Routes under these prefixes must carry the signed headers of the contract. */
const SIGNED_PREFIXES = ['/app/user/api/', '/app/cms/', '/app/sso/']

const isSignedPath = (url: string) => SIGNED_PREFIXES.some((prefix) => url.startsWith(prefix))

/** Uploads are signed without their payload (contract UNSIGNED_PAYLOAD); JSON bodies byte for byte. */
const signedBody = (request: FastifyRequest) =>
  header(request, 'content-type')?.toLowerCase().startsWith('multipart/form-data') ? UNSIGNED_PAYLOAD : request.rawBody

/** The HMAC key of each app key, made once (createHmac with a string prepares a new key each call). */
const hmacKeys = new Map<string, KeyObject>()
const hmacKey = (key: string) => {
  let made = hmacKeys.get(key)
  if (!made) hmacKeys.set(key, (made = createSecretKey(Buffer.from(key, 'utf8'))))
  return made
}

/** The body digest of every GET and of any call without a body, computed once. */
const EMPTY_BODY_SHA256 = sha256Hex('')

/** The contract's signature with node:crypto's native SHA-256 and HMAC (the same digests as the clients' JS ones). */
const NATIVE_HASHES: SignatureHashes = {
  sha256Hex: (text) => (text === '' ? EMPTY_BODY_SHA256 : sha256Hex(text)),
  hmacSha256Hex: (key, text) => createHmac('sha256', hmacKey(key)).update(text, 'utf8').digest('hex'),
}

/** OpenAPI security requirement of a signed route (schemes declared by the openapi plugin). */
const SIGNED_SECURITY = [{ signature: [], timestamp: [], nonce: [], appId: [], deviceId: [] }]

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * A nonce is kept until its request's timestamp leaves the window, and this much longer: the
 * clocks of several gateways on one Redis may differ by that much before a replay could find its
 * nonce forgotten by the store yet its timestamp still fresh on a gateway whose clock is behind.
 */
export const NONCE_CLOCK_SLACK_MS = 30_000

/** The longest a nonce is kept: a timestamp a whole window ahead, then the window and the slack. */
export const NONCE_MAX_TTL_MS = 2 * SIGNATURE_WINDOW_MS + NONCE_CLOCK_SLACK_MS

/**
 * How long the nonce of an accepted request (timestamp `timestamp`, checked at `now`) must be kept:
 * until the timestamp is out of the window, after which a replay is refused as stale anyway. For
 * a client whose clock agrees with the gateway's that is about one window, not the two a fixed
 * time needs to cover a timestamp a whole window ahead: half the nonces kept, in memory or Redis.
 */
export const nonceTtlMs = (timestamp: number, now: number) => timestamp + SIGNATURE_WINDOW_MS + NONCE_CLOCK_SLACK_MS - now

/**
 * The check of a signed call: the request signature of the contract (method, path, raw query,
 * exact body, signed headers), the timestamp window, then that the nonce `_n` is new for its app
 * id (kept until its timestamp has left the window: nonceTtlMs; so a replay inside or at the edge
 * of the window is refused). Exported for bench/signed-hello.ts, which measures these checks
 * alone in Fastify. `nonces` must keep keys up to NONCE_MAX_TTL_MS.
 */
export function signedCallCheck(keys: AppKeyLookup, nonces: OnceKeys): preValidationAsyncHookHandler {
  return async (request) => {
    const now = Date.now()
    const verdict = verifySignature(
      {
        method: request.method,
        path: pathOf(request.url),
        query: queryOf(request.url),
        body: signedBody(request),
        headers: request.headers,
      },
      now,
      SIGNATURE_WINDOW_MS,
      NATIVE_HASHES,
      keys,
    )
    if (!verdict.ok) throw new AppError(verdict.reason)
    const nonceKey = `nonce:${header(request, HEADERS.appId)}:${header(request, HEADERS.nonce)}`
    // The timestamp is well formed and inside the window: verifySignature checked both.
    if (!(await nonces.claim(nonceKey, nonceTtlMs(Number(header(request, HEADERS.timestamp)), now)))) throw new AppError('NONCE_REUSED')
  }
}

/** Every signed route (SIGNED_PREFIXES) checks its calls with signedCallCheck before validation. */
export default fp(
  async (fastify) => {
    // The portal's key and those of the outer apps in the configuration (OUTER_APP_KEYS).
    const verify = signedCallCheck(appKeyLookup(fastify.config.outerAppKeys), onceKeys(fastify.kv, NONCE_MAX_TTL_MS))

    fastify.addHook('onRoute', (route) => {
      // Server-to-server calls (the older system redeeming a code) authenticate as an app instead.
      if (!isSignedPath(route.url) || route.config?.serverToServer) return
      const existing = route.preValidation ?? []
      route.preValidation = [verify, ...(Array.isArray(existing) ? existing : [existing])]
      route.schema = { ...route.schema, security: SIGNED_SECURITY }
    })
  },
  { name: 'signature', dependencies: ['infra', 'json-body'] },
)
