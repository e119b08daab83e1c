import { JSEncrypt } from 'jsencrypt'

/**
 * RSA-OAEP (SHA-256) with jsencrypt, for hosts without WebCrypto (the mini-program, or a web page
 * served over plain http on a LAN address). jsencrypt pads a "binary string", so the password is
 * UTF-8 encoded first: each char of the input is one byte.
 */
export function encryptOaepWithJsencrypt(publicKeyPem: string, plaintext: string): string {
  const encrypt = new JSEncrypt()
  encrypt.setPublicKey(publicKeyPem)
  const bytes = new TextEncoderLite().encode(plaintext)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  const out = encrypt.encryptOAEP(binary)
  if (out === false) throw new Error('RSA-OAEP encryption failed')
  return out
}

/** UTF-8 encoder that does not need TextEncoder (missing on older mini-program base libraries). */
class TextEncoderLite {
  encode(text: string): Uint8Array {
    const out: number[] = []
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number
      if (cp < 0x80) out.push(cp)
      else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
      else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
      else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    }
    return new Uint8Array(out)
  }
}
