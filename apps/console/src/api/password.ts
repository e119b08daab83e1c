/**
 * Passwords travel RSA-OAEP-SHA256 encrypted with the gateway's password key (GUIDE §4), by
 * WebCrypto: the console is opened over https, or on localhost in development (both secure
 * contexts). Elsewhere `crypto.subtle` is missing and sealing refuses (the page says why).
 */
export class InsecureContextError extends Error {}

const pemBody = (pem: string) => pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '')

const toBytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

const toBase64 = (bytes: Uint8Array) => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export async function sealPassword(publicKeyPem: string, password: string, subtle: SubtleCrypto | null | undefined = globalThis.crypto?.subtle): Promise<string> {
  if (!subtle) throw new InsecureContextError('crypto.subtle is not available')
  const key = await subtle.importKey('spki', toBytes(pemBody(publicKeyPem)), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
  const sealed = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password))
  return toBase64(new Uint8Array(sealed))
}
