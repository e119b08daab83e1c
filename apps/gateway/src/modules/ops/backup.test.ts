import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, payloadOf } from '../../../test/helpers/calls'
import { currentAgreementIds, passCaptcha, smsCode } from '../../../test/helpers/flows'
import { sealPassword } from '../../../test/helpers/password'
import { openDatabase } from '../../db/client'
import { userCertification } from '../../db/schema'
import { loadFieldCipher } from '../../infra/crypto/field-cipher'
import { loadHmacKey } from '../../infra/crypto/hmac-key'
import { DEMO_ROSTER } from '../roster/data'
import { runOpsCommand } from './commands'

// The restore drill of README "Backups, restore and keys", on the embedded database (the PostgreSQL
// path is pg_dump's; its keys half is the same code): employees sign up and verify, the gateway
// stops, a backup, the data folder wiped, a restore, and they sign in verified as before.

const PASSWORD = 'Drill-Harbor-58'
const CARD = '6222020200112233446'
let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ess-ops-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** Runs an operations command as `npm run` would, on this data folder only (never CI's DATABASE_URL). */
async function ops(argv: string[], env: Record<string, string>) {
  const out: string[] = []
  const err: string[] = []
  const code = await runOpsCommand(argv, { NODE_ENV: 'test', LOG_LEVEL: 'silent', INIT_CWD: root, ...env }, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** The gateway (as the server builds it) on the embedded database of a data folder. */
async function gatewayOn(dataDir: string): Promise<TestApp & { stop(): Promise<void> }> {
  // A first start from the suite's migrated snapshot, not initdb and every migration (seconds each).
  if (!existsSync(path.join(dataDir, 'pglite'))) {
    mkdirSync(dataDir, { recursive: true })
    await (await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) })).close()
  }
  const database = await openDatabase({ dataDir }, () => {})
  const t = await buildTestApp({ env: { DATA_DIR: dataDir }, database })
  return { ...t, stop: async () => (await t.close(), await database.close()) }
}

interface Employee {
  phone: string
  name: string
  idNo: string
  byCard: boolean
}

async function signUpAndVerify(t: TestApp, who: (typeof DEMO_ROSTER)[number], byCard: boolean): Promise<Employee> {
  const phone = uniquePhone()
  const password = await sealPassword(t.app.passwordKey.publicKeyPem, PASSWORD)
  const code = await smsCode(t.app, phone, 'register')
  const login = payloadOf(await callApi(t.app, calls.registerByPhonePwd, { phone, code, password, confirmPassword: password, agreementIds: await currentAgreementIds(t.app) } as never))
  const body = byCard
    ? { method: 'bankCard', name: who.name, idNo: who.idNo, cardNo: CARD, bankPhone: who.phone, code: await smsCode(t.app, who.phone!, 'realName') }
    : { method: 'idNumber', name: who.name, idNo: who.idNo }
  payloadOf(await callApi(t.app, calls.certificationCheck, body as never, { token: login.accessToken }))
  return { phone, name: who.name, idNo: who.idNo, byCard }
}

async function signInVerified(t: TestApp, e: Employee) {
  const password = await sealPassword(t.app.passwordKey.publicKeyPem, PASSWORD)
  const state = payloadOf(await callApi(t.app, calls.loginByAccount, { account: e.phone, password, captchaToken: await passCaptcha(t.app) }))
  const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: state.accessToken, locale: 'en-US' }))
  expect(info).toMatchObject({ certificationStatus: 1, isExpired: false })
  expect(info.certification).toMatchObject({ idNo: `${e.idNo.slice(0, 6)}********${e.idNo.slice(-4)}`, bankCard: e.byCard ? `**** **** **** ${CARD.slice(-4)}` : null })
  if (e.byCard) {
    // The card is shown from its last four digits: open the sealed one with the restored keys.
    const [row] = await t.database.db.select({ sealed: userCertification.bankCardCipher }).from(userCertification).where(eq(userCertification.userId, state.userId))
    expect(t.app.fieldCipher.decrypt(row.sealed!, `certification.bankCard:${state.userId}`)).toBe(CARD)
  }
}

