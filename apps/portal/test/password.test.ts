import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import { PUBLIC_KEY_CACHE_S } from '@ess/contract/wire'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { encryptPassword, getPublicKey } from '../src/core/password'
import { createWebCrypto } from '../src/platform/h5/crypto'
import { encryptOaepWithJsencrypt } from '../src/platform/shared/oaep-fallback'
import { installTestPlatform, ok } from './helpers'

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const decrypt = (b64: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8')

const KEY = { publicKey, keyId: 'k-1', algorithm: 'RSA-OAEP-256', cacheSeconds: PUBLIC_KEY_CACHE_S } as const

afterEach(() => vi.restoreAllMocks())

describe('password transport (RSA-OAEP-SHA256)', () => {
  it('WebCrypto ciphertext decrypts with the private key (Node refuses PKCS#1 v1.5, OAEP is what it accepts)', async () => {
    const cipher = await createWebCrypto().encryptOaepSha256(publicKey, 'Passw0rd!密码')
    expect(decrypt(cipher)).toBe('Passw0rd!密码')
  })

  it("jsencrypt's OAEP on UTF-8 input (no WebCrypto) decrypts the same way", () => {
    const cipher = encryptOaepWithJsencrypt(publicKey, 'Passw0rd!密码😀')
    expect(decrypt(cipher)).toBe('Passw0rd!密码😀')
  })

  it('falls back to jsencrypt where crypto.subtle is missing', async () => {
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle')
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true })
    try {
      const cipher = await createWebCrypto().encryptOaepSha256(publicKey, 'abc12345')
      expect(decrypt(cipher)).toBe('abc12345')
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle)
    }
  })
})

describe('public key cache (1200 s)', () => {
  it('fetches once, reuses the key for 1200 s, then fetches again', async () => {
    const { server } = installTestPlatform()
    let now = 1_000_000
    const clock = () => now
    server.reply(ok(KEY), ok({ ...KEY, keyId: 'k-2' }))

    const [a, b] = await Promise.all([getPublicKey({ now: clock }), getPublicKey({ now: clock })])
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0].url).toBe('/app/user/api/login/getPasswordPubKey')
    expect(a).toEqual({ publicKey, keyId: 'k-1', cachedAt: 1_000_000 })
    expect(b).toEqual(a)
    expect(JSON.parse(localStorage.getItem('public-key') as string).keyId).toBe('k-1')

    now += PUBLIC_KEY_CACHE_S * 1000 - 1
    expect((await getPublicKey({ now: clock })).keyId).toBe('k-1')
    expect(server.requests).toHaveLength(1)

    now += 1
    expect((await getPublicKey({ now: clock })).keyId).toBe('k-2')
    expect(server.requests).toHaveLength(2)
  })

  it('encryptPassword uses the cached key and the platform crypto', async () => {
    const { server } = installTestPlatform()
    server.reply(ok(KEY))
    const out = await encryptPassword('S3cret-pass')
    expect(out.keyId).toBe('k-1')
    expect(decrypt(out.cipher)).toBe('S3cret-pass')
  })

  it('a failed key fetch rejects (the caller cannot encrypt)', async () => {
    const { server } = installTestPlatform()
    vi.spyOn((await import('@tarojs/taro')).default, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    server.reply({ status: 503, data: null })
    await expect(encryptPassword('x')).rejects.toMatchObject({ kind: 'http', code: 503 })
  })
})
