import type { Locale } from '../locale'

/**
 * The roster import's reasons and limits as plain data (no zod), so the console app can show a
 * report in the operator's language without loading the schemas (as access.ts).
 */

/** The largest CSV the console's import takes (a 100,000-row roster is about 20 MB). */
export const ROSTER_IMPORT_MAX_BYTES = 50 * 1024 * 1024
/** Rejected lines an answer lists at most (the count says how many there are in all). */
export const ROSTER_REPORT_MAX_LINES = 1000

/**
 * Why a line of a roster CSV is refused. Each has its text in both languages below, with
 * `{column}` and the params of the issue filled in.
 */
export const ROSTER_REASONS = {
  required: { 'zh-CN': '{column} 不能为空', 'en-US': '{column} is required' },
  too_long: { 'zh-CN': '{column} 不能超过 {max} 个字符', 'en-US': '{column} is longer than {max} characters' },
  code_chars: { 'zh-CN': '{column} 只能包含字母、数字、- 和 _', 'en-US': '{column} may hold letters, digits, - and _ only' },
  name_chars: { 'zh-CN': '{column} 须为汉字或字母', 'en-US': '{column} must be Chinese characters or letters' },
  pinyin_chars: { 'zh-CN': '{column} 须为字母', 'en-US': '{column} must be letters' },
  gender: { 'zh-CN': '{column} 须为 F、M 或 U', 'en-US': '{column} must be F, M or U' },
  date: { 'zh-CN': '{column} 须为真实日期 YYYY-MM-DD', 'en-US': '{column} must be a real date YYYY-MM-DD' },
  nationality: { 'zh-CN': '{column} 不是国籍字典中的值', 'en-US': '{column} is not a value of the nationality dictionary' },
  id_type: { 'zh-CN': '{column} 不是证件类型字典中的值', 'en-US': '{column} is not a value of the idType dictionary' },
  phone: { 'zh-CN': '{column} 须为 11 位中国大陆手机号', 'en-US': '{column} must be an 11-digit mainland mobile number' },
  email: { 'zh-CN': '{column} 不是有效的邮箱地址', 'en-US': '{column} is not a valid address' },
  postcode: { 'zh-CN': '{column} 须为 6 位数字', 'en-US': '{column} must be 6 digits' },
  id_no: { 'zh-CN': '{column} 不是有效的居民身份证号（格式或校验位错误）', 'en-US': '{column} is not a valid resident ID number (format or check digit)' },
  birthdate_mismatch: { 'zh-CN': '{column} 与身份证号中的出生日期不一致', 'en-US': '{column} differs from the one in id_no' },
  duplicate_employee: { 'zh-CN': '员工 {employee} 在第 {line} 行重复出现', 'en-US': 'employee {employee} is also on line {line}' },
  duplicate_id: { 'zh-CN': '相同的证件号码也在第 {line} 行', 'en-US': 'the same id_no is also on line {line}' },
  unknown_company: {
    'zh-CN': '客户公司 {company} 不在花名册中（新的客户公司须由服务器命令导入）',
    'en-US': 'company {company} is not a client company of the roster (a new client company is added by the server command)',
  },
  id_taken: { 'zh-CN': '该证件号码已属于花名册中的另一名员工', 'en-US': 'an id_no of the file belongs to another employee already on the roster' },
  missing_columns: { 'zh-CN': '缺少列：{columns}', 'en-US': 'missing columns: {columns}' },
  unknown_columns: { 'zh-CN': '未知的列：{columns}', 'en-US': 'unknown columns: {columns}' },
  empty: { 'zh-CN': '文件中没有员工数据行', 'en-US': 'the file holds no employee rows' },
  not_csv: { 'zh-CN': '文件不是有效的 CSV：{detail}', 'en-US': 'the file is not valid CSV: {detail}' },
  not_utf8: {
    'zh-CN': '文件不是 UTF-8 编码（可能是 GBK 等编码）：请另存为“CSV UTF-8”后重新上传',
    'en-US': 'the file is not UTF-8 text (GBK or another encoding?): save it as "CSV UTF-8" and upload it again',
  },
} as const satisfies Record<string, Record<Locale, string>>
export type RosterReasonCode = keyof typeof ROSTER_REASONS
export const ROSTER_REASON_CODES = Object.keys(ROSTER_REASONS) as RosterReasonCode[]

/** One reason of a rejected line: the CSV column (null for the whole line or file), the code, its values. */
export interface RosterIssue {
  column: string | null
  code: RosterReasonCode
  params: Record<string, string | number>
}

/** The text of an issue in a language. */
export function rosterReasonText(issue: RosterIssue, locale: Locale): string {
  const values: Record<string, string | number> = { column: issue.column ?? '', ...issue.params }
  return ROSTER_REASONS[issue.code][locale].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

