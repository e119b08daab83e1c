import { isRuleMessageKey, ruleMessage, type Locale } from '@ess/contract/wire'

/** The text of a field issue: rule keys translated, anything else "The value is not valid". */
export function fieldMessage(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return undefined
  return ruleMessage(isRuleMessageKey(message) ? message : 'field.invalid', locale)
}

/**
 * The field issues of a refusal (VALIDATION_FAILED with `fields`, e.g. a password the policy
 * refuses) that belong to a form's fields, as [field, message key] for react-hook-form's setError.
 * Passwords travel sealed, so an issue of `password` is shown on the password field as typed.
 */
export function formIssues(error: unknown, fields: readonly string[]): Array<[string, string]> {
  const issues = (error as { fields?: Array<{ field: string; messageKey?: string; message: string }> } | null)?.fields
  if (!Array.isArray(issues)) return []
  return issues.filter((i) => fields.includes(i.field)).map((i) => [i.field, i.messageKey ?? 'field.invalid'])
}
