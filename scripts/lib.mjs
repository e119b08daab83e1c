// Shared helpers of the root scripts: run a command, and tell whether a build output is older
// than its sources.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(fileURLToPath(import.meta.url), '../..')

export function run(cmd, args, opts = {}) {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts })
    child.on('exit', (code, signal) =>
      code === 0 ? res() : rej(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    )
    child.on('error', rej)
  })
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** True when `output` is missing or older than any file under `sources`. */
export function isStale(output, sources) {
  const out = join(root, output)
  if (!existsSync(out)) return true
  const built = statSync(out).mtimeMs
  return sources.some((s) => newestMtime(join(root, s)) > built)
}
