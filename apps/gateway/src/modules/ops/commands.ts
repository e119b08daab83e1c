import path from 'node:path'
import { ConfigError, loadConfig } from '../../config'
import { openDatabase } from '../../db/client'
import { DirLockedError } from '../../db/dir-lock'
import { OpsRefusal, backup, restore } from './backup'
import { rotateFieldKey } from './keys'

export const USAGE = `usage (from the repository or install root):
  npm run db:backup -- FILE --with-keys                  the embedded database and the keys in one file
  npm run db:backup -- FILE --keys-kept-elsewhere=WHERE  the same without the keys, noting where they are kept
  npm run db:restore -- FILE                             into an empty DATA_DIR (PGlite), or after pg_restore (PostgreSQL)
  npm run keys:rotate -- field [--batch-size=N]          a new field-encryption key; ID and bank-card numbers re-sealed
  npm run keys:rotate -- field --retire                  finish a rotation and delete the old keys
DATA_DIR, KEYS_DIR and DATABASE_URL are read as the gateway reads them.`

interface Io {
  out: (line: string) => void
  err: (line: string) => void
}

function flags(args: string[]) {
  const positional: string[] = []
  const named = new Map<string, string | true>()
  for (const arg of args) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    if (m) named.set(m[1], m[2] ?? true)
    else positional.push(arg)
  }
  return { positional, named }
}

function allowOnly(named: Map<string, string | true>, allowed: string[]) {
  const unknown = [...named.keys()].filter((k) => !allowed.includes(k))
  if (unknown.length) throw new OpsRefusal(`unknown option(s): ${unknown.map((k) => `--${k}`).join(' ')}\n${USAGE}`)
}

/** The operations commands (`dist/ops.js COMMAND ...`); answers the exit code. */
export async function runOpsCommand(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const [command, ...rest] = argv
  const { positional, named } = flags(rest)
  // npm runs scripts from the package root: a relative FILE is the operator's, from where they typed it.
  const fileArg = (what: string) => {
    if (positional.length !== 1) throw new OpsRefusal(`${what} takes one FILE\n${USAGE}`)
    return path.resolve(env.INIT_CWD ?? process.cwd(), positional[0])
  }
  try {
    const config = loadConfig(env)
    let lines: string[]
    switch (command) {
      case 'db:backup': {
        allowOnly(named, ['with-keys', 'keys-kept-elsewhere'])
        const file = fileArg('db:backup')
        const keptAt = named.get('keys-kept-elsewhere')
        if (keptAt === true || keptAt === '') throw new OpsRefusal('--keys-kept-elsewhere=WHERE says where the keys are kept (a vault path, a safe, a person)')
        if (keptAt && named.has('with-keys')) throw new OpsRefusal('--with-keys or --keys-kept-elsewhere, not both')
        lines = await backup(config, file, named.has('with-keys') ? { included: true } : keptAt ? { included: false, keptAt } : undefined)
        break
      }
      case 'db:restore':
        allowOnly(named, [])
        lines = await restore(config, fileArg('db:restore'))
        break
      case 'keys:rotate': {
        allowOnly(named, ['retire', 'batch-size'])
        if (positional.length !== 1 || positional[0] !== 'field') throw new OpsRefusal(`keys:rotate rotates the field-encryption key: keys:rotate -- field\n${USAGE}`)
        const batchSize = named.has('batch-size') ? Number(named.get('batch-size')) : 200
        if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new OpsRefusal('--batch-size is a whole number from 1 to 10000')
        let database
        try {
          database = await openDatabase(config, (error) => io.err(`database: ${error.message}`))
        } catch (error) {
          if (!(error instanceof DirLockedError)) throw error
          throw new OpsRefusal(
            `A gateway holds the embedded database in ${config.dataDir}: PGlite is the database of one process, so a rotation on it ` +
              'needs the gateway stopped. On PostgreSQL (DATABASE_URL) the rotation runs while the gateways keep serving.',
          )
        }
        try {
          await database.migrate()
          lines = await rotateFieldKey(database.db, config.keysDir, { batchSize, retire: named.has('retire'), log: io.out })
        } finally {
          await database.close()
        }
        break
      }
      default:
        io.err(USAGE)
        return 2
    }
    for (const line of lines) io.out(line)
    return 0
  } catch (error) {
    if (error instanceof OpsRefusal || error instanceof ConfigError) {
      io.err(error.message)
      return 1
    }
    throw error
  }
}
