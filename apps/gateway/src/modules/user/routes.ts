import multipart from '@fastify/multipart'
import { AVATAR_MAX_BYTES, calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../lib/app-error'
import { registerCall } from '../../lib/call-route'
import { authOf } from '../../plugins/auth'
import { findAvatar, saveAvatar } from './avatar'
import { recordCollection } from '../privacy/ledger'
import { type UserDeps, editPersonalInfo, getPersonalInfo, getUserInfo, newUserInfoCache } from './service'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export default async function userRoutes(fastify: FastifyInstance) {
  const deps: UserDeps = { db: fastify.db, fieldCipher: fastify.fieldCipher, now: fastify.now, userInfoCache: newUserInfoCache(fastify.kv) }

  // The user info is a few hundred bytes, under COMPRESS_THRESHOLD_BYTES for any ordinary user:
  // compressing it would save next to nothing, and the compress plugin's hooks cost one of the
  // hottest calls a negotiation of accept-encoding each time (user-info.test.ts).
  registerCall(fastify, calls.getUserInfo, (request) => getUserInfo(deps, authOf(request), request.locale), { compress: false })
  registerCall(fastify, calls.getUserPersonalInfo, (request) => getPersonalInfo(deps, authOf(request).userId, request.locale))
  registerCall(fastify, calls.editUserPersonalInfo, (request) => editPersonalInfo(deps, authOf(request).userId, request.body, request.locale))

  // multipart/form-data for the avatar upload only, in a scope of its own: one file of at most
  // 2 MiB. The plugin also adds an onResponse hook (removing an upload's temporary files) to every
  // route of its scope; the other user calls (getUserInfo is one of the hottest) need none.
  await fastify.register(async (upload) => {
    await upload.register(multipart, { limits: { files: 1, fields: 5, fileSize: AVATAR_MAX_BYTES, parts: 6 } })
    registerCall(upload, calls.uploadAvatar, async (request) => {
      const { userId } = authOf(request)
      const raw = request as unknown as { isMultipart(): boolean; file(): Promise<{ fieldname: string; toBuffer(): Promise<Buffer> } | undefined> }
      if (!raw.isMultipart()) throw new AppError('AVATAR_INVALID')
      const file = await raw.file()
      if (!file || file.fieldname !== 'file') throw new AppError('AVATAR_INVALID')
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('AVATAR_TOO_LARGE')
        throw new AppError('AVATAR_INVALID', { cause: error })
      })
      const photo = await saveAvatar(upload.db, userId, bytes, upload.now())
      await recordCollection(upload.db, userId, 'avatarUpload', [{ type: 'avatar' }], upload.now())
      return { photo }
    })
  })

  // The avatar image, public by its unguessable URL (user id + content hash), cached for good.
  fastify.get(
    '/app/media/avatar/:userId/:hash',
    { schema: { hide: true, params: z.object({ userId: z.string().regex(UUID), hash: z.string().regex(/^[0-9a-f]{16}$/) }) } },
    async (request, reply) => {
      const { userId, hash } = request.params as { userId: string; hash: string }
      const avatar = await findAvatar(fastify.db, userId)
      if (!avatar || !avatar.sha256.startsWith(hash)) throw new AppError('NOT_FOUND')
      return reply
        .header('content-type', avatar.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.bytes)
    },
  )
}
