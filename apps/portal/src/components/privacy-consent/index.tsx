import { useStore } from 'zustand'
import { consentStore } from '../../core/auth/consent'
import { ConsentPanel } from './load'

/**
 * The first-launch privacy dialog (SPEC §4): the agreements as links, Agree / Disagree. It sits
 * at the bottom of the page (above the tab bar) without blocking it: a visitor may still browse
 * public content, and nothing personal is sent until they agree (core/auth/consent). On H5 the
 * panel is loaded only while the question is unanswered (./load.ts), out of the start-up JS of
 * everyone who has answered it; if it cannot be loaded, the next page shown asks again.
 */
export function PrivacyConsent({ aboveTabBar = false }: { aboveTabBar?: boolean }) {
  const answered = useStore(consentStore, (s) => s.answered)
  if (answered) return null
  return <ConsentPanel aboveTabBar={aboveTabBar} />
}
