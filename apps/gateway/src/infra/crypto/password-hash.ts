import { randomBytes } from 'node:crypto'
import { type Algorithm, hash, verify } from '@node-rs/argon2'
import { countedPasswordWork } from '../observe/signals'

/** argon2id, m=19 MiB, t=2, p=1 (OWASP's first recommended set; ≈13 ms a hash on these machines). */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id of the const enum (isolated modules cannot inline it).
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

/** The argon2id PHC string of a password: the only form in which a password is kept. */
export const hashPassword = (password: string) => countedPasswordWork(() => hash(password, ARGON2_OPTIONS))

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. Without one (no such account, or an account without a
 * password) it verifies against a dummy hash of the same parameters and answers false, so an
 * unknown account costs the same time as a wrong password.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'))
  const target = stored ?? (await dummyHash)
  const matches = await countedPasswordWork(() => verify(target, password)).catch(() => false)
  return Boolean(stored) && matches
}

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`

/** Whether a stored hash was made with other parameters (it is replaced at the next sign-in). */
export const needsRehash = (stored: string) => !stored.startsWith(CURRENT_PREFIX)
