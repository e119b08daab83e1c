import type { Config } from 'drizzle-kit'

/** `npm run db:generate -w apps/gateway` writes the next migration into ./migrations from the schema. */
export default {
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
} satisfies Config
