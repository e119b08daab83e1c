// The operations commands of an installed gateway (`node apps/gateway/dist/ops.js COMMAND`; the root
// package's db:backup, db:restore and keys:rotate scripts): built beside dist/server.js so a
// production install, which holds no tsx, runs them too.
import { runOpsCommand } from './modules/ops/commands'

process.exitCode = await runOpsCommand(process.argv.slice(2), process.env, { out: (l) => console.log(l), err: (l) => console.error(l) })
