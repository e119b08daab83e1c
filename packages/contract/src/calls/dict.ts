import { z } from 'zod'
import { defineCall } from './define'

/** Dictionaries the shell needs (gender F/M/U, ID types, nationalities, phone regions with +86 first). */
export const DICT_TYPES = ['gender', 'idType', 'nationality', 'phoneRegion'] as const
export type DictType = (typeof DICT_TYPES)[number]

export const GENDERS = ['F', 'M', 'U'] as const
export type Gender = (typeof GENDERS)[number]

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
  method: 'GET',
  path: '/user/api/dict/list',
  summary: 'A dictionary, labels in the caller language, in display order',
  tags: ['dict'],
  access: 'public',
  query: DictListQuerySchema,
  response: DictListSchema,
})
