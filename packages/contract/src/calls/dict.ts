import { z } from 'zod'
import { defineCall } from './define'
import { DICT_TYPES, wire } from './wire'

export const DictItemSchema = z.object({
  value: z.string(),
  /** In the caller's language. */
  label: z.string(),
  /** Phone regions only: the dialling code, e.g. "+86". */
  dialCode: z.string().optional(),
})
export type DictItem = z.infer<typeof DictItemSchema>

export const DictListQuerySchema = z.object({
  type: z.enum(DICT_TYPES, { error: 'field.invalid' }),
})

export const DictListSchema = z.object({
  type: z.enum(DICT_TYPES),
  items: z.array(DictItemSchema),
})
export type DictList = z.infer<typeof DictListSchema>

export const dictList = defineCall({
  ...wire.dictList,
  summary: 'A dictionary, labels in the caller language, in display order',
  tags: ['dict'],
  query: DictListQuerySchema,
  response: DictListSchema,
})
