import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { CONSOLE_ROLES, type ConsoleRole } from '@ess/contract'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import { hashPassword } from '../../infra/crypto/password-hash'
import { activate, findOperatorByEmail, insertOperator } from './queries'
import { newTotpSecret } from './totp'

/**
 * Development only: one demo operator per role, so a person trying the console and the browser
 * tests can sign in. Their passwords and TOTP secrets are generated at the first start and kept in
 * `<DATA_DIR>/dev-operators.json` (never in the repo); /dev/operators shows them with a current code.
 */
export interface DevOperator {
  role: ConsoleRole
  email: string
  password: string
  totpSecret: string
}

export const DEV_OPERATORS_FILE = 'dev-operators.json'

/** `content_editor` → `content-editor@console.example`. */
export const devOperatorEmail = (role: ConsoleRole) => `${role.replace(/_/g, '-')}@console.example`

/** A password of the operators' rule: 15 characters, a letter and a digit at least. */
const devPassword = () => `Op${randomBytes(9).toString('base64url')}7`

export function readDevOperators(dataDir: string): DevOperator[] {
  const file = path.join(dataDir, DEV_OPERATORS_FILE)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DevOperator[]) : []
}

/** Writes the demo operators missing from the database (and their secrets file at the first start). */
export async function seedDevOperators(deps: { db: Database; fieldCipher: FieldCipher; now: () => Date }, dataDir: string): Promise<number> {
  let operators = readDevOperators(dataDir)
  if (operators.length !== CONSOLE_ROLES.length) {
    operators = CONSOLE_ROLES.map((role) => ({ role, email: devOperatorEmail(role), password: devPassword(), totpSecret: newTotpSecret() }))
    writeFileSync(path.join(dataDir, DEV_OPERATORS_FILE), `${JSON.stringify(operators, null, 2)}\n`, { mode: 0o600 })
  }
  let written = 0
  for (const demo of operators) {
    if (await findOperatorByEmail(deps.db, demo.email)) continue
    const now = deps.now()
    const id = await insertOperator(deps.db, { email: demo.email, displayName: `Demo ${demo.role}`, roles: [demo.role], now })
    await activate(deps.db, id, {
      passwordHash: await hashPassword(demo.password),
      totpSecret: deps.fieldCipher.encrypt(demo.totpSecret, `operator.totp:${id}`),
      totpLastStep: 0,
      now,
    })
    written++
  }
  return written
}
