import { ApiError } from '../../../api/client'

/**
 * The field errors of a refusal (VALIDATION_FAILED: `fields` with dotted paths, messages already in
 * the console's language) as antd form fields: `floorsZh.0.slides.1.item.link` →
 * `['floorsZh', 0, 'slides', 1, 'item', 'link']`.
 */
export function formFieldErrors(error: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!(error instanceof ApiError)) return []
  const byPath = new Map<string, string[]>()
  for (const { field, message } of error.fields) {
    if (!field) continue
    byPath.set(field, [...(byPath.get(field) ?? []), message])
  }
  return [...byPath].map(([field, errors]) => ({ name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors }))
}

/** What to tell the operator about a refusal: the gateway's own message (in the console's language), else the fallback. */
export const refusalMessage = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)
