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

export default fp(
  async (fastify) => {
    fastify.decorateRequest('localeRead', undefined)
    fastify.decorateRequest('locale', {
      getter(): Locale {
        this.localeRead ??= resolveLocale(this.headers['accept-language'])
        return this.localeRead
      },
    })
  },
  { name: 'i18n' },
)
