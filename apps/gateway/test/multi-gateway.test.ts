// Several gateways (issue 19 goal 5): two gateway processes on one PostgreSQL database, one Redis
// and one KEYS_DIR, as behind a load balancer. A session made on one is valid on the other (and
// ended on the other, ended on both), a nonce used on one is refused on the other, a password sealed
// with one's key opens on the other, the sign-in lockout and the code-send limit count across both,
// a CMS change is served by both. Runs when DATABASE_URL and REDIS_URL are set (CI's second run).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type AppAgreement, type CmsPage, type LoginState, type PasswordPubKey, calls } from '@ess/contract'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { postgresDatabase } from '../src/db/client'
import { redisKv } from '../src/infra/kv/redis'
import { publishPage } from '../src/modules/cms/service'
import { loadFieldCipher } from '../src/infra/crypto/field-cipher'
import { loadHmacKey } from '../src/infra/crypto/hmac-key'
import { hashPassword } from '../src/infra/crypto/password-hash'
import { activate, insertOperator, replaceRecoveryCodes } from '../src/modules/operator/queries'
import { newTotpSecret, totpCode } from '../src/modules/operator/totp'
import { OPERATOR_PASSWORD } from './helpers/operators'
import { databaseUrl } from './helpers/database-url'
import { sealPassword } from './helpers/password'
import { type GatewayProcess, httpCall, httpCaptcha, httpSmsCode, ok, send, signedCall, startGatewayProcess } from './helpers/process'

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL)

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

let serial = 0
const phone = () => `136${String(process.pid % 10_000).padStart(4, '0')}${String(++serial).padStart(4, '0')}`
const device = () => `multi-device-${process.pid}-${++serial}`

