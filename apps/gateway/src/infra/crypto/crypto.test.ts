import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../lib/app-error'
import { LEGACY_KEY_ID, addFieldKey, fieldKeyIds, loadFieldCipher, removeFieldKeys } from './field-cipher'
import { mask } from './mask'
import { loadPasswordKey } from './password-key'

let keysDir: string
beforeAll(async () => {
  keysDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'ess-keys-')), 'keys')
})
afterAll(() => rm(path.dirname(keysDir), { recursive: true, force: true }))

/** Encrypts as the browser does: WebCrypto RSA-OAEP with SHA-256 on the UTF-8 bytes. */
async function browserEncrypt(publicKeyPem: string, text: string): Promise<string> {
  const der = Buffer.from(publicKeyPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
  const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text))
  return Buffer.from(sealed).toString('base64')
}

describe('password key', () => {
  it('is made once, kept 0600 in a 0700 folder, and the same on the next load', () => {
    const first = loadPasswordKey(keysDir)
    const again = loadPasswordKey(keysDir)
    expect(again.publicKeyPem).toBe(first.publicKeyPem)
    expect(again.keyId).toBe(first.keyId)
    expect(first.keyId).toMatch(/^[0-9a-f]{16}$/)
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    expect(statSync(path.join(keysDir, 'password-rsa.pem')).mode & 0o777).toBe(0o600)
    expect(statSync(keysDir).mode & 0o777).toBe(0o700)
  })

  it('decrypts what WebCrypto encrypted with RSA-OAEP-SHA256, UTF-8 included', async () => {
    const key = loadPasswordKey(keysDir)
    for (const password of ['Passw0rd!', 'Zz9_~`"\'\\', '密码Secret123']) {
      expect(key.decryptPassword(await browserEncrypt(key.publicKeyPem, password))).toBe(password)
    }
  })

  it('refuses garbage, a wrong length and a ciphertext of another key with BAD_REQUEST', async () => {
    const key = loadPasswordKey(keysDir)
    const other = loadPasswordKey(path.join(keysDir, 'other'))
    const foreign = await browserEncrypt(other.publicKeyPem, 'Passw0rd!')
    for (const input of ['', 'not base64 at all', Buffer.alloc(256, 7).toString('base64'), Buffer.alloc(12).toString('base64'), foreign]) {
      expect(() => key.decryptPassword(input)).toThrow(AppError)
      try {
        key.decryptPassword(input)
      } catch (error) {
        expect((error as AppError).errorCode).toBe('BAD_REQUEST')
      }
    }
  })
})

describe('field cipher', () => {
  it('round-trips, with a fresh IV each time', () => {
    const cipher = loadFieldCipher(keysDir)
    const a = cipher.encrypt('110101199003074258', 'user:1:idNumber')
    const b = cipher.encrypt('110101199003074258', 'user:1:idNumber')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
    expect(a).not.toContain('1101011990')
    expect(loadFieldCipher(keysDir).decrypt(a, 'user:1:idNumber')).toBe('110101199003074258')
    expect(statSync(path.join(keysDir, 'field-aes256.key')).mode & 0o777).toBe(0o600)
  })

  it('refuses a value altered, moved to another context, or sealed with another key', () => {
    const cipher = loadFieldCipher(keysDir)
    const sealed = cipher.encrypt('6222020200112233445', 'user:1:bankCard')
    const [version, iv, body] = sealed.split('.')
    const flipped = body.slice(0, -2) + (body.at(-2) === 'A' ? 'B' : 'A') + body.at(-1)
    expect(() => cipher.decrypt([version, iv, flipped].join('.'), 'user:1:bankCard')).toThrow()
    expect(() => cipher.decrypt(sealed, 'user:2:bankCard')).toThrow()
    expect(() => loadFieldCipher(path.join(keysDir, 'other')).decrypt(sealed, 'user:1:bankCard')).toThrow()
    expect(() => cipher.decrypt('plain text', 'user:1:bankCard')).toThrow(/sealed/)
  })

  it('rotates: a new key seals, the old still opens, and a gateway already running follows the folder', async () => {
    const dir = path.join(path.dirname(keysDir), 'rotated')
    const running = loadFieldCipher(dir)
    const old = running.encrypt('110101199003074258', 'c')
    const id = addFieldKey(dir, new Date('2026-11-27T18:00:00Z'))
    expect(id).toMatch(/^20261127180000-[0-9a-f]{6}$/)
    expect(fieldKeyIds(dir)).toEqual({ current: id, all: [id, LEGACY_KEY_ID] })
    // The running instance seals under the new key at once, and reads both.
    const fresh = running.encrypt('110101199003074258', 'c')
    expect(fresh.startsWith(`v2.${id}.`)).toBe(true)
    expect([running.keyIdOf(old), running.keyIdOf(fresh)]).toEqual([LEGACY_KEY_ID, id])
    expect(running.decrypt(old, 'c')).toBe(running.decrypt(fresh, 'c'))
    // A value sealed by another gateway under a key this one has not read yet is read from the folder.
    const other = loadFieldCipher(dir)
    const third = addFieldKey(dir)
    expect(running.decrypt(other.encrypt('x', 'c'), 'c')).toBe('x')
    expect(other.currentKeyId()).toBe(third)
    // Retired: the old file is gone, a restarted gateway does not make a new first key, old values fail.
    removeFieldKeys(dir, [LEGACY_KEY_ID, id])
    expect(() => removeFieldKeys(dir, [third])).toThrow(/current/)
    const restarted = loadFieldCipher(dir)
    expect(existsSync(path.join(dir, 'field-aes256.key'))).toBe(false)
    expect(() => restarted.decrypt(old, 'c')).toThrow(/not in/)
    expect(statSync(path.join(dir, `field-aes256.${third}.key`)).mode & 0o777).toBe(0o600)
  })

  it('with create off (a restore check) refuses a folder without keys instead of making one', () => {
    const empty = path.join(path.dirname(keysDir), 'empty')
    expect(() => loadFieldCipher(empty, { create: false })).toThrow(/not in/)
    expect(existsSync(empty)).toBe(false)
  })
})

describe('mask', () => {
  it.each([
    ['13812345678', {}, '138****5678'],
    ['110101199003074258', { keepStart: 6 }, '110101********4258'],
    ['6222020200112233445', { keepStart: 0 }, '***************3445'],
    ['张小明', { keepStart: 1, keepEnd: 0 }, '张**'],
    ['1234', {}, '***4'],
    ['', {}, ''],
  ])('masks %s', (value, options, expected) => {
    expect(mask(value, options)).toBe(expected)
  })
})
