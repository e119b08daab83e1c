import { PGlite } from '@electric-sql/pglite'
import { pgliteDatabase } from '/work/main/apps/gateway/src/db/client'
let t = performance.now()
const c = await PGlite.create()
const db = pgliteDatabase(c)
await db.migrate()
console.log('create+migrate', (performance.now() - t).toFixed(0))
t = performance.now()
const dump = await c.dumpDataDir('none')
console.log('dump', (performance.now() - t).toFixed(0), dump.size)
for (let i = 0; i < 4; i++) {
  t = performance.now()
  const d = await PGlite.create('memory://', { loadDataDir: dump })
  await d.query('select 1')
  console.log('load', (performance.now() - t).toFixed(0))
  t = performance.now()
  const k = await (d as any).clone?.()
  if (k) { await k.query('select 1'); console.log('clone', (performance.now() - t).toFixed(0)) }
  await d.close()
}
