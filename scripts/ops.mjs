// `npm run db:backup | db:restore | keys:rotate -- …` in a checkout: builds the gateway when its
// build is missing or older than its sources (one line; the output in logs/build.log), then runs
// the operations commands of the built gateway (apps/gateway/dist/ops.js), as an installed copy
// runs them (scripts/bundle.mjs writes those scripts without this step).
import { spawn } from 'node:child_process'
import { mkdirSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { isStale, root, run } from './lib.mjs'

if (isStale('apps/gateway/dist/ops.js', ['apps/gateway/src', 'apps/gateway/tsup.config.ts', 'apps/gateway/package.json', 'packages/contract/src'])) {
  mkdirSync(join(root, 'logs'), { recursive: true })
  const log = openSync(join(root, 'logs', 'build.log'), 'w')
  process.stdout.write('[ops] building the gateway… ')
  try {
    await run('npm', ['run', 'build', '-w', 'apps/gateway'], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', log, log] })
  } catch (error) {
    console.error(`failed: ${error.message} (logs/build.log)`)
    process.exit(1)
  }
  process.stdout.write('done\n')
}
const child = spawn(process.execPath, [join(root, 'apps/gateway/dist/ops.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