describe.runIf(enabled)('two gateways on one PostgreSQL, one Redis and one KEYS_DIR', () => {
  const name = `ess_multi_${process.pid}_${randomBytes(4).toString('hex')}`
  let url: string
  let keysDir: string
  const dataDirs: string[] = []
  const gateways: GatewayProcess[] = []
  let a: string
  let b: string
  let agreementIds: string[]

  beforeAll(async () => {
    await adminQuery(`create database ${name} template ${inject('pgTemplate')}`)
    url = databaseUrl(process.env.DATABASE_URL as string, name)
    keysDir = await mkdtemp(path.join(os.tmpdir(), 'ess-keys-'))
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-multi-'))
      dataDirs.push(dataDir)
      gateways.push(startGatewayProcess({ DATA_DIR: dataDir, KEYS_DIR: keysDir, DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL as string }))
    }
    ;[a, b] = await Promise.all(gateways.map((gateway) => gateway.url))
    agreementIds = (await ok<AppAgreement[]>(httpCall(a, calls.getAppAgreements, { type: '1' }))).map((x) => x.agreementId)
  }, 120_000)
  afterAll(async () => {
    for (const gateway of gateways) gateway.child.kill('SIGTERM')
    await Promise.all(gateways.map((gateway) => gateway.exit))
    await adminQuery(`drop database if exists ${name} with (force)`)
    for (const dir of [keysDir, ...dataDirs]) if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('a session made on one is valid on the other; a change and a sign-out made on one hold on both at once', async () => {
    const p = phone()
    const deviceId = device()
    const code = await httpSmsCode(a, p, 'login', deviceId, b)
    const state = await ok<LoginState>(httpCall(a, calls.loginSignupByPhoneCode, { phone: p, code, agreementIds } as never, { deviceId }))
    expect(await ok(httpCall(b, calls.getUserInfo, undefined, { token: state.accessToken, deviceId }))).toMatchObject({ userId: state.userId, phone: p })
    // Both keep what they read of the session and the user (user-stamp.ts); a change made through
    // one is what the other answers next.
    expect(await ok(httpCall(a, calls.getUserInfo, undefined, { token: state.accessToken, deviceId }))).toMatchObject({ username: null })
    const username = `multi_${serial}_${process.pid}`
    await ok(httpCall(b, calls.editUserPersonalInfo, { username } as never, { token: state.accessToken, deviceId }))
    expect(await ok(httpCall(a, calls.getUserInfo, undefined, { token: state.accessToken, deviceId }))).toMatchObject({ username })
    await ok(httpCall(b, calls.logout, undefined, { token: state.accessToken, deviceId }))
    const after = await httpCall(a, calls.getUserInfo, undefined, { token: state.accessToken, deviceId })
    // Ended on the other gateway while it was live: the signed-out answer (issue 38), not an unknown token.
    expect(after.body.errorCode).toBe('SESSION_ENDED')
  })

  it('a nonce used on one is refused on the other', async () => {
    const request = signedCall(calls.dictList, { type: 'phoneRegion' })
    expect((await send(a, request)).status).toBe(200)
    const replayed = await send(b, request)
    expect(replayed.status).toBe(409)
    expect(replayed.body.errorCode).toBe('NONCE_REUSED')
  })

  it('the code-send limit counts across both', async () => {
    const p = phone()
    const deviceId = device()
    await httpSmsCode(a, p, 'login', deviceId)
    const again = await httpCall(b, calls.sendPhoneCode, { phone: p, scene: 'login', captchaToken: await httpCaptcha(b, deviceId) } as never, { deviceId })
    expect(again.status).toBe(429)
    expect(again.body.errorCode).toBe('CODE_RESEND_TOO_SOON')
  })

  it('a password sealed with the key of one opens on the other, and the sign-in lockout counts across both', async () => {
    const p = phone()
    const deviceId = device()
    const { publicKey } = await ok<PasswordPubKey>(httpCall(a, calls.getPasswordPubKey))
    const sealed = await sealPassword(publicKey, 'Multi2026pass')
    const code = await httpSmsCode(b, p, 'register', deviceId)
    await ok(httpCall(b, calls.registerByPhonePwd, { phone: p, code, password: sealed, confirmPassword: sealed, agreementIds } as never, { deviceId }))
    const signIn = async (gateway: string, password: string) =>
      httpCall(gateway, calls.loginByAccount, { account: p, password: await sealPassword(publicKey, password), captchaToken: await httpCaptcha(gateway, deviceId) } as never, { deviceId })

    expect((await signIn(b, 'Multi2026pass')).status).toBe(200)
    // Five failures, alternating: the account locks (LOGIN_LOCKOUT.maxFailures = 5).
    for (let i = 0; i < 5; i++) {
      const refused = await signIn(i % 2 ? a : b, 'Wrong2026pass')
      expect(refused.status).toBeGreaterThanOrEqual(400)
    }
    for (const gateway of [a, b]) {
      const locked = await signIn(gateway, 'Multi2026pass')
      expect(locked.body.errorCode).toBe('ACCOUNT_LOCKED')
    }
  })

  it('a CMS change is served by both (each drops its cached page)', async () => {
    const before = await Promise.all([a, b].map((gateway) => ok<CmsPage>(httpCall(gateway, calls.cmsPage, { pageCode: 'homepage' }))))
    expect(before[0].version).toBe(before[1].version)
    // Published as an operator's tool does: the database row, then the change token in the shared KV.
    const database = postgresDatabase(new pg.Pool({ connectionString: url, max: 1 }), () => {})
    const kv = await redisKv(process.env.REDIS_URL as string, { prefix: 'ess:' }, () => {})
    try {
      const floors = before[0].floorList.slice(0, 1)
      await publishPage(database.db, kv, 'homepage', { zh: floors, en: floors })
    } finally {
      await kv.close()
      await database.close()
    }
    for (const gateway of [a, b]) {
      const after = await ok<CmsPage>(httpCall(gateway, calls.cmsPage, { pageCode: 'homepage' }))
      expect(after.version).toBe(before[0].version + 1)
      expect(after.floorList).toHaveLength(1)
    }
    // The page as it was, for the tests after this one (the console's publish edits its grid floor).
    const restore = postgresDatabase(new pg.Pool({ connectionString: url, max: 1 }), () => {})
    const restoreKv = await redisKv(process.env.REDIS_URL as string, { prefix: 'ess:' }, () => {})
    try {
      await publishPage(restore.db, restoreKv, 'homepage', { zh: before[0].floorList, en: before[0].floorList })
    } finally {
      await restoreKv.close()
      await restore.close()
    }
  })

  it('a page published in the console on one gateway is served by the other within 1 s', async () => {
    // An operator written straight to the shared database, with one recovery code: it signs in
    // (recovery) and steps up (TOTP) without waiting for a second TOTP step on the real clock.
    const database = postgresDatabase(new pg.Pool({ connectionString: url, max: 1 }), () => {})
    const totpSecret = newTotpSecret()
    const recovery = 'multi12345'
    try {
      const now = new Date()
      const id = await insertOperator(database.db, { email: `publisher-${process.pid}@console.example`, displayName: 'publisher', roles: ['content_editor', 'content_publisher'], now })
      await activate(database.db, id, { passwordHash: await hashPassword(OPERATOR_PASSWORD), totpSecret: loadFieldCipher(keysDir).encrypt(totpSecret, `operator.totp:${id}`), totpLastStep: 0, now })
      await replaceRecoveryCodes(database.db, id, [loadHmacKey(keysDir).digest('console-recovery-code', `${id}:${recovery}`)], now)
    } finally {
      await database.close()
    }
    const json = async (response: Response) => {
      const body = (await response.json()) as { code: number; data: { data: any } }
      expect(body.code, JSON.stringify(body)).toBe(200)
      return body.data.data
    }
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${a}/app${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    const key = await json(await fetch(`${a}/app/console/auth/public-key`))
    const { challenge } = await json(await post('/console/auth/password', { email: `publisher-${process.pid}@console.example`, password: await sealPassword(key.publicKey, OPERATOR_PASSWORD), keyId: key.keyId }))
    const signedIn = await post('/console/auth/recovery', { challenge, code: recovery })
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]
    const { csrfToken } = await json(signedIn)
    const session = { cookie, 'x-csrf-token': csrfToken }
    await json(await post('/console/auth/step-up', { code: await totpCode(totpSecret, new Date()) }, session))

    const before = await ok<CmsPage>(httpCall(b, calls.cmsPage, { pageCode: 'homepage' }))
    const draft = await json(await fetch(`${a}/app/console/cms/pages/homepage`, { headers: { cookie } }))
    const title = `multi-${process.pid}`
    const retitle = (floors: Array<{ component: string; title?: string | null }>) => floors.map((f) => (f.component === 'grid' ? { ...f, title } : f))
    await json(await fetch(`${a}/app/console/cms/pages/homepage/draft`, { method: 'PUT', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify({ floorsZh: retitle(draft.floorsZh), floorsEn: retitle(draft.floorsEn) }) }))
    await json(await post('/console/cms/pages/homepage/publish', {}, session))
    const published = Date.now()
    let after = before
    while (!JSON.stringify(after).includes(title) && Date.now() - published < 1000) after = await ok<CmsPage>(httpCall(b, calls.cmsPage, { pageCode: 'homepage' }))
    expect(Date.now() - published).toBeLessThan(1000)
    expect(after.version).toBeGreaterThan(before.version)
    expect(JSON.stringify(after)).toContain(title)
  })
})
