// `npm run roster:import -- FILE` (from the repository root): imports a roster CSV into the
// gateway's database (DATA_DIR or DATABASE_URL, as the gateway reads them). All rows are checked
// first; a file with a rejected row writes nothing. Stop the gateway first when it runs on the
// embedded database: one process at a time may open it.
import { createReadStream, statSync } from 'node:fs'
import path from 'node:path'
import { commandConfig, commandDatabase } from './open-database'
import { loadFieldCipher } from '../src/infra/crypto/field-cipher'
import { loadHmacKey } from '../src/infra/crypto/hmac-key'
import { runRosterImport } from '../src/modules/roster/import'

const file = process.argv[2]
if (!file) {
  console.error('usage: npm run roster:import -- FILE.csv   (columns: see apps/gateway/samples/roster.sample.csv)')
  process.exit(2)
}
const csvPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)

const config = commandConfig()

try {
  if (!statSync(csvPath).isFile()) throw new Error('not a file')
} catch (error) {
  console.error(`cannot read ${csvPath}: ${(error as Error).message}`)
  process.exit(2)
}

const database = await commandDatabase(config)
try {
  const { keysDir } = config
  // Streamed (one batch of rows in memory), checked and written in one transaction: the same
  // implementation as the console's import; the command may add new client companies.
  const deps = { fieldCipher: loadFieldCipher(keysDir), hmacKey: loadHmacKey(keysDir) }
  const result = await runRosterImport(database.db, deps, createReadStream(csvPath), new Date(), { newCompanies: 'create', apply: true })
  if (!result.ok) {
    const listed = result.rejected.length < result.rejectedCount ? ` (the first ${result.rejected.length} listed)` : ''
    console.error(`${csvPath}: nothing imported, ${result.rejectedCount} row(s) rejected of ${result.rows}${listed}:`)
    for (const r of result.rejected) console.error(`  line ${r.line}: ${r.reasons.join('; ')}`)
    process.exitCode = 1
  } else {
    const w = result.written
    console.log(`${csvPath}: ${result.rows} row(s) read; ${w.inserted} added, ${w.updated} updated (${w.identityChanged} with a changed identity: their real-name verification ended), ${w.unchanged} unchanged; ${w.companies} company record(s) written.`)
  }
} finally {
  await database.close()
}
