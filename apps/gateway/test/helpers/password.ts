import { webcrypto } from 'node:crypto'

/** Seals a password as the portal does: RSA-OAEP-SHA256 with the served SPKI PEM, base64. */
export async function sealPassword(publicKeyPem: string, password: string): Promise<string> {
  const der = Buffer.from(publicKeyPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
  const key = await webcrypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
  const sealed = await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password))
  return Buffer.from(sealed).toString('base64')
}
