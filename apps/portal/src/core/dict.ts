import { wire, type DictType, type Locale } from '@ess/contract/wire'
import { request } from './http/request'

/** Dictionary labels by value, per language and type, read once (they change only with a release). */
const cache = new Map<string, Promise<Record<string, string>>>()

export function dictLabels(type: DictType, locale: Locale): Promise<Record<string, string>> {
  const key = `${locale}:${type}`
  let found = cache.get(key)
  if (!found) {
    found = request(wire.dictList, { type }, { needShowToast: false }).then((list) => {
      if (!list) cache.delete(key)
      return Object.fromEntries((list?.items ?? []).map((item) => [item.value, item.label]))
    })
    cache.set(key, found)
  }
  return found
}

/** Test helper. */
export function resetDictCache(): void {
  cache.clear()
}
