import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http'
import { Socket } from 'node:net'
import path from 'node:path'
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
 * Security headers on every response, made by helmet (the library behind @fastify/helmet): a
 * Content-Security-Policy the portal passes (its own scripts and the hashed inline one, no other
 * inline script, no eval; styles may be inline: the UI kit sets style attributes), no framing by
 * other sites, `nosniff`, the referrer policy, HSTS (browsers heed it over TLS only), and the
 * Permissions-Policy, which helmet does not set. Pages the gateway renders itself (agreements,
 * outbox, sample provider, API docs) set stricter policies of their own, which replace these.
 *
 * Helmet's headers are computed once at start. @fastify/helmet calls `helmet(options)` again for
 * every request: it rebuilt the middlewares and parsed the CSP directives anew each time, 11% of the
 * gateway's CPU time on a signed call (bench/profile.ts, bench/RESULTS.md), for the same headers.
 */
export default fp<{ portalDir: string }>(
  async (fastify, { portalDir }) => {
    const headers = { ...helmetHeaders(helmetOptions(portalDir)), 'permissions-policy': PERMISSIONS_POLICY }
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
  },
  { name: 'security-headers' },
)
