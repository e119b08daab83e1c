import { existsSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import path from 'node:path'
import { calls } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, payloadOf } from '../../../test/helpers/calls'
import { employee, operator, userCertification } from '../../db/schema'
import { LEGACY_KEY_ID, fieldKeyIds, loadFieldCipher } from '../../infra/crypto/field-cipher'
import { DEMO_ROSTER } from '../roster/data'
import { applyRoster } from '../roster/queries'
import type { RosterRow } from '../roster/rows'
import { rotateFieldKey } from './keys'
import { countByKey, sampleSealedValues } from './sealed-values'

// keys:rotate -- field on the suite's database (PostgreSQL in CI), beside a gateway serving reads
// (getUserInfo opens the ID number), verifications (the ID index, a new record) and roster writes
// (new sealed ID numbers) the whole time. The gateway is the app; the command is the function the
// CLI runs, with its own view of the keys folder, as a second process would have.

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const withCheckDigit = (first17: string) => first17 + '10X98765432'[[...first17].reduce((a, c, i) => a + Number(c) * W[i], 0) % 11]
let serial = 0
/** Employees of a company of this file, with well-formed ID numbers no other row has. */
const employees = (n: number): RosterRow[] =>
  Array.from({ length: n }, () => {
    const i = serial++
    const idNo = withCheckDigit(`4401061985${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}${String(i).padStart(3, '0')}`)
    return { ...DEMO_ROSTER[0], companyCode: 'ROT01', companyNameZh: '轮换测试公司', companyNameEn: 'Rotation Test Co', employeeNo: `R-${i}`, name: `轮换${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${'子丑寅卯辰巳午未申酉戌亥'[Math.floor(i / 10) % 12]}`, pinyinName: null, idNo, gender: 'M', birthdate: `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`, phone: null }
  })

let t: TestApp
const tick = () => new Promise((resolve) => setImmediate(resolve))
const rosterDeps = () => ({ fieldCipher: t.app.fieldCipher, hmacKey: t.app.hmacKey })
const writeRoster = (rows: RosterRow[]) => t.database.db.transaction((tx) => applyRoster(tx, rosterDeps(), rows, new Date()))

async function verifiedUser(row: RosterRow, card?: string) {
  const { accessToken, userId } = await seedAccount(t)
  payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: row.name, idNo: row.idNo } as never, { token: accessToken }))
  if (card) await t.database.db.update(userCertification).set({ bankCardCipher: t.app.fieldCipher.encrypt(card, `certification.bankCard:${userId}`), bankCardLast4: card.slice(-4) }).where(eq(userCertification.userId, userId))
  return { token: accessToken, userId, row, card }
}

beforeAll(async () => {
  t = await buildTestApp()
  await writeRoster(employees(40))
})
afterAll(() => t.close())

