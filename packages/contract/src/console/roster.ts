import { z } from 'zod'
import { ROSTER_REASON_CODES, type RosterIssue, type RosterReasonCode } from './roster-reasons'
import type { RuleMessageKey } from '../rule-messages'
import { defineConsoleCall } from './define'

/**
 * The roster in the operator console (issue 34, roster manager): the CSV import checked line by
 * line then applied in one transaction, the search of employees, one employee (masked), its edit,
 * the end of an employment, and the export (step-up). The import's rules are the gateway's
 * `modules/roster/rows.ts` and `import.ts`, shared with `npm run roster:import`.
 */

const TAGS = ['console-roster']
const invalid = { error: 'field.invalid' satisfies RuleMessageKey }

export * from './roster-reasons'

export const RosterIssueSchema: z.ZodType<RosterIssue> = z.object({
  /** The CSV column the issue is about; null for the whole line or file. */
  column: z.string().nullable(),
  code: z.enum(ROSTER_REASON_CODES as [RosterReasonCode, ...RosterReasonCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
})

export const RosterRejectedLineSchema = z.object({
  /** Line of the file (the header is line 1; 0 when no line can be named). */
  line: z.number().int(),
  issues: z.array(RosterIssueSchema),
})

export const RosterWriteSchema = z.object({
  companies: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  identityChanged: z.number().int(),
})

/** The check of a file, or its application: rows read, rejected lines (at most ROSTER_REPORT_MAX_LINES listed). */
export const RosterImportReportSchema = z.object({
  /** SHA-256 (hex) of the file checked: the apply call names it, so what is applied is what was checked. */
  sha256: z.string(),
  bytes: z.number().int(),
  rows: z.number().int(),
  /** Lines rejected in all (the list may be shorter). */
  rejectedCount: z.number().int(),
  rejected: z.array(RosterRejectedLineSchema),
  /** Set when the file was applied (the apply call, nothing rejected). */
  written: RosterWriteSchema.nullable(),
})
export type RosterImportReport = z.infer<typeof RosterImportReportSchema>

export const consoleRosterImportCheck = defineConsoleCall({
  method: 'POST',
  path: '/console/roster/imports/check',
  summary: 'Checks a roster CSV (multipart field `file`, UTF-8, at most 50 MB) line by line with the rules of the server command; writes nothing',
  tags: TAGS,
  access: { resource: 'roster', action: 'import' },
  response: RosterImportReportSchema,
})

export const consoleRosterImportApply = defineConsoleCall({
  method: 'POST',
  path: '/console/roster/imports/apply',
  summary: 'Applies a checked roster CSV (multipart: field `sha256` of the check, then `file` again) in one transaction; a file with any rejected line applies nothing',
  tags: TAGS,
  access: { resource: 'roster', action: 'import' },
  response: RosterImportReportSchema,
})

// Employees ----------------------------------------------------------------------------------------

export const ROSTER_STATUSES = ['active', 'ended', 'all'] as const

export const RosterSearchSchema = z.object({
  companyCode: z.string().trim().max(32, invalid).optional(),
  /** Part of the name (case and width folded). */
  name: z.string().trim().max(50, invalid).optional(),
  employeeNo: z.string().trim().max(32, invalid).optional(),
  /** A resident ID number (or other ID), found by exact match through the keyed index. */
  idNo: z.string().trim().max(32, invalid).optional(),
  status: z.enum(ROSTER_STATUSES, invalid).default('active'),
  page: z.coerce.number(invalid).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number(invalid).int().min(1).max(100).default(20),
})

export const RosterCompanySchema = z.object({ code: z.string(), nameZh: z.string(), nameEn: z.string(), employees: z.number().int() })

/** An employee as the list shows it: the name (what the roster manager searches by), the rest masked. */
export const RosterListItemSchema = z.object({
  id: z.string(),
  companyCode: z.string(),
  companyNameZh: z.string(),
  companyNameEn: z.string(),
  employeeNo: z.string(),
  name: z.string(),
  idType: z.string(),
  idNo: z.string().describe('masked'),
  phone: z.string().nullable().describe('masked'),
  employmentEndedOn: z.string().nullable(),
  /** Whether an account is verified (real name) as this employee now. */
  verified: z.boolean(),
})

export const RosterEmployeeSchema = RosterListItemSchema.extend({
  pinyinName: z.string().nullable(),
  gender: z.enum(['F', 'M', 'U']),
  birthdate: z.string().nullable().describe('masked'),
  nationality: z.string().nullable(),
  email: z.string().nullable().describe('masked'),
  address: z.string().nullable().describe('masked'),
  postcode: z.string().nullable().describe('masked'),
  employmentEndReason: z.string().nullable(),
  identityVersion: z.number().int(),
  updatedAt: z.string(),
})
export type RosterEmployee = z.infer<typeof RosterEmployeeSchema>

/**
 * An edit: the fields sent replace the current ones (personal fields are shown masked, so an
 * empty field of the form is not sent and keeps its value); the merged employee is checked by the
 * import's rules. A change of name or ID ends the real-name link of the account verified as it.
 */
export const RosterEditSchema = z.object({
  name: z.string().max(50, invalid).optional(),
  pinyinName: z.string().max(100, invalid).nullable().optional(),
  gender: z.enum(['F', 'M', 'U'], invalid).optional(),
  birthdate: z.string().max(10, invalid).nullable().optional(),
  nationality: z.string().max(8, invalid).nullable().optional(),
  idType: z.string().max(32, invalid).optional(),
  idNo: z.string().max(32, invalid).optional(),
  phone: z.string().max(20, invalid).nullable().optional(),
  email: z.string().max(254, invalid).nullable().optional(),
  address: z.string().max(200, invalid).nullable().optional(),
  postcode: z.string().max(6, invalid).nullable().optional(),
})
export type RosterEdit = z.infer<typeof RosterEditSchema>

/** The answer of an edit: the employee, or the issues of the merged row (nothing written). */
export const RosterEditResultSchema = z.object({
  employee: RosterEmployeeSchema.nullable(),
  issues: z.array(RosterIssueSchema),
  /** Whether the change ended a real-name verification. */
  verificationEnded: z.boolean(),
})

export const RosterEndSchema = z.object({
  /** The last day of the employment (YYYY-MM-DD, not after today in China time). */
  endedOn: z.iso.date(invalid),
  reason: z.string(invalid).trim().min(1, { error: 'field.required' satisfies RuleMessageKey }).max(200, { error: 'text.tooLong' satisfies RuleMessageKey }),
})

const IdParams = z.object({ id: z.uuid(invalid) })

export const consoleRosterCompanies = defineConsoleCall({
  method: 'GET',
  path: '/console/roster/companies',
  summary: 'The client companies of the roster with their count of employees',
  tags: TAGS,
  access: { resource: 'roster', action: 'list' },
  response: z.array(RosterCompanySchema),
})

export const consoleRosterList = defineConsoleCall({
  method: 'GET',
  path: '/console/roster/employees',
  summary: 'Searches the roster (company, part of the name, employee number, ID number by exact match through the keyed index), paged; ID and phone masked',
  tags: TAGS,
  access: { resource: 'roster', action: 'list' },
  query: RosterSearchSchema,
  response: z.object({ items: z.array(RosterListItemSchema), total: z.number().int() }),
})

export const consoleRosterShow = defineConsoleCall({
  method: 'GET',
  path: '/console/roster/employees/:id',
  summary: 'One employee, personal fields masked (the look is audited)',
  tags: TAGS,
  access: { resource: 'roster', action: 'show' },
  params: IdParams,
  response: RosterEmployeeSchema,
})

export const consoleRosterEdit = defineConsoleCall({
  method: 'PATCH',
  path: '/console/roster/employees/:id',
  summary: "Edits an employee (checked by the import's rules); a change of identity ends the real-name link; audited with old and new values masked",
  tags: TAGS,
  access: { resource: 'roster', action: 'edit' },
  params: IdParams,
  body: RosterEditSchema,
  response: RosterEditResultSchema,
})

export const consoleRosterEnd = defineConsoleCall({
  method: 'POST',
  path: '/console/roster/employees/:id/end',
  summary: 'Ends an employment (last day and reason): the real-name link of the account verified as the employee ends; audited',
  tags: TAGS,
  access: { resource: 'roster', action: 'edit' },
  params: IdParams,
  body: RosterEndSchema,
  response: RosterEmployeeSchema,
})

export const RosterExportQuerySchema = z.object({ companyCode: z.string().trim().max(32, invalid).regex(/^[A-Za-z0-9_-]+$/, invalid).optional() })

export const consoleRosterExport = defineConsoleCall({
  method: 'GET',
  path: '/console/roster/export',
  summary: 'The active roster as CSV in the import columns (UTF-8 with BOM, formula cells neutralised), streamed; a step-up action, audited',
  tags: TAGS,
  access: { resource: 'roster', action: 'export' },
  query: RosterExportQuerySchema,
  response: undefined,
  produces: 'text/csv',
})

export const consoleRosterCalls = {
  consoleRosterImportCheck,
  consoleRosterImportApply,
  consoleRosterCompanies,
  consoleRosterList,
  consoleRosterShow,
  consoleRosterEdit,
  consoleRosterEnd,
  consoleRosterExport,
} as const
