import { createHash, randomBytes } from 'node:crypto'

/** Hex SHA-256: what is kept of a random token (it has 256 bits, so no key or salt is needed). */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** A new random token: 32 bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url')
