/** Limits of the slider puzzle and of verification codes (Keycloak/Kratos-like defaults). */
export const LIMITS = {
  /** Failed puzzle checks of one client (device id + IP) before it is locked out. */
  captchaFailures: { maxFailures: 5, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
  /** Codes a phone or email may receive per day, and a client (device id + IP) may ask for. */
  codesPerDestinationPerDay: 10,
  codesPerClientPerDay: 20,
} as const
