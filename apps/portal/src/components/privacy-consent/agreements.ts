import { wire, type AppAgreement, type Locale } from '@ess/contract/wire'
import { request } from '../../core/http/request'
import { getLocale } from '../../i18n/store'

const known = new Map<Locale, AppAgreement[]>()
const asking = new Map<Locale, Promise<AppAgreement[]>>()

/**
 * The agreements the consent panel links to (getAppAgreements, set 1), read once per language. The
 * panel opens with them in place: its sentence is not a "Loading…" line that grows into two as
 * the names arrive, which would move the panel (bottom-anchored) on screen, a layout shift. In the
 * current language (the calls' own); an empty list when they cannot be read (the sentence then
 * names none), asked again next time.
 */
export function loadConsentAgreements(): Promise<AppAgreement[]> {
  const locale = getLocale()
  const list = known.get(locale)
  if (list) return Promise.resolve(list)
  let pending = asking.get(locale)
  if (!pending) {
    pending = request(wire.getAppAgreements, { type: '1' }, { needShowToast: false })
      .catch(() => undefined)
      .then((items) => {
        asking.delete(locale)
        if (items) known.set(locale, items)
        return items ?? []
      })
    asking.set(locale, pending)
  }
  return pending
}

/** The list already read in that language, or null. */
export function knownConsentAgreements(locale: Locale): AppAgreement[] | null {
  return known.get(locale) ?? null
}
