import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { PasswordPubKey } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../../test/helpers/app'
import { injectSigned } from '../../../test/helpers/signed'
import { testDatabase, testKv } from '../../../test/helpers/stores'
import type { DatabaseHandle } from '../../db/client'
import type { Kv } from '../../infra/kv'

let dataDir: string
let database: DatabaseHandle
let kv: Kv
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-login-'))
  database = await testDatabase()
  kv = await testKv()
})
afterAll(async () => {
  await database.close()
  await kv.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Starts the app on the same data dir, reads the public key, and stops it again. */
async function publicKeyOfAFreshStart() {
  const t = await buildTestApp({ env: { DATA_DIR: dataDir }, database, kv })
  try {
    const response = await injectSigned(t.app, { path: '/app/user/api/login/getPasswordPubKey' })
    expect(response.statusCode).toBe(200)
    return { key: response.json().data.data as PasswordPubKey, decrypt: t.app.passwordKey.decryptPassword }
  } finally {
    await t.close()
  }
}

describe('GET /app/user/api/login/getPasswordPubKey', () => {
  it('answers an RSA-OAEP-256 SPKI key, cached 1200 s by the client', async () => {
    const { key } = await publicKeyOfAFreshStart()
    expect(key).toEqual({
      publicKey: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/),
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      algorithm: 'RSA-OAEP-256',
      cacheSeconds: 1200,
    })
  })

  it('keeps the same key across restarts on the same DATA_DIR', async () => {
    const first = await publicKeyOfAFreshStart()
    const second = await publicKeyOfAFreshStart()
    expect(second.key).toEqual(first.key)
  })

  it('decrypts a password the browser encrypted with the served key (WebCrypto)', async () => {
    const { key, decrypt } = await publicKeyOfAFreshStart()
    const der = Buffer.from(key.publicKey.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
    const imported = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
    const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, imported, new TextEncoder().encode('Welcome2025!'))
    expect(decrypt(Buffer.from(sealed).toString('base64'))).toBe('Welcome2025!')
  })
})
