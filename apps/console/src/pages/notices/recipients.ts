/** One employee of a list audience. */
export interface Recipient {
  companyCode: string
  employeeNo: string
}

/**
 * The employees of a pasted list or a CSV file: one a line, company code and employee number
 * separated by a comma, tab or semicolon; a header line (`company_code,employee_no`) and blank
 * lines are left out. Answers the recipients, or the first line (1-based) that is not such a pair.
 */
export function parseRecipients(text: string): { recipients: Recipient[] } | { badLine: number } {
  const recipients: Recipient[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim()
    if (!line) continue
    const cells = line.split(/[,\t;]/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim())
    if (index === 0 && /company/i.test(cells[0] ?? '')) continue
    const [companyCode, employeeNo, ...rest] = cells
    if (!companyCode || !employeeNo || rest.some(Boolean) || companyCode.length > 32 || employeeNo.length > 64) return { badLine: index + 1 }
    recipients.push({ companyCode, employeeNo })
  }
  return { recipients }
}
