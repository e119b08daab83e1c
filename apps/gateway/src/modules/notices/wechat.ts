import type { Locale, NoticeTarget, PushKind } from '@ess/contract'
import { ROUTE_PATHS } from '@ess/contract'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { wechatSubscribeAccept } from '../../db/schema'
import type { MessageQueue } from '../../infra/notifier'

/**
 * WeChat subscribe messages of the notices (issue 35): the mini-program's app, the template of
 * each push kind, and the version a message opens. Absent without a mini-program.
 */
export interface SubscribeSetup {
  notifier: Pick<MessageQueue, 'send' | 'start' | 'wake'>
  appId: string
  templates: Partial<Record<PushKind, string>>
  state: 'formal' | 'trial' | 'developer'
}

/** What a batch's subscribe message is made of. */
export interface SubscribeNotice {
  id: string
  kind: PushKind
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
  target: NoticeTarget | null
  createdAt: Date
}

/** WeChat's limit on a `thing` field's value: 20 characters. */
export const THING_MAX = 20

/** A text cut to WeChat's `thing` limit (characters, not UTF-16 units), with an ellipsis when cut. */
export function thing(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length <= THING_MAX ? chars.join('') : `${chars.slice(0, THING_MAX - 1).join('')}…`
}

/** WeChat's `time` field: "2019年10月1日 15:01" (China time), the form its documentation gives. */
export function wechatTime(at: Date): string {
  const china = new Date(at.getTime() + 8 * 3_600_000)
  const hh = String(china.getUTCHours()).padStart(2, '0')
  const mm = String(china.getUTCMinutes()).padStart(2, '0')
  return `${china.getUTCFullYear()}年${china.getUTCMonth() + 1}月${china.getUTCDate()}日 ${hh}:${mm}`
}

/**
 * The mini-program page a message opens: the notice's portal route, or the inbox (an inner jump
 * to the older pages needs a grant made when the employee taps it there).
 */
export function subscribePage(target: NoticeTarget | null): string {
  return target?.type === 'route' ? target.path : ROUTE_PATHS.notices
}

/**
 * The template fields (README "WeChat subscribe messages": every template chosen for a push kind
 * has these keywords): thing1 the title, time2 when it was sent, thing3 the start of the text.
 */
export function subscribeData(notice: SubscribeNotice, locale: Locale): Record<string, { value: string }> {
  const en = locale === 'en-US'
  return {
    thing1: { value: thing(en ? notice.titleEn : notice.titleZh) },
    time2: { value: wechatTime(notice.createdAt) },
    thing3: { value: thing(en ? notice.bodyEn : notice.bodyZh) },
  }
}

/** The key of a recipient's subscribe message: its accept's use and its queue message, once each. */
export const subscribeKey = (batchId: string, userId: string) => `notice-wechat:${batchId}:${userId}`

/**
 * In the fan-out chunk's transaction: for each user of the chunk with an unused accept of the
 * kind's template, uses up the oldest one and queues a subscribe message to its open id, in the
 * language it was accepted in. Answers the queued message of each such user, and the users who
 * subscribed to the template before but have no accept left (nothing by WeChat); the chunk's
 * transaction makes both happen exactly when its inbox rows do. A chunk run again (a gateway that
 * died) finds its recipients done; two gateways on one chunk collide on the accept's unique
 * `usedFor` and the queue's idempotency key, and one of them rolls back.
 */
export async function queueSubscribeMessages(
  tx: Database,
  setup: SubscribeSetup,
  notice: SubscribeNotice,
  userIds: string[],
  now: Date,
): Promise<{ queued: Map<string, number>; exhausted: Set<string> }> {
  const templateId = setup.templates[notice.kind]
  const queued = new Map<string, number>()
  const exhausted = new Set<string>()
  if (!templateId || !userIds.length) return { queued, exhausted }
  const accepts = await tx
    .select({ id: wechatSubscribeAccept.id, userId: wechatSubscribeAccept.userId, usedAt: wechatSubscribeAccept.usedAt })
    .from(wechatSubscribeAccept)
    .where(and(eq(wechatSubscribeAccept.appId, setup.appId), eq(wechatSubscribeAccept.templateId, templateId), inArray(wechatSubscribeAccept.userId, userIds)))
    .orderBy(asc(wechatSubscribeAccept.acceptedAt), asc(wechatSubscribeAccept.id))
  const oldest = new Map<string, string>()
  for (const row of accepts) {
    exhausted.add(row.userId)
    if (!row.usedAt && !oldest.has(row.userId)) oldest.set(row.userId, row.id)
  }
  if (!oldest.size) return { queued, exhausted }
  const used = await tx
    .update(wechatSubscribeAccept)
    .set({ usedAt: now, usedFor: sql`${`notice-wechat:${notice.id}:`} || ${wechatSubscribeAccept.userId}::text` })
    .where(and(inArray(wechatSubscribeAccept.id, [...oldest.values()]), isNull(wechatSubscribeAccept.usedAt)))
    .returning({ userId: wechatSubscribeAccept.userId, openId: wechatSubscribeAccept.openId, locale: wechatSubscribeAccept.locale })
  const page = subscribePage(notice.target)
  for (const accept of used) {
    const locale = accept.locale as Locale
    const data = subscribeData(notice, locale)
    const sent = await setup.notifier.send(
      {
        channel: 'wechat',
        to: accept.openId,
        locale,
        template: 'subscribeMessage',
        params: {
          templateId,
          page,
          state: setup.state,
          lang: locale === 'en-US' ? 'en_US' : 'zh_CN',
          data: JSON.stringify(data),
          summary: data.thing1.value,
        },
      },
      { tx, idempotencyKey: subscribeKey(notice.id, accept.userId) },
    )
    queued.set(accept.userId, sent.id)
    exhausted.delete(accept.userId)
  }
  // Subscribed before, but every accept is used up (or taken by a racing gateway): nothing by WeChat.
  for (const userId of oldest.keys()) if (queued.has(userId)) exhausted.delete(userId)
  return { queued, exhausted }
}
