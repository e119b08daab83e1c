// `npm run console:operator -- add <email> --role <role> [--role <role>…]` (from the repository
// root): adds a console operator and prints the one-time enrollment link (24 h). Reads DATA_DIR or
// DATABASE_URL and the keys as the gateway does; CONSOLE_ORIGIN (or PUBLIC_URL) makes the link's
// address. Stop the gateway first when it runs on the embedded database: one process at a time.
import { ConfigError, loadConfig } from '../src/config'
import { openDatabase } from '../src/db/client'
import { loadFieldCipher } from '../src/infra/crypto/field-cipher'
import { CLI_USAGE, runConsoleOperatorCommand } from '../src/modules/operator/cli'

let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}

let database
try {
  database = await openDatabase(config, (error) => console.error(error))
} catch (error) {
  console.error(`cannot open the database: ${(error as Error).message}`)
  console.error('Is the gateway running on this data dir? Stop it first (the embedded database admits one process).')
  process.exit(1)
}
try {
  await database.migrate()
  const result = await runConsoleOperatorCommand(process.argv.slice(2), {
    db: database.db,
    fieldCipher: loadFieldCipher(config.keysDir),
    now: () => new Date(),
    origin: config.console.origin,
  })
  if (result.ok) for (const line of result.lines) console.log(line)
  else {
    for (const line of result.lines) console.error(line)
    if (result.usage) console.error(CLI_USAGE)
    process.exitCode = 2
  }
} finally {
  await database.close()
}
