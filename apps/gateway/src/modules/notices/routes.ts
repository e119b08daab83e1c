import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { authOf } from '../../plugins/auth'
import { type NoticeDeps, getNotices, getPushSettings, readNotices, setPushSetting } from './service'

export default async function noticeRoutes(fastify: FastifyInstance) {
  const deps: NoticeDeps = { db: fastify.db, now: fastify.now }
  registerCall(fastify, calls.pushSettings, (request) => getPushSettings(deps.db, authOf(request).userId))
  registerCall(fastify, calls.updatePushSetting, (request) => setPushSetting(deps, authOf(request).userId, request.body.kind, request.body.enabled))
  registerCall(fastify, calls.noticeList, (request) => getNotices(deps.db, authOf(request).userId, request.locale))
  registerCall(fastify, calls.noticeRead, (request) => readNotices(deps, authOf(request).userId, request.body.id))
}
