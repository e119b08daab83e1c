import { webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { InsecureContextError, sealPassword } from './password'

describe('sealPassword', () => {
  it('encrypts with RSA-OAEP-SHA256 under the PEM key, so the private key reads the password back', async () => {
    const pair = await webcrypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'])
    const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString('base64')
    const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`
    const sealed = await sealPassword(pem, 'Operator-Pass-2026', webcrypto.subtle as SubtleCrypto)
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    const opened = await webcrypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, Buffer.from(sealed, 'base64'))
    expect(new TextDecoder().decode(opened)).toBe('Operator-Pass-2026')
  })

  it('refuses where the browser has no WebCrypto (plain http off localhost)', async () => {
    await expect(sealPassword('pem', 'x', null)).rejects.toBeInstanceOf(InsecureContextError)
  })
})
