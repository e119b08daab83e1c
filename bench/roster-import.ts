// `npx tsx bench/roster-import.ts [ROWS]` (default 100,000; BENCH_STORE=postgres for PostgreSQL):
// the roster import of issue 34 on a file of ROWS new employees, streamed from disk through the one
// implementation the console and `npm run roster:import` share (apps/gateway/src/modules/roster/
// import.ts `runRosterImport`): first the console's check (every line, nothing written), then the
// apply (every line checked again and written in batches inside ONE transaction). The console's
// calls add only the spooling of the upload to a file under DATA_DIR before each of these.
//
// It says: the file's size, the time and the CPU time of each pass (the process's, which on PGlite includes
// the database's work: less sensitive to a shared machine than the wall clock), rows per second, and the process's peak
// resident memory (getrusage maxrss, the whole process: Node, the embedded PostgreSQL when PGlite,
// the file generation) against the file's size: a pass holding the file whole would need at least
// the file again in memory. Heap in use is sampled every 50 ms too.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../apps/gateway/src/config'
import { openDatabase } from '../apps/gateway/src/db/client'
import { loadFieldCipher } from '../apps/gateway/src/infra/crypto/field-cipher'
import { loadHmacKey } from '../apps/gateway/src/infra/crypto/hmac-key'
import { runRosterImport } from '../apps/gateway/src/modules/roster/import'
import { seedRoster } from '../apps/gateway/src/modules/roster/service'
import { idNumber } from './lib'

const ROWS = Number(process.argv[2] ?? 100_000)
const STORE = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite'
const dir = mkdtempSync(path.join(os.tmpdir(), 'ess-bench-roster-'))
const file = path.join(dir, 'roster.csv')

async function writeFile() {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  await write('\uFEFFcompany_code,company_name_zh,company_name_en,employee_no,name,pinyin_name,gender,birthdate,nationality,id_type,id_no,phone,email,address,postcode\n')
  for (let i = 0; i < ROWS; i++) {
    const { idNo, birthdate } = idNumber(Math.floor(i / 900), 100 + (i % 900))
    const no = `B-${String(i).padStart(7, '0')}`
    const phone = `139${String(i).padStart(8, '0')}`
    await write(`HS001,华晟科技有限公司,"Huasheng Technology Co., Ltd.",${no},测试员工,Ce Shi,,${birthdate},CN,ID_CARD,${idNo},${phone},${no.toLowerCase()}@bench.example.com,上海市徐汇区漕溪北路${i % 999}号,200030\n`)
  }
  out.end()
  await once(out, 'finish')
}

let heapPeak = 0
const sampler = setInterval(() => {
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
}, 50)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

try {
  await writeFile()
  const bytes = statSync(file).size
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    ...(STORE === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' } : {}),
  })
  const database = await openDatabase(config, (error) => console.error(error))
  await database.migrate()
  const deps = { fieldCipher: loadFieldCipher(config.keysDir), hmacKey: loadHmacKey(config.keysDir) }
  await seedRoster(database.db, deps)
  const rssBefore = process.resourceUsage().maxRSS * 1024

  const cpuSeconds = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since)
    return +((used.user + used.system) / 1e6).toFixed(1)
  }
  let cpu = process.cpuUsage()
  let started = performance.now()
  const checked = await runRosterImport(database.db, deps, createReadStream(file), new Date(), { newCompanies: 'refuse', apply: false })
  const checkMs = performance.now() - started
  const checkCpu = cpuSeconds(cpu)
  if (!checked.ok) throw new Error(`check refused ${checked.rejectedCount} line(s): ${JSON.stringify(checked.rejected.slice(0, 3))}`)
  const rssAfterCheck = process.resourceUsage().maxRSS * 1024

  cpu = process.cpuUsage()
  started = performance.now()
  const applied = await runRosterImport(database.db, deps, createReadStream(file), new Date(), { newCompanies: 'refuse', apply: true })
  const applyMs = performance.now() - started
  const applyCpu = cpuSeconds(cpu)
  if (!applied.ok) throw new Error(`apply refused ${applied.rejectedCount} line(s)`)
  const rssPeak = process.resourceUsage().maxRSS * 1024

  console.log(
    JSON.stringify(
      {
        store: STORE,
        rows: ROWS,
        file: mb(bytes),
        checkSeconds: +(checkMs / 1000).toFixed(1),
        checkRowsPerSecond: Math.round(ROWS / (checkMs / 1000)),
        checkCpuSeconds: checkCpu,
        applySeconds: +(applyMs / 1000).toFixed(1),
        applyRowsPerSecond: Math.round(ROWS / (applyMs / 1000)),
        applyCpuSeconds: applyCpu,
        written: applied.written,
        peakRss: { beforeImport: mb(rssBefore), afterCheck: mb(rssAfterCheck), afterApply: mb(rssPeak) },
        peakHeapUsed: mb(heapPeak),
        node: process.version,
        cpus: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
        loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
      },
      null,
      2,
    ),
  )
  await database.close()
} finally {
  clearInterval(sampler)
  rmSync(dir, { recursive: true, force: true })
}
