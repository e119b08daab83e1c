import { type Locale, PUSH_KINDS, type PushKind, type SubscribeTemplates } from '@ess/contract'
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { wechatSubscribeAccept } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import type { WechatMiniApi } from './api'
import { deviceOpenId, rememberDeviceOpenId } from './service'

export interface SubscribeDeps {
  db: Database
  kv: Kv
  now: () => Date
  log: FastifyBaseLogger
  /** Absent without a mini-program (production without WECHAT_MINI_APPID). */
  api?: WechatMiniApi
  /** WECHAT_SUBSCRIBE_TEMPLATE_*: WeChat's template id of each push kind that has one. */
  templates: Partial<Record<PushKind, string>>
}

/** The configured templates, in push-kind order, with the messages the user's accepts still allow. */
export async function subscribeTemplates(deps: SubscribeDeps, userId: string): Promise<SubscribeTemplates> {
  const configured = PUSH_KINDS.flatMap((kind) => (deps.templates[kind] ? [{ kind, templateId: deps.templates[kind] as string }] : []))
  if (!deps.api || !configured.length) return []
  const rows = await deps.db
    .select({ templateId: wechatSubscribeAccept.templateId, left: count() })
    .from(wechatSubscribeAccept)
    .where(
      and(
        eq(wechatSubscribeAccept.userId, userId),
        eq(wechatSubscribeAccept.appId, deps.api.appId),
        isNull(wechatSubscribeAccept.usedAt),
        inArray(
          wechatSubscribeAccept.templateId,
          configured.map((t) => t.templateId),
        ),
      ),
    )
    .groupBy(wechatSubscribeAccept.templateId)
  const left = new Map(rows.map((row) => [row.templateId, Number(row.left)]))
  return configured.map((t) => ({ ...t, remaining: left.get(t.templateId) ?? 0 }))
}

/**
 * `wechat/subscribeAccept`: each template the user accepted in wx.requestSubscribeMessage is one
 * allowed subscribe message (WeChat's one-time subscription) for this user and the open id of the
 * WeChat user on this device — the one `wechat/getOpenId` remembered, or that of a fresh
 * wx.login code. A template not configured is refused and nothing is recorded; so is a device
 * whose open id is not known (WECHAT_OPENID_UNKNOWN).
 */
export async function acceptSubscriptions(
  deps: SubscribeDeps,
  userId: string,
  input: { templateIds: string[]; loginCode?: string },
  origin: ClientOrigin,
  locale: Locale,
): Promise<SubscribeTemplates> {
  const api = deps.api
  if (!api) throw new AppError('WECHAT_UNAVAILABLE')
  const known = new Set(Object.values(deps.templates))
  if (input.templateIds.some((id) => !known.has(id))) throw new AppError('WECHAT_TEMPLATE_UNKNOWN')
  let openId: string | undefined
  if (input.loginCode) {
    const identity = await api.codeToSession(input.loginCode, deps.log)
    await rememberDeviceOpenId(deps.kv, api.appId, origin.deviceId, identity)
    openId = identity.openId
  } else {
    openId = await deviceOpenId(deps.kv, api.appId, origin.deviceId)
  }
  if (!openId) throw new AppError('WECHAT_OPENID_UNKNOWN')
  const now = deps.now()
  await deps.db.insert(wechatSubscribeAccept).values(
    input.templateIds.map((templateId) => ({ userId, appId: api.appId, openId: openId as string, templateId, locale, acceptedAt: now })),
  )
  return subscribeTemplates(deps, userId)
}
