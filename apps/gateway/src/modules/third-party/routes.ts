import { THIRD_PARTY_PROVIDERS, calls } from '@ess/contract'
import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { registerCall } from '../../lib/call-route'
import { loginDeps } from '../login/routes'
import { clientOrigin } from '../../lib/client-origin'
import { authOf } from '../../plugins/auth'
import { browserCookie, cookieOptions, presentedValue } from './browser-binding'
import type { IdentityProvider } from './providers'
import {
  type ThirdPartyDeps,
  authorize,
  availableProviders,
  bindLogin,
  bindLoginAccount,
  bindWithTicket,
  bindingInfo,
  completeAtCallback,
  loginWithTicket,
  unbind,
} from './service'

const CallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
  error: z.string().max(128).optional(),
})

/** Third-party accounts (contract ./third-party.ts) and the providers' return address. */
export default async function thirdPartyRoutes(fastify: FastifyInstance, options: { providers: ReadonlyMap<(typeof THIRD_PARTY_PROVIDERS)[number], IdentityProvider> }) {
  const deps = (log: FastifyInstance['log']): ThirdPartyDeps => ({
    ...loginDeps(fastify, log),
    providers: options.providers,
    publicUrl: fastify.config.publicUrl,
    returnUrls: fastify.config.oauth.returnUrls,
  })

  // This plugin's routes read and set the browser binding's cookie. The console's guard
  // (plugins/console-auth.ts) registers the cookie parser for the whole app when it is there;
  // registered twice, the plugin's decorators would clash.
  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(fastifyCookie)
  const cookie = browserCookie(fastify.config.nodeEnv === 'development')
  const presented = (request: Pick<FastifyRequest, 'cookies'>) => presentedValue(request.cookies[cookie.name])
  const started = (reply: FastifyReply, flow: Awaited<ReturnType<typeof authorize>>) => {
    if (flow.browserValue) reply.setCookie(cookie.name, flow.browserValue, cookieOptions(cookie))
    return flow.answer
  }

  registerCall(fastify, calls.thirdPartyProviders, (request) => availableProviders(deps(request.log)))
  registerCall(fastify, calls.thirdPartyLoginAuthorize, async (request, reply) =>
    started(reply, await authorize(deps(request.log), request.body, 'login', clientOrigin(request), presented(request))),
  )
  registerCall(fastify, calls.thirdPartyBindAuthorize, async (request, reply) =>
    started(reply, await authorize(deps(request.log), request.body, 'bind', clientOrigin(request), presented(request), authOf(request))),
  )
  registerCall(fastify, calls.thirdPartyLogin, (request) => loginWithTicket(deps(request.log), request.body.ticket, clientOrigin(request), presented(request)))
  registerCall(fastify, calls.getBindLoginAccount, (request) => bindLoginAccount(deps(request.log), request.query.bindLoginToken, clientOrigin(request)))
  registerCall(fastify, calls.bindLogin, (request) => bindLogin(deps(request.log), request.body, clientOrigin(request)))
  registerCall(fastify, calls.getBindingInfo, (request) => bindingInfo(deps(request.log), authOf(request).userId))
  registerCall(fastify, calls.bindThirdParty, (request) => bindWithTicket(deps(request.log), authOf(request), request.body.ticket, clientOrigin(request), presented(request)))
  registerCall(fastify, calls.unbindThirdParty, (request) => unbind(deps(request.log), authOf(request), request.body.provider, clientOrigin(request)))

  // The providers send the browser back here (not a call of the contract: a plain redirect, unsigned).
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/oauth/callback/:provider',
    { schema: { hide: true, params: z.object({ provider: z.enum(THIRD_PARTY_PROVIDERS) }), querystring: CallbackQuery } },
    async (request, reply) => {
      const location = await completeAtCallback(deps(request.log), request.params.provider, request.query, presented(request))
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 303)
    },
  )
}
