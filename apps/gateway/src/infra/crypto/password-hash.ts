import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { type Algorithm, hash, verify } from '@node-rs/argon2'
import { PasswordWork, type PasswordWorkPlace } from './password-work'

/** argon2id, m=19 MiB, t=2, p=1 (OWASP's first recommended set; ≈13 ms a hash on these machines). */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id of the const enum (isolated modules cannot inline it).
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

/**
 * The line every password hash of this process goes through (password-work.ts): hashes run on
 * libuv's thread pool, which is per process. The gateway configures it at start (config.ts).
 */
export const passwordWork = new PasswordWork({ concurrency: availableParallelism(), maxWaitMs: 1000 })

/**
 * The argon2 binding's functions this module calls, as an object's properties: a test watches which
 * hash a sign-in verifies against with `vi.spyOn(argon2, 'verify')`, where replacing the module
 * (`vi.mock`) would keep its file out of the suite's shared workers (vitest.config.ts).
 */
export const argon2 = { hash, verify }

/**
 * The argon2id PHC string of a password: the only form in which a password is kept. `place`: the
 * request's place in the line (`passwordWork.within`); without it the hash takes a place of its own.
 */
export const hashPassword = (password: string, place?: PasswordWorkPlace) => passwordWork.run(() => argon2.hash(password, ARGON2_OPTIONS), place)

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. Without one (no such account, or an account without a
 * password) it verifies against a dummy hash of the same parameters and answers false, so an
 * unknown account costs the same time as a wrong password.
 */
export async function verifyPassword(stored: string | null | undefined, password: string, place?: PasswordWorkPlace): Promise<boolean> {
  // Made once per process, outside the line: it is not a request's work.
  dummyHash ??= argon2.hash(randomBytes(18).toString('base64'), ARGON2_OPTIONS)
  const target = stored ?? (await dummyHash)
  const matches = await passwordWork.run(() => argon2.verify(target, password).catch(() => false), place)
  return Boolean(stored) && matches
}

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`

/** Whether a stored hash was made with other parameters (it is replaced at the next sign-in). */
export const needsRehash = (stored: string) => !stored.startsWith(CURRENT_PREFIX)
