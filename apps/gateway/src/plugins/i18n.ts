import { type Locale, resolveLocale } from '@ess/contract'
import fp from 'fastify-plugin'
import { memoByText } from '../lib/memo'

declare module 'fastify' {
  interface FastifyRequest {
    /** The product locale of the caller, from `accept-language`. */
    readonly locale: Locale
    /** The locale once read (resolveLocale parses and ranks the header: once a request is enough). */
    localeRead: Locale | undefined
  }
}

/** resolveLocale parses and ranks the header on each call: its answer for each text is kept. */
const localeOfText = memoByText((header): Locale => resolveLocale(header))
const localeOf = (header: string | undefined): Locale => (header ? localeOfText(header) : resolveLocale(header))

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
