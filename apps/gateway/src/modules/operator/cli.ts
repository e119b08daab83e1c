import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { CONSOLE_ROLES, type ConsoleRole, isConsoleRole } from '@ess/contract'
import { z } from 'zod'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import { AppError } from '../../lib/app-error'
import { inviteOperator } from './service'

export const CLI_USAGE = `usage: npm run console:operator -- add <email> --role <role> [--role <role>…] [--name "<display name>"]
roles: ${CONSOLE_ROLES.join(', ')}`

/** The console's hash route of an enrollment link (the console app's /enroll page). */
export const enrollmentLink = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/console/#/enroll/${token}`

export type CliResult = { ok: true; lines: string[] } | { ok: false; usage?: boolean; lines: string[] }

/**
 * `console:operator add <email> --role <role>…`: adds an operator (or renews the link of one not
 * yet enrolled) and prints the one-time enrollment link (24 h). The first admin of a production
 * site is made this way. Audited with no operator as the actor (the command line).
 */
export async function runConsoleOperatorCommand(
  argv: string[],
  deps: { db: Database; fieldCipher: FieldCipher; now: () => Date; origin: string },
): Promise<CliResult> {
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: 'string', multiple: true }, name: { type: 'string' } } })
  } catch (error) {
    return { ok: false, usage: true, lines: [(error as Error).message] }
  }
  const [command, rawEmail, ...rest] = parsed.positionals
  if (command !== 'add' || !rawEmail || rest.length) return { ok: false, usage: true, lines: [] }
  const email = z.email().safeParse(rawEmail.trim().toLowerCase())
  if (!email.success) return { ok: false, lines: [`not an email address: ${rawEmail}`] }
  const roles = [...new Set(parsed.values.role ?? [])]
  const unknown = roles.filter((role) => !isConsoleRole(role))
  if (!roles.length || unknown.length) return { ok: false, usage: true, lines: [unknown.length ? `unknown role: ${unknown.join(', ')}` : 'at least one --role'] }
  try {
    const { token, expiresAt } = await inviteOperator(
      deps,
      { email: email.data, roles: roles as ConsoleRole[], displayName: parsed.values.name },
      { ip: 'cli', userAgent: 'npm run console:operator', traceId: randomBytes(8).toString('hex') },
      null,
    )
    return {
      ok: true,
      lines: [
        `${email.data} (${roles.join(', ')}): open this link to set the password and the authenticator, once, before ${expiresAt.toISOString()}:`,
        enrollmentLink(deps.origin, token),
      ],
    }
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'ALREADY_REGISTERED') return { ok: false, lines: [`${email.data} is already an enrolled operator`] }
    throw error
  }
}
