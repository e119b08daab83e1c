// `npm run console:operator -- add <email> --role <role> [--role <role>…]` (from the repository
// root): adds a console operator and prints the one-time enrollment link (24 h). Reads DATA_DIR or
// DATABASE_URL and the keys as the gateway does; CONSOLE_ORIGIN (or PUBLIC_URL) makes the link's
// address. Stop the gateway first when it runs on the embedded database: one process at a time.
import { loadFieldCipher } from '../src/infra/crypto/field-cipher'
import { CLI_USAGE, runConsoleOperatorCommand } from '../src/modules/operator/cli'
import { commandConfig, commandDatabase } from './open-database'

const config = commandConfig()
const database = await commandDatabase(config)
try {
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
