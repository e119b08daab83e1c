import { type Locale, resolveLocale } from '@ess/contract'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    /** The product locale of the caller, from `accept-language`. */
    readonly locale: Locale
  }
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest('locale', {
      getter(): Locale {
        return resolveLocale(this.headers['accept-language'])
      },
    })
  },
  { name: 'i18n' },
)
