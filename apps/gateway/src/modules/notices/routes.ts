import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { authOf } from '../../plugins/auth'
import type { ContentScheduler } from '../cms/schedule'
import { handlePlannedNotices, plannedNoticesPending } from './console'
import noticeConsoleRoutes from './console-routes'
import { createFanout } from './fanout'
import openNoticeRoutes from './open-routes'
import { type NoticeDeps, getNotices, getPushSettings, readNotices, setPushSetting } from './service'

export default async function noticeRoutes(fastify: FastifyInstance, { scheduler }: { scheduler: ContentScheduler }) {
  const deps: NoticeDeps = { db: fastify.db, now: fastify.now }
  registerCall(fastify, calls.pushSettings, (request) => getPushSettings(deps.db, authOf(request).userId))
  registerCall(fastify, calls.updatePushSetting, (request) => setPushSetting(deps, authOf(request).userId, request.body.kind, request.body.enabled))
  registerCall(fastify, calls.noticeList, (request) => getNotices(deps.db, authOf(request).userId, request.locale))
  registerCall(fastify, calls.noticeRead, (request) => readNotices(deps, authOf(request).userId, request.body.id))

  // The fan-out of notices to many employees (the notices API and the console's notices).
  const { fanout: settings } = fastify.config.noticeApi
  const { api, templates } = fastify.wechatMini
  const { miniprogramState: state } = fastify.config.wechatMini
  const fanout = createFanout({
    database: fastify.database,
    chunk: settings.chunk,
    leaseS: settings.leaseS,
    pollMs: fastify.config.notifier.pollMs,
    now: fastify.now,
    log: fastify.log,
    subscribe: api && Object.keys(templates).length ? { notifier: fastify.notifier, appId: api.appId, templates, state } : undefined,
  })
  fastify.addHook('onReady', async () => {
    await fanout.resume()
    // A planned notice's run writes its fan-out job in the planner's transaction: the job store first.
    if (await plannedNoticesPending(fastify.db)) await fanout.started()
  })
  fastify.addHook('onClose', () => fanout.stop())
  await fastify.register(openNoticeRoutes, { deps: { db: fastify.db, now: fastify.now, fanout } })
  const consoleDeps = { db: fastify.db, now: fastify.now, fanout, scheduler }
  handlePlannedNotices(consoleDeps)
  await fastify.register(noticeConsoleRoutes, { deps: consoleDeps })
}
