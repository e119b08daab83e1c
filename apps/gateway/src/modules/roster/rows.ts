import { GENDERS, PATTERNS, ROSTER_REASON_CODES, type RosterIssue, type RosterReasonCode, idNumberCheckDigitValid } from '@ess/contract'
import { z } from 'zod'
import { DICTIONARIES } from '../dict/data'

/** One employee of the roster, as the CSV import and the demo seed give it. */
export interface RosterRow {
  companyCode: string
  companyNameZh: string
  companyNameEn: string
  employeeNo: string
  name: string
  pinyinName: string | null
  gender: (typeof GENDERS)[number]
  birthdate: string | null
  nationality: string | null
  idType: string
  idNo: string
  phone: string | null
  email: string | null
  address: string | null
  postcode: string | null
}

/** The CSV columns, in the order of the sample file (`apps/gateway/samples/roster.sample.csv`). */
export const ROSTER_COLUMNS = [
  'company_code',
  'company_name_zh',
  'company_name_en',
  'employee_no',
  'name',
  'pinyin_name',
  'gender',
  'birthdate',
  'nationality',
  'id_type',
  'id_no',
  'phone',
  'email',
  'address',
  'postcode',
] as const

const dictValues = (type: 'idType' | 'nationality') => new Set(DICTIONARIES[type].map(([value]) => value))
const ID_TYPES = dictValues('idType')
const NATIONALITIES = dictValues('nationality')

/**
 * The messages of the schema are reason codes of the contract (ROSTER_REASONS), `code` or
 * `code:max`; the column is the issue's path. `rosterIssuesOf` turns them into RosterIssues, which
 * the command prints in English and the console shows in the operator's language.
 */
const required = (_label: string, max = 100) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(max, `too_long:${max}`)
const optional = (max: number, _label: string) =>
  z
    .string({ error: 'required' })
    .trim()
    .max(max, `too_long:${max}`)
    .transform((v) => v || null)

function realDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** A CSV record (column name → text) checked and turned into a RosterRow; messages name the column. */
export const RosterRecordSchema = z
  .object({
    company_code: required('company_code', 32).regex(/^[A-Za-z0-9_-]+$/, 'code_chars'),
    company_name_zh: required('company_name_zh', 100),
    company_name_en: required('company_name_en', 200),
    employee_no: required('employee_no', 32).regex(/^[A-Za-z0-9_-]+$/, 'code_chars'),
    name: required('name', 50).regex(PATTERNS.personName, 'name_chars'),
    pinyin_name: optional(100, 'pinyin_name').refine((v) => v === null || /^[A-Za-z][A-Za-z\s·'-]*$/.test(v), 'pinyin_chars'),
    gender: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase() || 'U')
      .refine((v): v is RosterRow['gender'] => (GENDERS as readonly string[]).includes(v), 'gender'),
    birthdate: optional(10, 'birthdate').refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && realDate(v)), 'date'),
    nationality: optional(8, 'nationality').refine((v) => v === null || NATIONALITIES.has(v), 'nationality'),
    id_type: required('id_type', 32).refine((v) => ID_TYPES.has(v), 'id_type'),
    id_no: required('id_no', 32).transform((v) => v.toUpperCase()),
    phone: optional(20, 'phone').refine((v) => v === null || PATTERNS.mobile.test(v), 'phone'),
    email: optional(254, 'email').refine((v) => v === null || PATTERNS.email.test(v), 'email'),
    address: optional(200, 'address'),
    postcode: optional(6, 'postcode').refine((v) => v === null || /^\d{6}$/.test(v), 'postcode'),
  })
  .superRefine((r, ctx) => {
    if (r.id_type !== 'ID_CARD') return
    if (!PATTERNS.idNumber.test(r.id_no) || !idNumberCheckDigitValid(r.id_no)) {
      ctx.addIssue({ code: 'custom', path: ['id_no'], message: 'id_no' })
      return
    }
    if (r.id_no.length === 18 && r.birthdate && r.birthdate.replaceAll('-', '') !== r.id_no.slice(6, 14)) {
      ctx.addIssue({ code: 'custom', path: ['birthdate'], message: 'birthdate_mismatch' })
    }
  })
  .transform(
    (r): RosterRow => ({
      companyCode: r.company_code,
      companyNameZh: r.company_name_zh,
      companyNameEn: r.company_name_en,
      employeeNo: r.employee_no,
      name: r.name,
      pinyinName: r.pinyin_name,
      gender: r.gender as RosterRow['gender'],
      birthdate: r.birthdate,
      nationality: r.nationality,
      idType: r.id_type,
      idNo: r.id_no,
      phone: r.phone,
      email: r.email ? r.email.toLowerCase() : null,
      address: r.address,
      postcode: r.postcode,
    }),
  )

/** The issues of a failed RosterRecordSchema parse, in the contract's terms. */
export function rosterIssuesOf(error: z.ZodError): RosterIssue[] {
  // One issue per column, the first (an empty name is "required", not also "must be letters").
  const seen = new Set<string>()
  const firsts = error.issues.filter((issue) => {
    const column = issue.path.length ? String(issue.path[0]) : ''
    if (column && seen.has(column)) return false
    seen.add(column)
    return true
  })
  return firsts.map((issue): RosterIssue => {
    const [code, max] = issue.message.split(':')
    const known = (ROSTER_REASON_CODES as string[]).includes(code)
    return {
      column: issue.path.length ? String(issue.path[0]) : null,
      code: (known ? code : 'required') as RosterReasonCode,
      params: max ? { max: Number(max) } : ({} as RosterIssue['params']),
    }
  })
}
