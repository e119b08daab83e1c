import { lazyPart } from '../lazy-part'

/**
 * H5: the popups of the sign-in and registration forms (the slider puzzle, the phone regions) are
 * chunks of their own, with NutUI's Popup, its overlay and transitions, so those screens draw their
 * text and fields without them (popups.weapp.ts: with the page). The puzzle is asked for at the
 * user's first tap or key on the screen (captcha-gate.tsx), the region list when it is first opened.
 */
const importCaptchaPopup = () => import('../slider-captcha').then((m) => m.CaptchaPopup)

export const CaptchaPopup = lazyPart(importCaptchaPopup)

export const RegionPopup = lazyPart(() => import('../region-popup').then((m) => m.RegionPopup))

/** Starts fetching the puzzle's chunk; a failure is left to the popup's own load, which tries again. */
export function preloadCaptcha(): void {
  importCaptchaPopup().catch(() => undefined)
}
