import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabase } from '../test/helpers/stores'
import type { DatabaseHandle } from './db/client'
import { agreement, agreementVersion, dictItem } from './db/schema'
import { DICTIONARIES } from './modules/dict/data'
import { seedDemoData } from './seed'
import { loadFieldCipher } from './infra/crypto/field-cipher'
import { loadHmacKey } from './infra/crypto/hmac-key'
import { clientCompany, employee } from './db/schema'
import { DEMO_ROSTER } from './modules/roster/data'
import { ARTICLES, CATEGORIES, PAGES } from './modules/cms/content'
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync } from 'node:fs'

let database: DatabaseHandle
const keys = mkdtempSync(path.join(os.tmpdir(), 'ess-seed-keys-'))
const deps = { fieldCipher: loadFieldCipher(keys), hmacKey: loadHmacKey(keys) }
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(() => database.close())

const snapshot = async () => ({
  dict: await database.db.select().from(dictItem).orderBy(asc(dictItem.id)),
  agreements: await database.db.select().from(agreement).orderBy(asc(agreement.id)),
  versions: await database.db.select().from(agreementVersion).orderBy(asc(agreementVersion.id)),
  companies: await database.db.select().from(clientCompany).orderBy(asc(clientCompany.id)),
  employees: await database.db.select().from(employee).orderBy(asc(employee.employeeNo)),
})

describe('seeding', () => {
  it('writes the data once; a second run writes and changes nothing', async () => {
    const expectedDict = Object.values(DICTIONARIES).reduce((n, items) => n + items.length, 0)
    expect(await seedDemoData(database.db, deps)).toBe(expectedDict + 3 + 3 + 3 + DEMO_ROSTER.length + Object.keys(PAGES).length + CATEGORIES.length + ARTICLES.length + 1 /* the demo salary notice */)
    const first = await snapshot()
    expect(first.dict).toHaveLength(expectedDict)
    expect(first.agreements.map((a) => a.code)).toEqual(['user', 'privacy', 'cancellation'])

    expect(await seedDemoData(database.db, deps)).toBe(0)
    expect(await snapshot()).toEqual(first)
  })

  it('puts back a dictionary label changed in the database, touching only that row', async () => {
    const before = await snapshot()
    await database.db.update(dictItem).set({ labelEn: 'Planet Earth' }).where(eq(dictItem.value, 'CN'))
    expect(await seedDemoData(database.db, deps)).toBe(2)
    const after = await snapshot()
    expect(after.dict.map(({ updatedAt, ...row }) => row)).toEqual(before.dict.map(({ updatedAt, ...row }) => row))
    const touched = after.dict.filter((row, i) => row.updatedAt.getTime() !== before.dict[i].updatedAt.getTime())
    expect(touched.map((row) => `${row.type}:${row.value}`)).toEqual(['nationality:CN', 'phoneRegion:CN'])
  })
})
