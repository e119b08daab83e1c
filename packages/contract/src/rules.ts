import type { Bilingual, Locale } from './locale'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants'

/**
 * Validation rules of SPEC §5. Each rule is a pattern plus a zod schema (./rule-schemas) whose
 * issue message is a RULE MESSAGE KEY; both sides translate the key with `ruleMessage(key, locale)`,
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

export const RULE_MESSAGES = {
  'password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
  'password.invalid': {
    'zh-CN': '密码为8-20位，由字母、数字或标点符号组成，不含空格，且至少包含字母和数字',
    'en-US': 'Password must be 8-20 letters, digits or punctuation, no spaces, with at least one letter and one digit',
  },
  'password.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
  'idNumber.invalid': { 'zh-CN': '请输入正确的身份证号', 'en-US': 'Please enter correct ID number' },
  'alphanumeric.invalid': { 'zh-CN': '只能输入字母或数字', 'en-US': 'Only letters or digits are allowed' },
  'mobile.length': { 'zh-CN': '请输入11位手机号', 'en-US': 'Please enter 11-digit phone number' },
  'mobile.invalid': { 'zh-CN': '请输入正确的手机号', 'en-US': 'Please enter correct phone' },
  'mobile.required': { 'zh-CN': '手机号不能为空', 'en-US': 'The mobile number cannot be empty' },
  'email.invalid': { 'zh-CN': '请输入正确的邮箱', 'en-US': 'Please enter correct email' },
  'themeHex.invalid': { 'zh-CN': '请输入3位或6位十六进制颜色值', 'en-US': 'Please enter a colour of 3 or 6 hex digits' },
  'eCardValue.invalid': { 'zh-CN': '请输入1-5000之间的整数', 'en-US': 'Please enter an integer from 1 to 5000' },
  'name.invalid': { 'zh-CN': '请输入中文或字母组成的姓名', 'en-US': 'Please enter name with Chinese characters or letters' },
  'bankCard.required': { 'zh-CN': '请输入银行卡号', 'en-US': 'Please enter bank card number' },
  'bankCard.invalid': { 'zh-CN': '请输入正确的银行卡号', 'en-US': 'Please enter correct bank card number' },
  'username.invalid': {
    'zh-CN': '用户名为4-20位字母、数字或下划线，以字母开头',
    'en-US': 'Username: 4-20 letters, digits or underscores, starting with a letter',
  },
  'postcode.invalid': { 'zh-CN': '请输入6位邮政编码', 'en-US': 'Please enter a 6-digit postcode' },
  'code.invalid': { 'zh-CN': '请输入6位数字验证码', 'en-US': 'Please enter the 6-digit code' },
  'agreement.required': { 'zh-CN': '请同意用户协议', 'en-US': 'Please agree to the user agreement' },
  'field.required': { 'zh-CN': '此项不能为空', 'en-US': 'This field is required' },
  'field.invalid': { 'zh-CN': '格式不正确', 'en-US': 'The value is not valid' },
} as const satisfies Record<string, Bilingual>

export type RuleMessageKey = keyof typeof RULE_MESSAGES

export function isRuleMessageKey(key: unknown): key is RuleMessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(RULE_MESSAGES, key)
}

export function ruleMessage(key: RuleMessageKey, locale: Locale): string {
  return RULE_MESSAGES[key][locale]
}

/** Luhn (mod 10) check used for bank-card numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'
/** National check digit (GB 11643) of an 18-character ID number; 15-digit numbers carry none. */
export function idNumberCheckDigitValid(id: string): boolean {
  if (!PATTERNS.idNumber.test(id)) return false
  if (id.length === 15) return true
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * ID_WEIGHTS[i]
  return ID_CHECK[sum % 11] === id[17].toUpperCase()
}

export interface FieldIssue {
  /** Dotted path of the field, e.g. `password` or `items.0.name`; empty for the whole input. */
  field: string
  /** The rule message key, when the issue came from one of these rules. */
  messageKey?: RuleMessageKey
  /** The message in the caller's language. */
  message: string
}

/** Turns zod issues into translated field issues (unknown messages become `field.invalid`). */
export function toFieldIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string }>,
  locale: Locale,
): FieldIssue[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.')
    const key: RuleMessageKey = isRuleMessageKey(issue.message)
      ? issue.message
      : issue.code === 'invalid_type' && /received undefined/.test(issue.message)
        ? 'field.required'
        : 'field.invalid'
    return { field, messageKey: key, message: ruleMessage(key, locale) }
  })
}
