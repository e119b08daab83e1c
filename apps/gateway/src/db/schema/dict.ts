import { DICT_TYPES } from '@ess/contract'
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** One entry of a dictionary (gender, idType, nationality, phoneRegion), labels in both locales. */
export const dictItem = pgTable(
  'dict_item',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text({ enum: DICT_TYPES }).notNull(),
    value: text().notNull(),
    labelZh: text().notNull(),
    labelEn: text().notNull(),
    /** Phone regions only, e.g. "+86". */
    dialCode: text(),
    sortOrder: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dict_item_type_value_key').on(t.type, t.value)],
)