// The rotation runs beside a load for its whole length: seconds, more on a loaded 2-core machine.
describe('npm run keys:rotate -- field', { timeout: 120_000 }, () => {
  it('re-seals every ID and bank-card number under a new key while reads and writes go on; --retire then deletes the old key', async () => {
    const { keysDir } = t.config
    const first = fieldKeyIds(keysDir).current
    const users = await Promise.all(employees(6).map(async (row, i) => (await writeRoster([row]), verifiedUser(row, i % 2 ? `62220202001122${String(33440 + i)}` : undefined))))
    // An operator's TOTP secret is sealed with the same keys: it must follow the rotation, or --retire would lock the operator out.
    const now = new Date()
    const [op] = await t.database.db
      .insert(operator)
      .values({ email: 'rotation@console.example', displayName: 'rotation', status: 'active', createdAt: now, updatedAt: now })
      .returning({ id: operator.id })
    await t.database.db.update(operator).set({ totpSecret: t.app.fieldCipher.encrypt('JBSWY3DPEHPK3PXP', `operator.totp:${op.id}`) }).where(eq(operator.id, op.id))

    let stop = false
    const failures: string[] = []
    let reads = 0
    let writes = 0
    const reader = (async () => {
      while (!stop) {
        for (const u of users) {
          const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: u.token }))
          if (info.certification?.idNo !== `${u.row.idNo.slice(0, 6)}********${u.row.idNo.slice(-4)}`) failures.push(`read ${u.userId}: ${JSON.stringify(info.certification)}`)
          reads++
          // PGlite answers in microtasks: without a turn of the event loop the load would never let the rotation in.
          await tick()
        }
      }
    })()
    const writer = (async () => {
      while (!stop) {
        const [row] = employees(1)
        await writeRoster([row])
        await verifiedUser(row)
        writes++
        await tick()
      }
    })()

    let lines: string[]
    let duringRotation = { reads: 0, writes: 0 }
    try {
      const atStart = { reads, writes }
      lines = await rotateFieldKey(t.database.db, keysDir, { batchSize: 3 })
      duringRotation = { reads: reads - atStart.reads, writes: writes - atStart.writes }
      // Let the load run on past the end of the rotation: what it writes now is under the new key.
      const after = writes
      while (writes < after + 2) await tick()
    } finally {
      stop = true
      await Promise.all([reader, writer])
    }

    expect(failures).toEqual([])
    expect(duringRotation.reads).toBeGreaterThan(0)
    expect(duringRotation.writes).toBeGreaterThan(0)
    const current = fieldKeyIds(keysDir).current
    expect(current).not.toBe(first)
    expect(lines[0]).toMatch(new RegExp(`re-sealed under ${current}: employee\\.id_no [1-9]\\d*, user_certification\\.bank_card 3`))
    expect(lines.at(-1)).toMatch(/kept for reading; .* --retire/)
    expect(await countByKey(t.database.db, t.app.fieldCipher)).toEqual({ [current]: expect.any(Number) })
    expect(existsSync(path.join(keysDir, first === LEGACY_KEY_ID ? 'field-aes256.key' : `field-aes256.${first}.key`))).toBe(true)

    const retired = await rotateFieldKey(t.database.db, keysDir, { retire: true })
    expect(retired.at(-1)).toMatch(new RegExp(`retired .*: ${first}\\.`))
    expect(fieldKeyIds(keysDir).all).toEqual([current])

    // A gateway started now (only the new key in the folder) opens every value, and the ID index
    // (HMAC key, unchanged) still finds the employees by the numbers people type.
    const restarted = loadFieldCipher(keysDir)
    const [sealedTotp] = await t.database.db.select({ sealed: operator.totpSecret }).from(operator).where(eq(operator.id, op.id))
    expect(restarted.keyIdOf(sealedTotp.sealed!)).toBe(current)
    expect(restarted.decrypt(sealedTotp.sealed!, `operator.totp:${op.id}`)).toBe('JBSWY3DPEHPK3PXP')
    for (const value of await sampleSealedValues(t.database.db, 100)) expect(() => restarted.decrypt(value.sealed, value.context)).not.toThrow()
    for (const u of users) {
      const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: u.token }))
      expect(info.certification.bankCard).toBe(u.card ? `**** **** **** ${u.card.slice(-4)}` : null)
      if (u.card) {
        const [row] = await t.database.db.select({ sealed: userCertification.bankCardCipher }).from(userCertification).where(eq(userCertification.userId, u.userId))
        expect(restarted.decrypt(row.sealed!, `certification.bankCard:${u.userId}`)).toBe(u.card)
      }
    }
    const [late] = employees(1)
    await writeRoster([late])
    await verifiedUser(late)
  })

  it('--retire first re-seals what a gateway with a stale view of the folder sealed under the old key', async () => {
    const { keysDir } = t.config
    // That gateway's view: the folder as it was before the rotation.
    const staleDir = path.join(path.dirname(keysDir), 'stale-keys')
    await cp(keysDir, staleDir, { recursive: true })
    const before = fieldKeyIds(keysDir).current
    await rotateFieldKey(t.database.db, keysDir, { batchSize: 50 })
    const stale = loadFieldCipher(staleDir, { create: false })
    const [value] = await sampleSealedValues(t.database.db, 1)
    const plain = t.app.fieldCipher.decrypt(value.sealed, value.context)
    const resealed = stale.encrypt(plain, value.context)
    expect(stale.keyIdOf(resealed)).toBe(before)
    await t.database.db.update(employee).set({ idNoCipher: resealed }).where(eq(employee.idNoCipher, value.sealed))

    const retired = await rotateFieldKey(t.database.db, keysDir, { retire: true })
    expect(retired[0]).toMatch(/employee\.id_no 1,/)
    expect(retired.at(-1)).toMatch(new RegExp(`retired .*: (.*, )?${before}[,.]`))
    const [again] = await sampleSealedValues(t.database.db, 1)
    expect(loadFieldCipher(keysDir, { create: false }).decrypt(again.sealed, again.context)).toBe(plain)
  })

  it('refuses a keys folder without a field-encryption key', async () => {
    await expect(rotateFieldKey(t.database.db, path.join(t.config.dataDir, 'no-keys'))).rejects.toThrow(/holds no field-encryption key/)
  })
})
