import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'

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

/**
 * Security headers on every response (@fastify/helmet): a Content-Security-Policy the portal passes
 * (its own scripts and the hashed inline one, no other inline script, no eval; styles may be inline:
 * the UI kit sets style attributes), no framing by other sites, `nosniff`, the referrer policy,
 * HSTS (browsers heed it over TLS only), and the Permissions-Policy, which helmet does not set.
 * Pages the gateway renders itself (agreements, outbox, sample provider, API docs) set stricter
 * policies of their own.
 */
export default fp<{ portalDir: string }>(
  async (fastify, { portalDir }) => {
    await fastify.register(helmet, {
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
    fastify.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY)
    })
  },
  { name: 'security-headers' },
)
