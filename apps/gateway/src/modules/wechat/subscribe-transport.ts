import type { FastifyBaseLogger } from 'fastify'
import { DeliveryError, type Transport } from '../../infra/notifier/delivery'
import { AppError } from '../../lib/app-error'
import { type SubscribeMessage, TOKEN_ERRORS, type WechatMiniApi } from './api'

/**
 * WeChat's answers to subscribe/send that end the attempt for good (its documented error table):
 * 43101 the user refused or has no subscription left, 40003 the open id is not of this app, 47003
 * the template data does not fit the template, 40037 an unknown template id, 41030 a page that is
 * not in the mini-program. Sending again would fail the same way and use up nothing more.
 */
export const PERMANENT_SUBSCRIBE_ERRORS: ReadonlySet<number> = new Set([43101, 40003, 47003, 40037, 41030])
/**
 * Answers that may pass: -1 system busy, 45009 / 45011 call quotas (per day, per minute), and an
 * access token still refused after one refresh. The queue retries them with its backoff.
 */
export const TRANSIENT_SUBSCRIBE_ERRORS: ReadonlySet<number> = new Set([-1, 45009, 45011, ...TOKEN_ERRORS])

/** The delivery code the queue keeps for a WeChat error (`wechat:43101`). */
export const wechatCode = (errcode: number) => `wechat:${errcode}`

/**
 * The send queue's `wechat` channel: a queued subscribe message (to an open id; its WeChat template,
 * page, version, language and fields in the message's parameters) sent through
 * `cgi-bin/message/subscribe/send` with the access token the mini-program's sign-in uses. An
 * errcode not in either table is taken as permanent (a message WeChat refuses is not sent twice).
 */
export function wechatSubscribeTransport(api: WechatMiniApi, log: FastifyBaseLogger): Transport {
  return {
    name: 'wechat',
    check(message) {
      if (message.template !== 'subscribeMessage') throw new DeliveryError(true, 'not-wechat', `${message.template} is not a WeChat subscribe message`)
    },
    async deliver(message) {
      if (message.template !== 'subscribeMessage') throw new DeliveryError(true, 'not-wechat', `${message.template} is not a WeChat subscribe message`)
      const { templateId, page, state, lang, data } = message.params
      const body: SubscribeMessage = {
        touser: message.to,
        template_id: templateId,
        page,
        data: JSON.parse(data) as SubscribeMessage['data'],
        miniprogram_state: state as SubscribeMessage['miniprogram_state'],
        lang: lang as SubscribeMessage['lang'],
      }
      let answer: Awaited<ReturnType<WechatMiniApi['sendSubscribeMessage']>>
      try {
        answer = await api.sendSubscribeMessage(body, log)
      } catch (error) {
        // Unreachable (or its access token could not be had): the queue tries again.
        const code = error instanceof AppError ? 'network' : 'error'
        throw new DeliveryError(false, code, 'WeChat subscribe/send not reached', { cause: error })
      }
      if (answer.errcode === 0) return { providerMessageId: answer.msgid }
      const permanent = !TRANSIENT_SUBSCRIBE_ERRORS.has(answer.errcode)
      throw new DeliveryError(permanent, wechatCode(answer.errcode), `WeChat refused the subscribe message: ${answer.errcode} ${answer.errmsg ?? ''}`.trim())
    },
  }
}
