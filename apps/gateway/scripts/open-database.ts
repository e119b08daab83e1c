import { type Config, ConfigError, loadConfig } from '../src/config'
import { type DatabaseHandle, openDatabase } from '../src/db/client'

/** The gateway's configuration for a command; a bad setting ends the command (exit 2) with its message. */
export function commandConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }
}

/** The gateway's database for a command, migrated; ends the command (exit 1) when it cannot be opened. */
export async function commandDatabase(config: Config): Promise<DatabaseHandle> {
  let database
  try {
    database = await openDatabase(config, (error) => console.error(error))
  } catch (error) {
    console.error(`cannot open the database: ${(error as Error).message}`)
    console.error('Is the gateway running on this data dir? Stop it first (the embedded database admits one process).')
    process.exit(1)
  }
  await database.migrate()
  return database
}
