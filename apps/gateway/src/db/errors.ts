/** Whether a database error is a unique-constraint violation (PostgreSQL 23505, also through Drizzle's wrapper). */
export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e.code ?? e.cause?.code) === '23505'
}
