import { type Locale, PATTERNS, ruleMessage } from '@ess/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { findDialCode } from '../dict/queries'
import type { AccountKey } from './queries'

/** A phone as stored: the national number, its region, and the E.164 form that identifies it. */
export interface Phone {
  phone: string
  phoneRegion: string
  phoneE164: string
}

/** The phone of a region of the dictionary (VALIDATION_FAILED on `region` for an unknown one). */
export async function resolvePhone(db: Database, region: string, phone: string, locale: Locale): Promise<Phone> {
  const dialCode = await findDialCode(db, region)
  if (!dialCode) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'region', messageKey: 'field.invalid', message: ruleMessage('field.invalid', locale) }],
    })
  }
  return { phone, phoneRegion: region, phoneE164: `${dialCode}${phone}` }
}

/** Emails are compared and kept in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/**
 * What a sign-in account names: an email (has "@"), a phone in E.164 ("+" and digits), a mainland
 * mobile number, or else a username.
 */
export function accountKeyOf(account: string): AccountKey {
  const value = account.trim()
  if (value.includes('@')) return { email: normaliseEmail(value) }
  if (/^\+\d{5,18}$/.test(value)) return { phoneE164: value }
  if (PATTERNS.mobile.test(value)) return { phoneE164: `+86${value}` }
  return { username: value.toLowerCase() }
}

/** For display: l***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, 1)}***${email.slice(at)}`
}
