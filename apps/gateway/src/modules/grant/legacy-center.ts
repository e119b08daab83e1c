import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { SAMPLE_PROVIDER_API_PATH } from '../../config'
import { EXCHANGE_PATH } from './routes'
import { LEGACY_APP_ID } from './service'

/** How long an old-center session lives, and a device's push binding. */
const SESSION_TTL_MS = 2 * 3600_000
const BINDING_TTL_MS = 30 * 24 * 3600_000
/** The header the older user center reads its session from. */
export const LEGACY_TOKEN_HEADER = 'ouc-token'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')
const sessionKey = (token: string) => `ouc:session:${digest(token)}`

/**
 * The sample provider's API in place of the older user center's (SPEC §7 "Old user center"), in
 * that system's own answer shapes (SPEC §8): `success` or `resultCode` '1', data in `resultData`
 * or `obj`, and an ended session answered as `msg` '401' (JSON bodies) or `errorCode` '401'. Like
 * the sample page, it stands where LEGACY_USER_CENTER_API_URL would point; the portal's client for
 * the old system is the same for both.
 *
 * - POST doCiamLogin {code}: redeems a one-time code of the portal (grant code for app `ouc`) through
 *   the server-to-server exchange and opens an old-center session (`resultData.token`);
 * - POST logout: ends it;
 * - GET push/updateBinding?pushId=: the device's push binding as the old center has it (`obj`);
 * - POST push/bindingUserByAjax {pushId}: binds the device's push id to the user (`resultData`).
 */
export async function legacyCenterRoutes(fastify: FastifyInstance, options: { secret: string }) {
  const base = SAMPLE_PROVIDER_API_PATH
  const sessionOf = async (token: string | string[] | undefined) => (typeof token === 'string' && token ? fastify.kv.get(sessionKey(token)) : null)
  const ended = { success: false, resultCode: '0', msg: '401' }

  fastify.post<{ Body: { code?: unknown } }>(`${base}/doCiamLogin`, { schema: { hide: true } }, async (request) => {
    const code = typeof request.body?.code === 'string' ? request.body.code : ''
    if (!code) return { success: false, resultCode: '0', msg: 'code is required' }
    const response = await fastify.inject({
      method: 'POST',
      url: EXCHANGE_PATH,
      headers: { authorization: `Basic ${Buffer.from(`${LEGACY_APP_ID}:${options.secret}`).toString('base64')}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    })
    const answer = response.json() as { code: number; msg?: string; data: { data: { userId: string } } }
    if (answer.code !== 200) return { success: false, resultCode: '0', msg: answer.msg ?? 'code not accepted' }
    const token = randomBytes(24).toString('base64url')
    await fastify.kv.set(sessionKey(token), answer.data.data.userId, SESSION_TTL_MS)
    return { success: true, resultCode: '1', resultData: { token, userId: answer.data.data.userId, expiresIn: SESSION_TTL_MS / 1000 } }
  })

  fastify.post(`${base}/logout`, { schema: { hide: true } }, async (request) => {
    const token = request.headers[LEGACY_TOKEN_HEADER]
    if (!(await sessionOf(token))) return ended
    await fastify.kv.del(sessionKey(token as string))
    return { success: true, resultCode: '1', resultData: null }
  })

  fastify.get<{ Querystring: { pushId?: string } }>(`${base}/push/updateBinding`, { schema: { hide: true } }, async (request) => {
    const userId = await sessionOf(request.headers[LEGACY_TOKEN_HEADER])
    if (!userId) return ended
    const pushId = request.query.pushId ?? ''
    const boundTo = pushId ? await fastify.kv.get(`ouc:push:${pushId}`) : null
    // This system's older shape: resultCode and obj.
    return { resultCode: '1', obj: { pushId, bound: boundTo === userId } }
  })

  fastify.post<{ Body: { pushId?: unknown } }>(`${base}/push/bindingUserByAjax`, { schema: { hide: true } }, async (request) => {
    const userId = await sessionOf(request.headers[LEGACY_TOKEN_HEADER])
    // An ended session as errorCode here (the SPEC names both places).
    if (!userId) return { success: false, errorCode: '401' }
    const pushId = typeof request.body?.pushId === 'string' ? request.body.pushId.slice(0, 128) : ''
    if (!pushId) return { success: false, msg: 'pushId is required' }
    await fastify.kv.set(`ouc:push:${pushId}`, userId, BINDING_TTL_MS)
    return { success: true, resultData: { pushId, bound: true } }
  })
}
