import { type Locale, passwordPair, toFieldIssues } from '@ess/contract'
import type { PasswordKey } from '../../infra/crypto/password-key'
import { AppError } from '../../lib/app-error'

/**
 * A new password and its confirmation as sealed by the client: both decrypted, then the SPEC §5
 * password rule and the match checked again on the server (VALIDATION_FAILED with the rule keys
 * `password.invalid` / `password.mismatch`). Answers the plain password, which is never logged.
 */
export function openNewPassword(
  passwordKey: PasswordKey,
  sealed: { password: string; confirmPassword: string; keyId?: string },
  locale: Locale,
): string {
  passwordKey.assertKeyId(sealed.keyId)
  const password = passwordKey.decryptPassword(sealed.password)
  const confirmPassword = passwordKey.decryptPassword(sealed.confirmPassword)
  const checked = passwordPair.safeParse({ password, confirmPassword })
  if (!checked.success) throw new AppError('VALIDATION_FAILED', { fields: toFieldIssues(checked.error.issues, locale) })
  return checked.data.password
}
