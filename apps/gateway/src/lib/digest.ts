import { hash, randomBytes } from 'node:crypto'

/**
 * Hex SHA-256 of a string's UTF-8 bytes: what is kept of a random token (it has 256 bits, so no key
 * or salt is needed), and the body digest of the request signature. crypto.hash is the one-shot
 * form: no Hash object per call (it runs on every signed call and every access check).
 */
export const sha256Hex = (text: string) => hash('sha256', text, 'hex')

/** A new random token: 32 bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url')
