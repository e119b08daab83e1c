import type { Bilingual, Locale } from './locale'

/**
 * The messages of the validation rules (./rules), in both languages, keyed by RULE MESSAGE KEY:
 * the zod schemas' issue messages are these keys, and both sides translate them here. Apart from
 * the patterns so that what needs only a pattern (a stored colour read at start) does not load them.
 */

export const RULE_MESSAGES = {
  'password.required': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
  'password.invalid': {
    'zh-CN': '密码为8-20位，由字母、数字或标点符号组成，不含空格，且至少包含字母和数字',
    'en-US': 'Password must be 8-20 letters, digits or punctuation, no spaces, with at least one letter and one digit',
  },
  'password.operatorTooShort': {
    'zh-CN': '运营人员密码至少12位，且须符合密码规则',
    'en-US': "An operator's password needs at least 12 characters and must follow the password rule",
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
  'link.invalid': { 'zh-CN': '链接格式不正确', 'en-US': 'The link is not valid' },
  'link.httpsOnly': { 'zh-CN': '外部链接必须以 https:// 开头', 'en-US': 'An outside link must start with https://' },
  'link.innerUnknown': { 'zh-CN': '未知的内部跳转目标', 'en-US': 'Unknown inner jump destination' },
  'link.routeUnknown': { 'zh-CN': '门户中没有此页面', 'en-US': 'The portal has no such page' },
  'link.miniInvalid': { 'zh-CN': '小程序链接应为 mini:<小程序>/<页面>', 'en-US': 'A mini-program link is mini:<mini-program>/<page>' },
  'link.externalNeedsHttps': { 'zh-CN': '第三方链接必须是 https 地址', 'en-US': 'A third-party link must be an https address' },
  'link.verifiedNeedsLogin': { 'zh-CN': '需要实名认证的入口也必须要求登录', 'en-US': 'An item for verified users must also require sign-in' },
  'image.url': { 'zh-CN': '请使用已上传的图片', 'en-US': 'Please use an uploaded image' },
  'floors.mismatch': { 'zh-CN': '中英文楼层的顺序和类型必须一致', 'en-US': 'Both languages must have the same floors in the same order' },
  'floors.duplicateId': { 'zh-CN': '楼层编号重复', 'en-US': 'Two floors have the same id' },
  'text.tooLong': { 'zh-CN': '内容过长', 'en-US': 'The text is too long' },
  'schedule.past': { 'zh-CN': '计划时间必须晚于现在', 'en-US': 'The scheduled time must be in the future' },
  'version.invalid': { 'zh-CN': '版本号只能包含字母、数字、点和横线', 'en-US': 'A version may contain letters, digits, dots and dashes only' },
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
