import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http'
import { Socket } from 'node:net'
import path from 'node:path'
import type { onRequestHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The hashes ('sha256-…') of the inline scripts of the built portal page (Taro's rem-sizing snippet),
 * so the Content-Security-Policy allows exactly those and no other inline script.
 */
export function inlineScriptHashes(portalDir: string): string[] {
  const index = path.join(portalDir, 'index.html')
  if (!existsSync(index)) return []
  const html = readFileSync(index, 'utf8')
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`,
  )
}

/** Browser features the portal never uses: none of them may be used in it. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'

/** Helmet's options of the portal and the API. */
const helmetOptions = (portalDir: string): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes(portalDir)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The embedded web page (packages/webview) shows https pages of the provider.
      frameSrc: ["'self'", 'https:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // The mini-program and the native app load images and calls from their own network stacks.
  crossOriginResourcePolicy: { policy: 'same-site' },
})

/**
 * The headers helmet's middleware sets, read once off a response it is run on. None of the options
 * above depends on the request (no CSP nonce, no function directive), so every response gets the
 * same headers.
 */
export function helmetHeaders(options: HelmetOptions): OutgoingHttpHeaders {
  const response = new ServerResponse(new IncomingMessage(new Socket()))
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error
  })
  return response.getHeaders()
}

/**
 * The headers of the API's JSON answers (the contract's calls), as the OWASP REST Security Cheat
 * Sheet lists them for every API response: not stored by any cache (`no-store`: they carry
 * personal data, and a browser would otherwise keep them in its disk cache), never framed,
 * `nosniff`, HSTS; with `default-src 'none'` the policy also forbids everything should an answer
 * be opened as a page. Not embeddable by other sites' pages either (CORP). The document headers
 * (the portal's script policy, referrer, permissions, cross-origin opener and the legacy ones)
 * only mean something on an HTML page: on a JSON answer they were about 700 bytes (1,177 bytes of
 * headers, now 500) and a tenth of the CPU of the signed calls measured (bench/RESULTS.md).
 */
export const apiHeaders = (hsts: string): OutgoingHttpHeaders => ({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'strict-transport-security': hsts,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
})

/** An answer declared only with non-JSON content types (an HTML page described for the OpenAPI). */
const onlyOtherContent = (answer: unknown) =>
  typeof answer === 'object' &&
  answer !== null &&
  'content' in answer &&
  Object.keys((answer as { content: object }).content).every((type) => !type.includes('json'))

/**
 * A route that answers the API's JSON envelope: every call of the contract declares its answers.
 * A page the gateway renders may declare its answers too (for the OpenAPI) as `text/html`: still a page.
 */
const answersJson = (route: { schema?: { response?: unknown } }) => {
  const response = route.schema?.response
  if (response === undefined || response === null || typeof response !== 'object') return false
  return !Object.values(response).every(onlyOtherContent)
}

const setting =
  (headers: OutgoingHttpHeaders): onRequestHookHandler =>
  (_request, reply, done) => {
    reply.headers(headers)
    done()
  }

/**
 * Security headers on every response. Documents (the portal's page and files, the pages the
 * gateway renders, anything not found) get those made by helmet (the library behind
 * @fastify/helmet): a Content-Security-Policy the portal passes (its own scripts and the hashed
 * inline one, no other inline script, no eval; styles may be inline: the UI kit sets style
 * attributes), no framing by other sites, `nosniff`, the referrer policy, HSTS (browsers heed it
 * over TLS only), and the Permissions-Policy, which helmet does not set. Pages the gateway renders
 * itself (agreements, outbox, sample provider, API docs) set stricter policies of their own,
 * which replace these. The API's answers get apiHeaders. Each route sets its own set, chosen
 * once when it is registered; requests that match no route get the document headers.
 *
 * Helmet's headers are computed once at start. @fastify/helmet calls `helmet(options)` again for
 * every request: it rebuilt the middlewares and parsed the CSP directives anew each time, 11% of the
 * gateway's CPU time on a signed call (bench/profile.ts, bench/RESULTS.md), for the same headers.
 */
export default fp<{ portalDir: string }>(
  async (fastify, { portalDir }) => {
    const documents = { ...helmetHeaders(helmetOptions(portalDir)), 'permissions-policy': PERMISSIONS_POLICY }
    const forDocuments = setting(documents)
    const forApi = setting(apiHeaders(String(documents['strict-transport-security'])))
    fastify.addHook('onRoute', (route) => {
      const own = route.onRequest ?? []
      route.onRequest = [answersJson(route) ? forApi : forDocuments, ...(Array.isArray(own) ? own : [own])]
    })
    // Not found, and nothing else: a matched route has set its own.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.is404) reply.headers(documents)
      done()
    })
  },
  { name: 'security-headers' },
)
