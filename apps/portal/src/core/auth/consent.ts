import { HOME_ROUTE, wire, type CallWire } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { relaunch } from '../navigation'
import { clientStorage } from '../storage'

/**
 * First-launch privacy consent (SPEC §4). Until the user agrees (stored `user-agreed-privacy`
 * '1'), the request client sends only the public reference reads below: they carry nothing about
 * the person (agreements, dictionaries, the slider puzzle, the password key, health, and the public
 * content a visitor browses: the home and services floors, news and the service guide).
 */
const PRE_CONSENT_PATHS: ReadonlySet<string> = new Set(
  [
    wire.health,
    wire.dictList,
    wire.getAppAgreements,
    wire.getCaptcha,
    wire.checkCaptcha,
    wire.getPasswordPubKey,
    wire.cmsPage,
    wire.informationTree,
    wire.informationDetail,
    // The two privacy lists: what the app collects and shares, readable before consenting.
    wire.privacyTypeList,
    wire.privacyThirdParties,
  ].map((c) => c.path),
)

export function hasPrivacyConsent(): boolean {
  return clientStorage.get('userAgreedPrivacy') === '1'
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
  return clientStorage.get('userAgreedPrivacy') === null
}

/** The user agreed (first-launch dialog, or ticking the agreements on login / register). */
export function grantPrivacyConsent(): void {
  clientStorage.set('userAgreedPrivacy', '1')
  consentStore.setState({ answered: true })
}

/** The user declined: they may browse as a visitor; nothing personal is sent. */
export function declinePrivacyConsent(): void {
  clientStorage.set('userAgreedPrivacy', '0')
  consentStore.setState({ answered: true })
}

/** Whether the first-launch question was answered (every mounted page hides its prompt at once). */
export const consentStore = createStore<{ answered: boolean }>(() => ({ answered: false }))

/** Reads the stored answer (at start, and in tests). */
export function syncConsentState(): void {
  consentStore.setState({ answered: !needsConsentPrompt() })
}

/** The first-launch dialog's Agree: stored '1', then home relaunches with everything enabled. */
export async function agreeAtFirstLaunch(): Promise<void> {
  grantPrivacyConsent()
  await relaunch(HOME_ROUTE).catch(() => undefined)
}
