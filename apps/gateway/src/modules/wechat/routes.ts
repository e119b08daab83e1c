import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { clientOrigin } from '../../lib/client-origin'
import { loginDeps } from '../login/routes'
import type { WechatMiniApi } from './api'
import { type WechatDeps, getOpenId, weChatMiniQuickLogin } from './service'
import { type SubscribeDeps, acceptSubscriptions, subscribeTemplates } from './subscribe'
import { authOf } from '../../plugins/auth'

/** The WeChat mini-program's calls (contract ./wechat.ts). */
export default async function wechatRoutes(fastify: FastifyInstance, options: { api?: WechatMiniApi }) {
  const deps = (log: FastifyInstance['log']): WechatDeps => ({ ...loginDeps(fastify, log), api: options.api })

  registerCall(fastify, calls.wechatGetOpenId, (request) => getOpenId(deps(request.log), request.query.code, clientOrigin(request)))

  registerCall(fastify, calls.weChatMiniQuickLogin, (request) =>
    weChatMiniQuickLogin(deps(request.log), request.body, clientOrigin(request), request.locale),
  )

  const subscribeDeps = (log: FastifyInstance['log']): SubscribeDeps => ({
    db: fastify.db,
    kv: fastify.kv,
    now: fastify.now,
    log,
    api: options.api,
    templates: fastify.wechatMini.templates,
  })

  registerCall(fastify, calls.wechatSubscribeTemplates, (request) => subscribeTemplates(subscribeDeps(request.log), authOf(request).userId))

  registerCall(fastify, calls.wechatSubscribeAccept, (request) =>
    acceptSubscriptions(subscribeDeps(request.log), authOf(request).userId, request.body, clientOrigin(request), request.locale),
  )
}
