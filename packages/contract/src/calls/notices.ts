import { z } from 'zod'
import { defineCall } from './define'
import { NoticeTargetSchema } from './open-notices'
import { NOTICE_KINDS, PUSH_KINDS, wire } from './wire'

/**
 * Push settings (SPEC §2) and the notices inbox. Each push kind is on unless the user switched it
 * off (kept per user by the gateway). Notices of enabled kinds are stored per user; security
 * notices (password, phone, email changed) always are.
 */

export const PushSettingsSchema = z.array(z.object({ kind: z.enum(PUSH_KINDS), enabled: z.boolean() }))
export type PushSettings = z.infer<typeof PushSettingsSchema>

export const pushSettings = defineCall({
  ...wire.pushSettings,
  summary: 'The push notice kinds of the user, each on or off (on by default)',
  tags: ['notices'],
  response: PushSettingsSchema,
})

export const UpdatePushSettingBodySchema = z.object({ kind: z.enum(PUSH_KINDS), enabled: z.boolean() })

export const updatePushSetting = defineCall({
  ...wire.updatePushSetting,
  summary: 'Switches one push notice kind on or off; answers every kind',
  tags: ['notices'],
  body: UpdatePushSettingBodySchema,
  response: PushSettingsSchema,
})

export const NoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** ISO time. */
  at: z.string(),
  read: z.boolean(),
  /** Where the notice leads (a portal route or an inner jump); none for most. */
  target: NoticeTargetSchema.nullable().optional(),
})
export type Notice = z.infer<typeof NoticeSchema>

export const NoticeListSchema = z.object({ unread: z.number().int(), notices: z.array(NoticeSchema) })
export type NoticeList = z.infer<typeof NoticeListSchema>

export const noticeList = defineCall({
  ...wire.noticeList,
  summary: 'The notices of the user (enabled kinds and security), newest first, with the unread count',
  tags: ['notices'],
  response: NoticeListSchema,
})

export const NoticeReadBodySchema = z.object({ id: z.string().uuid().optional() })

export const noticeRead = defineCall({
  ...wire.noticeRead,
  summary: 'Marks one notice (id) or all notices read; answers the unread count',
  tags: ['notices'],
  body: NoticeReadBodySchema,
  response: z.object({ unread: z.number().int() }),
})
