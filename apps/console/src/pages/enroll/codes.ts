/** The text file of recovery codes an operator downloads: which account, when, one code a line. */
export function codesFile(email: string, codes: readonly string[], now: Date = new Date()): string {
  return [`ESS console recovery codes for ${email}`, `Made ${now.toISOString()}; each code works once.`, '', ...codes, ''].join('\n')
}
