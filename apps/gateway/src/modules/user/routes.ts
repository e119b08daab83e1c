import { calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../lib/call-route'
import { authOf } from '../../plugins/auth'
import { getUserInfo } from './service'

export default async function userRoutes(fastify: FastifyInstance) {
  registerCall(fastify, calls.getUserInfo, (request) => getUserInfo(fastify.db, authOf(request).userId, fastify.now()))
}
