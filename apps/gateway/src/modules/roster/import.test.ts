import { readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabase } from '../../../test/helpers/stores'
import type { DatabaseHandle } from '../../db/client'
import { clientCompany, employee } from '../../db/schema'
import { loadFieldCipher } from '../../infra/crypto/field-cipher'
import { loadHmacKey } from '../../infra/crypto/hmac-key'
import { packageDir } from '../../paths'
import { idNoContext } from './identity'
import { importRosterCsv } from './import'
import { normaliseName, maskIdNo, maskName } from './identity'

let database: DatabaseHandle
const keys = mkdtempSync(path.join(os.tmpdir(), 'ess-roster-keys-'))
const deps = { fieldCipher: loadFieldCipher(keys), hmacKey: loadHmacKey(keys) }
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(() => database.close())

const sample = readFileSync(path.join(packageDir, 'samples/roster.sample.csv'), 'utf8')
const [header, ...lines] = sample.trim().split('\n')
const csv = (...rows: string[]) => [header, ...rows].join('\n')
const employees = async () => (await database.db.select({ n: count() }).from(employee))[0].n
const now = new Date('2026-09-01T00:00:00Z')

describe('roster CSV import', () => {
  it('imports the sample, keeping ID numbers encrypted; importing again updates instead of adding', async () => {
    const first = await importRosterCsv(database.db, deps, `\ufeff${sample}`, now)
    expect(first).toMatchObject({ ok: true, rows: 2, written: { inserted: 2, companies: 2 } })
    const [row] = await database.db.select().from(employee).where(eq(employee.employeeNo, 'HS-0005'))
    expect(row).toMatchObject({ name: '马丽娜', gender: 'F', birthdate: '1997-03-12', nationality: 'CN', idType: 'ID_CARD' })
    expect(row.idNoCipher).not.toContain('110101199703128886')
    expect(deps.fieldCipher.decrypt(row.idNoCipher, idNoContext('HS001', 'HS-0005'))).toBe('110101199703128886')

    const again = await importRosterCsv(database.db, deps, sample, now)
    expect(again).toMatchObject({ ok: true, written: { inserted: 0, updated: 0, unchanged: 2 } })
    const moved = await importRosterCsv(database.db, deps, csv(lines[0].replace('100006', '100007'), lines[1]), now)
    expect(moved).toMatchObject({ ok: true, written: { inserted: 0, updated: 1, unchanged: 1, identityChanged: 0 } })
    expect(await employees()).toBe(2)
    expect((await database.db.select({ n: count() }).from(clientCompany))[0].n).toBe(2)
  })

  it('writes nothing when any row is rejected, and says which line and why', async () => {
    const before = await employees()
    const good = lines[0].replace('HS-0005', 'HS-0099').replace('110101199703128886', '11010119970312888X')
    const bad = lines[1].replace('310104198411052498', '310104198411052499').replace('13800138014', '12345')
    const result = await importRosterCsv(database.db, deps, csv(good, bad, lines[1], lines[1]), now)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.rejected.map((r) => r.line)).toEqual([2, 3, 5])
    expect(result.rejected[0].reasons).toEqual(['id_no is not a valid resident ID number (format or check digit)'])
    expect(result.rejected[1].reasons).toEqual(expect.arrayContaining(['phone must be an 11-digit mainland mobile number', 'id_no is not a valid resident ID number (format or check digit)']))
    expect(result.rejected[2].reasons).toEqual(['employee LY002/LY-1005 is also on line 4', 'the same id_no is also on line 4'])
    expect(await employees()).toBe(before)
  })

  it('refuses a file with missing or unknown columns, an empty file and one that is not CSV', async () => {
    const noName = (await importRosterCsv(database.db, deps, sample.replace('name,pinyin_name', 'nom,pinyin_name'), now)) as { ok: false; rejected: Array<{ reasons: string[] }> }
    expect(noName.rejected[0].reasons).toEqual(['missing columns: name', 'unknown columns: nom'])
    expect(await importRosterCsv(database.db, deps, header, now)).toMatchObject({ ok: false, rejected: [{ reasons: ['the file holds no employee rows'] }] })
    const broken = await importRosterCsv(database.db, deps, `${header}\n"unclosed,quote`, now)
    expect(broken.ok).toBe(false)
  })

  it('refuses an ID number that another employee of the roster already has, writing nothing', async () => {
    const before = await employees()
    const clash = lines[0].replace('HS-0005', 'HS-0100')
    const result = await importRosterCsv(database.db, deps, csv(clash), now)
    expect(result).toMatchObject({ ok: false, rejected: [{ reasons: ['an id_no of the file belongs to another employee already on the roster'] }] })
    expect(await employees()).toBe(before)
  })

  it('updates the changed employees of a batch together: only a changed identity raises its version, a listed ended employee is employed again', async () => {
    await importRosterCsv(database.db, deps, sample, now)
    await database.db.update(employee).set({ employmentEndedOn: '2026-08-31', employmentEndReason: 'contract ended' }).where(eq(employee.employeeNo, 'LY-1005'))
    const state = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({ no: employee.employeeNo, name: employee.name, version: employee.identityVersion, endedOn: employee.employmentEndedOn, endReason: employee.employmentEndReason, cipher: employee.idNoCipher })
            .from(employee)
        ).map((row) => [row.no, row]),
      )
    const before = await state()
    const result = await importRosterCsv(database.db, deps, csv(lines[0].replace('马丽娜', '马丽丽'), lines[1]), now)
    expect(result).toMatchObject({ ok: true, written: { inserted: 0, updated: 2, unchanged: 0, identityChanged: 1 } })
    const after = await state()
    expect(after['HS-0005']).toMatchObject({ name: '马丽丽', version: before['HS-0005'].version + 1, endedOn: null, cipher: before['HS-0005'].cipher })
    expect(after['LY-1005']).toMatchObject({ name: '欧阳晨', version: before['LY-1005'].version, endedOn: null, endReason: null })
    expect(deps.fieldCipher.decrypt(after['HS-0005'].cipher, idNoContext('HS001', 'HS-0005'))).toBe('110101199703128886')
  })
})

describe('identity helpers', () => {
  it('compares names whatever the spacing, width or case, and masks', () => {
    expect(normaliseName(' 李 伟 ')).toBe(normaliseName('李伟'))
    expect(normaliseName('Ｌｉ  Wei')).toBe(normaliseName('LI WEI'))
    expect(normaliseName('阿依古丽 · 买买提')).toBe(normaliseName('阿依古丽·买买提'))
    expect(maskIdNo('110101198803151237')).toBe('110101********1237')
    expect(maskName('欧阳娜娜')).toBe('***娜')
    expect(maskName('Li Wei')).toBe('** Wei')
  })
})
