import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants'

/**
 * Validation rules of SPEC §5. Each rule is a pattern plus a zod schema (./rule-schemas) whose
 * issue message is a RULE MESSAGE KEY (./rule-messages); both sides translate the key with `ruleMessage(key, locale)`,
 * so the form and the gateway say the same thing in the same words. This module is plain data.
 */

/** Punctuation a password may contain besides letters and digits (printable ASCII, no space). */
export const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
const escapedSymbols = PASSWORD_SYMBOLS.replace(/[\\\]^-]/g, (c) => `\\${c}`)

export const PATTERNS = {
  /** 8-20; at least one letter and one digit; starts with a letter or digit; rest letters, digits, symbols. */
  password: new RegExp(
    `^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d][A-Za-z\\d${escapedSymbols}]{${PASSWORD_MIN_LENGTH - 1},${PASSWORD_MAX_LENGTH - 1}}$`,
  ),
  /** 15 digits, or 17 digits followed by a digit or X/x. */
  idNumber: /^(\d{15}|\d{17}[\dXx])$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  /** 11 digits, 1 then 3-9. */
  mobile: /^1[3-9]\d{9}$/,
  /** local part letters, digits, dot, underscore, hyphen; @; domain; top-level part 2-6 letters. */
  email: /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/,
  /** 3 or 6 hex digits, with an optional leading #. */
  themeHex: /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/,
  /** integer 1..5000, no sign, no leading zero. */
  eCardValue: /^(?:[1-9]\d{0,2}|[1-4]\d{3}|5000)$/,
  /** Chinese characters or letters; a middle dot or single spaces may separate parts (e.g. 阿依古丽·买买提, Li Lei). */
  personName: /^[\u4e00-\u9fa5A-Za-z]+(?:[·\s][\u4e00-\u9fa5A-Za-z]+)*$/,
  /** 12 to 19 digits (further checked with Luhn). */
  bankCard: /^\d{12,19}$/,
  /** six-digit verification code. */
  verificationCode: /^\d{6}$/,
} as const
