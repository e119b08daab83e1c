import { z } from 'zod'
import { defineCall } from './define'
import { agreementIdsField } from './fields'
import { LoginSignupResultSchema } from './login'
import { wire } from './wire'

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
