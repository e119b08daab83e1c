// The mini-program loads the popups with the page (no script chunks to fetch there).
export { CaptchaPopup } from '../slider-captcha'
export { RegionPopup } from '../region-popup'

/** Nothing to fetch in the mini-program. */
export function preloadCaptcha(): void {}
