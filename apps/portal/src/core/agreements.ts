import { ACCOUNT_ABNORMAL_ERROR, ROUTE_PATHS, SERVICE_PHONE, wire, type Locale } from '@ess/contract/wire'
import { getDictionary, getLocale } from '../i18n/store'
import { confirm } from './confirm'
import { request } from './http/request'
import { toast } from './toast'
import { userStore } from './auth/user-store'
import { openRoute } from './navigation'
import { platform } from './platform'

export type JoinedSegment<T> = { kind: 'item'; value: T } | { kind: 'text'; value: string }

/**
 * Joins items as a sentence: "A and B", "A, B and C" / "A和B", "A、B和C" — as segments, so
 * the items can be rendered as links.
 */
export function joinSegments<T>(items: readonly T[], locale: Locale = getLocale()): JoinedSegment<T>[] {
  const { and, separator } = getDictionary(locale).agreements
  const out: JoinedSegment<T>[] = []
  items.forEach((value, i) => {
    if (i > 0) out.push({ kind: 'text', value: i === items.length - 1 ? and : separator })
    out.push({ kind: 'item', value })
  })
  return out
}

/** An agreement name as shown in the sentence (《用户协议》 in Chinese). */
export function formatAgreementName(name: string, locale: Locale = getLocale()): string {
  return getDictionary(locale).agreements.nameFormat.replace('{name}', name)
}

/** The agreement names joined as text, e.g. "User Agreement and Privacy Policy". */
export function joinAgreementNames(names: readonly string[], locale: Locale = getLocale()): string {
  return joinSegments(names, locale)
    .map((s) => (s.kind === 'item' ? formatAgreementName(s.value, locale) : s.value))
    .join('')
}

let reAgreePrompt: Promise<boolean> | null = null

/**
 * Signs the current versions waiting for the user's signature (getUserAgreements' pending, or
 * the current set 1 when that list cannot be read). Resolves true when signed.
 */
export async function signCurrentAgreements(): Promise<boolean> {
  const mine = await request(wire.getUserAgreements, undefined, { needShowToast: false })
  let ids = mine?.pending.map((a) => a.agreementId) ?? []
  if (!ids.length) ids = ((await request(wire.getAppAgreements, { type: '1' }, { needShowToast: false })) ?? []).map((a) => a.agreementId)
  if (!ids.length) return false
  const signed = await request(wire.signAgreements, { agreementIds: ids })
  if (!signed) return false
  toast(getDictionary().agreements.signed, { icon: 'success' })
  return true
}

/**
 * The mini-program's way to the re-sign popup (SPEC §4): the agreement list is read again into
 * the user store, the My account tab opens, and the popup is flagged there.
 */
async function moveToMyAccount(): Promise<void> {
  const mine = await request(wire.getUserAgreements, undefined, { needShowToast: false })
  userStore.setState({ agreements: mine ?? null, reSignPending: true })
  await openRoute(ROUTE_PATHS.userCenter).catch(() => undefined)
}

/**
 * Code 430 (SPEC §4, §8): the agreements changed and must be agreed to again. The dialog is
 * titled "Update prompt" and offers Agree and Exit. Agree signs the current versions
 * (agreement/signAgreements) and toasts "User agreement signed successfully"; Exit goes to the
 * login page. One prompt at a time. In the mini-program it shows on the My account tab.
 */
export function showAgreementsPrompt(): Promise<boolean> {
  if (reAgreePrompt) return reAgreePrompt
  const t = getDictionary().agreements
  const onMyAccount = platform().reSignOnMyAccount
  const ask = () => confirm({ title: t.updateTitle, body: { kind: 'agreements', type: '1' }, confirmText: t.agree, cancelText: t.exit })
  reAgreePrompt = (onMyAccount ? moveToMyAccount().then(ask) : ask())
    .then(async (agreed) => {
      if (!agreed) {
        await openRoute(platform().loginRoute).catch(() => undefined)
        return false
      }
      return signCurrentAgreements()
    })
    .finally(() => {
      if (onMyAccount) userStore.setState({ reSignPending: false })
      reAgreePrompt = null
    })
  return reAgreePrompt
}

let abnormalPrompt: Promise<boolean> | null = null

/** Code 100400 (SPEC §8): "Info retrieval failed…" with the service phone, no cancel button. */
export function showAccountAbnormal(): Promise<boolean> {
  if (abnormalPrompt) return abnormalPrompt
  const locale = getLocale()
  abnormalPrompt = confirm({
    message: ACCOUNT_ABNORMAL_ERROR.message[locale],
    body: { kind: 'servicePhone', phone: SERVICE_PHONE },
    confirmText: getDictionary(locale).common.ok,
    showCancel: false,
  }).finally(() => {
    abnormalPrompt = null
  })
  return abnormalPrompt
}

/** An agreement page URL, absolute on platforms where the gateway is not the page's origin. */
export function agreementHref(agreementUrl: string): string {
  return /^https?:\/\//i.test(agreementUrl) ? agreementUrl : `${platform().apiBase}${agreementUrl}`
}

/** Test helper and logout: forgets the prompts on screen. */
export function resetPromptState(): void {
  reAgreePrompt = null
  abnormalPrompt = null
}
