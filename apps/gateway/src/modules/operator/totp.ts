import { generate, generateSecret, generateURI, verify } from 'otplib'

/** RFC 6238 as authenticator apps take it: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_S = 30
/** A code of the step before or after the current one is still taken (clocks and typing drift). */
const TOLERANCE_S = TOTP_PERIOD_S
export const TOTP_ISSUER = 'ESS Console'

export const newTotpSecret = () => generateSecret()

export const totpUri = (email: string, secret: string) => generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_S })

/** The code of `secret` at `now` (the development page and the tests). */
export const totpCode = (secret: string, now: Date) => generate({ secret, epoch: Math.floor(now.getTime() / 1000), period: TOTP_PERIOD_S })

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'reused' }

/**
 * Checks a code at `now` against the secret, within one step either side. A code whose step is at
 * or before `lastStep` (the last one accepted for this operator) is refused as reused; the caller
 * then claims the step in the database (queries.claimTotpStep), which settles concurrent uses.
 */
export async function checkTotp(secret: string, code: string, now: Date, lastStep: number | null): Promise<TotpCheck> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), period: TOTP_PERIOD_S, epochTolerance: TOLERANCE_S })
  if (!result.valid) return { ok: false, reason: 'wrong' }
  const step = (result as { timeStep: number }).timeStep
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'reused' }
  return { ok: true, step }
}