// Each step opens, dumps or loads an on-disk PGlite (seconds each on a loaded 2-core machine).
describe('npm run db:backup / db:restore on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string
  let employees: Employee[]
  const file = () => path.join(root, 'nightly.ess-backup')

  beforeAll(async () => {
    dataDir = path.join(root, 'data')
    const t = await gatewayOn(dataDir)
    try {
      employees = [await signUpAndVerify(t, DEMO_ROSTER[0], false), await signUpAndVerify(t, DEMO_ROSTER[1], true)]
    } finally {
      await t.stop()
    }
  }, 120_000)

  it('refuses a backup that says nothing of the keys, and one over an existing file', async () => {
    const refused = await ops(['db:backup', 'nightly.ess-backup'], { DATA_DIR: dataDir })
    expect(refused).toMatchObject({ code: 1 })
    expect(refused.err).toMatch(/--with-keys.*--keys-kept-elsewhere=WHERE/s)
    expect(existsSync(file())).toBe(false)
    expect((await ops(['db:backup', 'x', '--keys-kept-elsewhere'], { DATA_DIR: dataDir })).code).toBe(1)
    expect((await ops(['db:backup', 'x', '--with-keys', '--keys-kept-elsewhere=vault'], { DATA_DIR: dataDir })).code).toBe(1)
    writeFileSync(path.join(root, 'taken'), 'x')
    expect((await ops(['db:backup', 'taken', '--with-keys'], { DATA_DIR: dataDir })).err).toMatch(/never overwrites/)
  })

  it('refuses while a gateway holds the embedded database', async () => {
    // A live process other than this one holds the lock: the test runner's parent.
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid))
    try {
      const refused = await ops(['db:backup', 'held.ess-backup', '--with-keys'], { DATA_DIR: dataDir })
      expect(refused.err).toMatch(/needs the gateway stopped/)
      expect((await ops(['keys:rotate', 'field'], { DATA_DIR: dataDir })).err).toMatch(/needs the gateway stopped/)
      expect(existsSync(path.join(root, 'held.ess-backup'))).toBe(false)
    } finally {
      await rm(path.join(dataDir, 'pglite.lock'))
    }
  })

  it('backs up with the keys, restores into a wiped folder after a sample decryption, and the employees sign in verified', async () => {
    const made = await ops(['db:backup', 'nightly.ess-backup', '--with-keys'], { DATA_DIR: dataDir })
    expect(made).toMatchObject({ code: 0, err: '' })
    expect(made.out).toMatch(/keys of .* are in it/)

    await rm(dataDir, { recursive: true, force: true })
    const restored = await ops(['db:restore', 'nightly.ess-backup'], { DATA_DIR: dataDir })
    expect(restored).toMatchObject({ code: 0, err: '' })
    expect(restored.out).toMatch(/^done: .* key file\(s\) in .*; [1-9]\d* sealed value\(s\) of \d+ employee\(s\) opened with them\.$/)

    const again = await ops(['db:restore', 'nightly.ess-backup'], { DATA_DIR: dataDir })
    expect(again.err).toMatch(/is not empty: a restore goes into an empty data folder/)

    const t = await gatewayOn(dataDir)
    try {
      for (const e of employees) await signInVerified(t, e)
    } finally {
      await t.stop()
    }
  })

  it('a backup without its keys restores only where the right keys are, and leaves nothing behind otherwise', async () => {
    const made = await ops(['db:backup', 'keyless.ess-backup', '--keys-kept-elsewhere=vault:hr/ess-keys'], { DATA_DIR: dataDir })
    expect(made.out).toMatch(/NOT in it: they are kept at vault:hr\/ess-keys/)

    const elsewhere = path.join(root, 'elsewhere')
    const noKeys = await ops(['db:restore', 'keyless.ess-backup'], { DATA_DIR: elsewhere })
    expect(noKeys.err).toMatch(/holds no keys \(they were kept at vault:hr\/ess-keys\)/)

    // Keys of another installation: the sample decryption fails and the restored database goes.
    const stranger = path.join(root, 'stranger')
    loadFieldCipher(path.join(stranger, 'keys'))
    loadHmacKey(path.join(stranger, 'keys'))
    await cp(path.join(stranger, 'keys'), path.join(elsewhere, 'keys'), { recursive: true })
    const wrong = await ops(['db:restore', 'keyless.ess-backup'], { DATA_DIR: elsewhere })
    expect(wrong).toMatchObject({ code: 1 })
    expect(wrong.err).toMatch(/the keys do not open the data: employee\.id_no/)
    expect(existsSync(path.join(elsewhere, 'pglite'))).toBe(false)

    await rm(path.join(elsewhere, 'keys'), { recursive: true })
    await cp(path.join(dataDir, 'keys'), path.join(elsewhere, 'keys'), { recursive: true })
    const right = await ops(['db:restore', 'keyless.ess-backup'], { DATA_DIR: elsewhere })
    expect(right).toMatchObject({ code: 0 })
    expect(right.out).toMatch(/with the keys already in/)

    // A with-keys backup never replaces keys already there with other bytes.
    const clash = await ops(['db:restore', 'nightly.ess-backup'], { DATA_DIR: stranger, KEYS_DIR: path.join(stranger, 'keys') })
    expect(clash.err).toMatch(/already holds another/)
  })

  it('refuses a file that is not a backup, and unknown commands or options', async () => {
    writeFileSync(path.join(root, 'junk'), 'not a tar file at all')
    expect((await ops(['db:restore', 'junk'], { DATA_DIR: path.join(root, 'junk-data') })).err).toMatch(/is not a backup made by npm run db:backup/)
    expect(readdirSync(root)).not.toContain('junk-data-pglite')
    expect((await ops(['db:restore', 'nightly.ess-backup', '--force'], { DATA_DIR: dataDir })).err).toMatch(/unknown option\(s\): --force/)
    expect((await ops(['db:vacuum'], { DATA_DIR: dataDir })).code).toBe(2)
  })
})

describe('npm run db:backup / db:restore on PostgreSQL', () => {
  it("writes the keys and prints pg_dump's command without the password; the restore wants DATABASE_URL", async () => {
    const keysDir = path.join(root, 'pg-keys')
    loadFieldCipher(keysDir)
    const env = { DATA_DIR: path.join(root, 'pg-data'), KEYS_DIR: keysDir, DATABASE_URL: 'postgres://ess:s3cret@db.internal:5432/ess' }
    const made = await ops(['db:backup', 'pg.ess-backup', '--with-keys'], env)
    expect(made).toMatchObject({ code: 0, err: '' })
    expect(made.out).toContain(`pg_dump --format=custom --file=${path.join(root, 'pg.ess-backup')}.pgdump 'postgres://ess:***@db.internal:5432/ess'`)
    expect(made.out).not.toContain('s3cret')
    const refused = await ops(['db:restore', 'pg.ess-backup'], { DATA_DIR: path.join(root, 'pg-data-2') })
    expect(refused.err).toMatch(/goes with a PostgreSQL dump: set DATABASE_URL/)
  })
})
