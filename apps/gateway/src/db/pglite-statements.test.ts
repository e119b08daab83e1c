import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { withNamedStatements } from './pglite-statements'

// PGlite-only by nature: runs on the embedded database whatever store the suite was given.
describe('PGlite named statements', () => {
  let client: PGlite
  let db: PGlite

  beforeAll(async () => {
    client = await PGlite.create('memory://')
  })
  afterAll(() => client.close())
  beforeEach(async () => {
    await client.exec(`
      deallocate all;
      drop table if exists item;
      create table item (id serial primary key, name text not null unique, qty int, tags text[], meta jsonb, at timestamptz);
      insert into item (name, qty, tags, meta, at) values ('pen', 3, '{a,b}', '{"k":1}', '2026-01-02T03:04:05Z');
    `)
    db = withNamedStatements(client)
  })

  const preparedCount = async () => (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n

  it('answers what PGlite itself answers, for every kind of parameter and both row modes', async () => {
    const text = 'select id, name, qty, tags, meta, at, $1::int + 1 as next from item where name = $2 and at < $3 and meta @> $4'
    const params = [41, 'pen', new Date('2027-01-01T00:00:00Z'), { k: 1 }]
    for (const rowMode of ['object', 'array'] as const) {
      const own = await client.query(text, params, { rowMode })
      const named = await db.query(text, params, { rowMode })
      expect(named.rows).toEqual(own.rows)
      expect(named.fields).toEqual(own.fields)
    }
    const [row] = (await db.query<{ next: number; tags: string[]; at: Date }>(text, params)).rows
    expect(row).toMatchObject({ next: 42, tags: ['a', 'b'], at: new Date('2026-01-02T03:04:05Z') })
  })

  it('honours the caller’s parsers (drizzle keeps timestamps as text)', async () => {
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => value }
    const { rows } = await db.query<{ at: string }>('select at from item where qty > $1', [0], { parsers })
    expect(typeof rows[0].at).toBe('string')
  })

  it('parses a text once and runs it by name afterwards', async () => {
    const text = 'select name from item where qty = $1'
    for (let i = 0; i < 5; i++) expect((await db.query(text, [3])).rows).toEqual([{ name: 'pen' }])
    expect(await preparedCount()).toBe(1)
    await db.query('insert into item (name, qty) values ($1, $2)', ['ink', null])
    expect(await preparedCount()).toBe(2)
    expect((await db.query<{ qty: number | null }>('select qty from item where name = $1', ['ink'])).rows).toEqual([{ qty: null }])
  })

  it('reports affected rows and returning rows', async () => {
    const inserted = await db.query<{ id: number }>('insert into item (name) values ($1), ($2) returning id', ['a', 'b'])
    expect(inserted.rows).toHaveLength(2)
    const updated = await db.query('update item set qty = $1 where qty is null', [7])
    expect(updated.affectedRows).toBe(2)
  })

  it('fails with the database error (its SQLSTATE) and stays usable', async () => {
    await expect(db.query('insert into item (name) values ($1)', ['pen'])).rejects.toMatchObject({ code: '23505' })
    await expect(db.query('select nope from item')).rejects.toMatchObject({ code: '42703' })
    // The failed text was not kept: fixing the table makes it run.
    await client.exec('alter table item add column nope int')
    expect((await db.query('select nope from item')).rows).toEqual([{ nope: null }])
    expect((await db.query('select count(*)::int as n from item')).rows).toEqual([{ n: 1 }])
  })

  it('runs inside a transaction, which commits or rolls back as a whole', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['kept'])
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['dropped'])
        await tx.query('insert into item (name) values ($1)', ['pen'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    const { rows } = await db.query<{ name: string }>('select name from item order by id')
    expect(rows.map((r) => r.name)).toEqual(['pen', 'kept'])
  })

  it('waits for another flow’s transaction instead of running inside it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inTransaction!: () => void
    const opened = new Promise<void>((resolve) => (inTransaction = resolve))
    const rolledBack = db.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['uncommitted'])
      inTransaction()
      await held
      await tx.rollback()
    })
    await opened
    const order: string[] = []
    const outside = db.query<{ n: number }>('select count(*)::int as n from item').then((r) => {
      order.push('outside')
      return r.rows[0].n
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    order.push('rollback')
    release()
    await rolledBack
    expect(await outside).toBe(1)
    expect(order).toEqual(['rollback', 'outside'])
  })

  it('refuses a statement on a closed transaction', async () => {
    let closedTx: { query: PGlite['query'] } | undefined
    await db.transaction(async (tx) => {
      closedTx = tx
    })
    await expect(closedTx!.query('select 1')).rejects.toThrow('Transaction is closed')
  })

  it('keeps at most the given number of statements, running further texts unnamed', async () => {
    const small = withNamedStatements(client, 2)
    for (let n = 1; n <= 4; n++) {
      const placeholders = Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')
      const { rows } = await small.query<{ n: number }>(`select count(*)::int as n from item where qty in (${placeholders})`, Array(n).fill(3))
      expect(rows).toEqual([{ n: 1 }])
    }
    expect(await preparedCount()).toBe(2)
  })
})
