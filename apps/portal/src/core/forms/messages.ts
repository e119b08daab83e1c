import { isRuleMessageKey, ruleMessage, type Locale } from '@ess/contract/wire'

/** The text of a field issue: rule keys translated, anything else "The value is not valid". */
export function fieldMessage(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return undefined
  return ruleMessage(isRuleMessageKey(message) ? message : 'field.invalid', locale)
}
