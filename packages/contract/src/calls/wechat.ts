import { z } from 'zod'
import { defineCall } from './define'
import { agreementIdsField } from './fields'
import { LoginSignupResultSchema } from './login'
import { PUSH_KINDS, wire } from './wire'

/** A code of the mini-program's `wx.login` or phone-number button (WeChat's are 32 characters; room to spare). */
const wechatCodeField = z.string().trim().min(8).max(128)

export const WechatOpenIdSchema = z.object({
  /** The user's open id in this mini-program (per environment, SPEC §3); the session key stays in the gateway. */
  openId: z.string(),
})
export type WechatOpenId = z.infer<typeof WechatOpenIdSchema>

export const wechatGetOpenId = defineCall({
  ...wire.wechatGetOpenId,
  summary: "Exchanges the mini-program's wx.login code with WeChat (jscode2session) for the open id, bound to the device",
  tags: ['wechat'],
  query: z.object({ code: wechatCodeField }),
  response: WechatOpenIdSchema,
})

export const WeChatMiniQuickLoginBodySchema = z.object({
  /** The code of the `getPhoneNumber` button (WeChat's phone-number quick verification). */
  phoneCode: wechatCodeField,
  /** A fresh `wx.login` code: binds the mini-program's open id to the account signed in. */
  loginCode: wechatCodeField.optional(),
  /** Needed only when the phone has no account yet: the agreements of set 1 the user ticked. */
  agreementIds: agreementIdsField.optional(),
})

export const weChatMiniQuickLogin = defineCall({
  ...wire.weChatMiniQuickLogin,
  summary:
    "Signs in with WeChat's phone-number quick verification (getuserphonenumber), creating the account of a new phone (then the agreements are required)",
  tags: ['wechat', 'login'],
  body: WeChatMiniQuickLoginBodySchema,
  response: LoginSignupResultSchema,
})

/**
 * WeChat subscribe messages (issue 35): the mini-program's template of each push kind configured
 * (WECHAT_SUBSCRIBE_TEMPLATE_*), and how many one-time messages the user's accepts still allow.
 */
export const SubscribeTemplatesSchema = z.array(
  z.object({
    kind: z.enum(PUSH_KINDS),
    /** WeChat's template id, for `wx.requestSubscribeMessage`. */
    templateId: z.string(),
    /** Messages of this template the user's accepts still allow (one per accept). */
    remaining: z.number().int(),
  }),
)
export type SubscribeTemplates = z.infer<typeof SubscribeTemplatesSchema>

export const wechatSubscribeTemplates = defineCall({
  ...wire.wechatSubscribeTemplates,
  summary: "The mini-program's subscribe-message template of each push kind that has one, with the messages the user's accepts still allow",
  tags: ['wechat', 'notices'],
  response: SubscribeTemplatesSchema,
})

export const WechatSubscribeAcceptBodySchema = z.object({
  /** The template ids `wx.requestSubscribeMessage` answered 'accept' for (each is one allowed message). */
  templateIds: z.array(z.string().trim().min(1).max(128)).min(1).max(PUSH_KINDS.length),
  /** A fresh `wx.login` code when the device's open id is not known to the gateway yet. */
  loginCode: wechatCodeField.optional(),
})

export const wechatSubscribeAccept = defineCall({
  ...wire.wechatSubscribeAccept,
  summary:
    "Records the templates the user accepted in wx.requestSubscribeMessage: one allowed subscribe message each, for this user and the device's open id; answers the templates with what they allow",
  tags: ['wechat', 'notices'],
  body: WechatSubscribeAcceptBodySchema,
  response: SubscribeTemplatesSchema,
})
