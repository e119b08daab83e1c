// Preloaded into a gateway process by observe-off.test.ts: at exit, writes the files of every
// CommonJS module it loaded (imported from ES modules too) to LOADED_MODULES_FILE, one a line.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\n')))
