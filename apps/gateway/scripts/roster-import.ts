// `npm run roster:import -- FILE` (from the repository root): imports a roster CSV into the
// gateway's database (DATA_DIR or DATABASE_URL, as the gateway reads them). All rows are checked
// first; a file with a rejected row writes nothing. Stop the gateway first when it runs on the
// embedded database: one process at a time may open it.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { commandConfig, commandDatabase } from './open-database'
import { loadFieldCipher } from '../src/infra/crypto/field-cipher'
import { loadHmacKey } from '../src/infra/crypto/hmac-key'
import { importRosterCsv } from '../src/modules/roster/import'

const file = process.argv[2]
if (!file) {
  console.error('usage: npm run roster:import -- FILE.csv   (columns: see apps/gateway/samples/roster.sample.csv)')
  process.exit(2)
}
const csvPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)

const config = commandConfig()

let csv: Buffer
try {
  csv = readFileSync(csvPath)
} catch (error) {
  console.error(`cannot read ${csvPath}: ${(error as Error).message}`)
  process.exit(2)
}

const database = await commandDatabase(config)
try {
  const { keysDir } = config
  const result = await importRosterCsv(database.db, { fieldCipher: loadFieldCipher(keysDir), hmacKey: loadHmacKey(keysDir) }, csv, new Date())
  if (!result.ok) {
    console.error(`${csvPath}: nothing imported, ${result.rejected.length} row(s) rejected of ${result.rows}:`)
    for (const r of result.rejected) console.error(`  line ${r.line}: ${r.reasons.join('; ')}`)
    process.exitCode = 1
  } else {
    const w = result.written
    console.log(`${csvPath}: ${result.rows} row(s) read; ${w.inserted} added, ${w.updated} updated (${w.identityChanged} with a changed identity: their real-name verification ended), ${w.unchanged} unchanged; ${w.companies} company record(s) written.`)
  }
} finally {
  await database.close()
}
