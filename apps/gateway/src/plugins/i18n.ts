import { type Locale, resolveLocale } from '@ess/contract'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    /** The product locale of the caller, from `accept-language`. */
    readonly locale: Locale
    /** The locale once read (resolveLocale parses and ranks the header: once a request is enough). */
    localeRead: Locale | undefined
  }
}

/** At most this many `accept-language` texts are remembered (browsers send a handful). */
const REMEMBERED_HEADERS = 256
const localeByHeader = new Map<string, Locale>()

/** resolveLocale parses and ranks the header on each call: its answer for each text is kept. */
function localeOf(header: string | undefined): Locale {
  if (!header) return resolveLocale(header)
  let locale = localeByHeader.get(header)
  if (!locale) {
    if (localeByHeader.size >= REMEMBERED_HEADERS) localeByHeader.clear()
    localeByHeader.set(header, (locale = resolveLocale(header)))
  }
  return locale
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest('localeRead', undefined)
    fastify.decorateRequest('locale', {
      getter(): Locale {
        this.localeRead ??= localeOf(this.headers['accept-language'])
        return this.localeRead
      },
    })
  },
  { name: 'i18n' },
)
