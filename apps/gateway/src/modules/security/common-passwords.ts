import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * The ~49,000 most common passwords of zxcvbn-ts' common list (shipped in the package: no network
 * look-up), in lower case. Its own module, loaded at the first password check (password.ts): the
 * list is megabytes a gateway need not hold before anyone sets a password.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))
