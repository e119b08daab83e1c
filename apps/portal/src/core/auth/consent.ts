import { HOME_ROUTE, wire, type CallWire } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { relaunch } from '../navigation'
import { platform } from '../platform'
import { clientStorage } from '../storage'

/**
 * First-launch privacy consent (SPEC §4). Until the user agrees (stored `user-agreed-privacy`
 * '1'), the request client sends only the public reference reads below: they carry nothing about
 * the person (agreements, dictionaries, the slider puzzle and its proof-of-work alternative, the password key, health, and the public
 * content a visitor browses: the home and services floors, news and the service guide).
 */
const PRE_CONSENT_PATHS: ReadonlySet<string> = new Set(
  [
    wire.health,
    wire.dictList,
    wire.getAppAgreements,
    wire.getCaptcha,
    wire.checkCaptcha,
    wire.getCaptchaWork,
    wire.checkCaptchaWork,
    wire.getPasswordPubKey,
    wire.cmsPage,
    wire.cmsPreview,
    wire.informationTree,
    wire.informationDetail,
    // The two privacy lists: what the app collects and shares, readable before consenting.
    wire.privacyTypeList,
    wire.privacyThirdParties,
  ].map((c) => c.path),
)

/**
 * In the mini-program, WeChat keeps its own record of the user's authorization of the app's privacy
 * guideline (wx.getPrivacySetting). Read at launch (checkHostPrivacy): when WeChat says it still
 * needs it, the portal's stored '1' is not enough (a new guideline, another device's answer), and
 * the consent panel asks again; its Agree button agrees to both.
 */
let hostNeedsAuthorization = false

export function hasPrivacyConsent(): boolean {
  return clientStorage.get('userAgreedPrivacy') === '1' && !hostNeedsAuthorization
}

/** Whether a call may go out before consent. */
export function isPreConsentCall(call: Pick<CallWire, 'path'>): boolean {
  return PRE_CONSENT_PATHS.has(call.path)
}

/** Whether the consent gate lets this call through now. */
export function consentAllows(call: Pick<CallWire, 'path'>): boolean {
  return hasPrivacyConsent() || isPreConsentCall(call)
}

/** Whether the first-launch dialog should show: the user has not answered yet. */
export function needsConsentPrompt(): boolean {
  const answer = clientStorage.get('userAgreedPrivacy')
  // Someone who declined is asked again only when they use something that needs it (not at every launch).
  return answer === null || (answer === '1' && hostNeedsAuthorization)
}

/** The user agreed (first-launch dialog, or ticking the agreements on login / register). */
export function grantPrivacyConsent(): void {
  clientStorage.set('userAgreedPrivacy', '1')
  hostNeedsAuthorization = false
  consentStore.setState({ answered: true })
}

/** The user declined: they may browse as a visitor; nothing personal is sent (a held WeChat privacy call fails). */
export function declinePrivacyConsent(): void {
  clientStorage.set('userAgreedPrivacy', '0')
  consentStore.setState({ answered: true })
  platform().privacy?.declined()
}

/** Whether the first-launch question was answered (every mounted page hides its prompt at once). */
export const consentStore = createStore<{ answered: boolean }>(() => ({ answered: false }))

/** Reads the stored answer (at start, and in tests). */
export function syncConsentState(): void {
  hostNeedsAuthorization = false
  consentStore.setState({ answered: !needsConsentPrompt() })
}

/**
 * The consent panel's Agree: stored '1', then home relaunches with everything enabled. In the
 * mini-program the button is WeChat's `agreePrivacyAuthorization` one (`buttonId`), so the same tap
 * authorizes WeChat's privacy guideline; a WeChat privacy call that was held for it (the
 * phone-number button, say) then goes on, and the page stays where the user was.
 */
export async function agreeAtFirstLaunch(buttonId?: string): Promise<void> {
  grantPrivacyConsent()
  const heldCall = buttonId !== undefined && (platform().privacy?.agreed(buttonId) ?? false)
  if (!heldCall) await relaunch(HOME_ROUTE).catch(() => undefined)
}

/**
 * Joins WeChat's privacy API with the consent (mini-program; nothing elsewhere): asks WeChat
 * whether it still needs the user's authorization (asked again by the panel when it does), and
 * routes WeChat's "a privacy call needs the authorization" to the panel. Resolves when known.
 */
export async function checkHostPrivacy(): Promise<void> {
  const host = platform().privacy
  if (!host) return
  host.onNeeded(() => consentStore.setState({ answered: false }))
  hostNeedsAuthorization = await host.needsAuthorization()
  if (needsConsentPrompt()) consentStore.setState({ answered: false })
}

/**
 * Runs `init` once the user has consented: now, or when they agree (SPEC §4: in the mini-program,
 * launch initialisation is skipped until then).
 */
export function whenConsented(init: () => void): void {
  if (hasPrivacyConsent()) return init()
  const stop = consentStore.subscribe(() => {
    if (!hasPrivacyConsent()) return
    stop()
    init()
  })
}
