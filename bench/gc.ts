// The garbage collections a hot call costs the gateway, for young generations of several sizes
// (`--max-semi-space-size`, MiB): collections per call and their time, by kind, counted by V8 itself
// (a PerformanceObserver preloaded into the server, bench/gc-observer.cjs), and the server's RSS after
// the load. Counts hardly depend on the machine's other load, unlike CPU time. Not part of `npm run
// bench`; the evidence behind npm start's young generation (issue 37 goal 4).
//   npx tsx bench/gc.ts [cms|dict|user] [semi-space sizes, e.g. 1,2,4,8] [seconds=4]
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerAccount, startMailbox } from './account'
import { HOT_CALLS, loadPrepared, prepareLoad, root, startGateway } from './lib'

const name = (process.argv[2] ?? 'cms') as 'cms' | 'dict' | 'user'
const sizes = (process.argv[3] ?? '1,2,4,8').split(',').map(Number)
const seconds = Number(process.argv[4] ?? 4)
const call = HOT_CALLS[name]
const mailbox = await startMailbox()
const dir = mkdtempSync(join(tmpdir(), 'ess-gc-'))
type Stats = Record<string, { count: number; ms: number }>
for (const semi of sizes) {
  const file = join(dir, `gc-${semi}.json`)
  const gw = await startGateway({ ...mailbox.deliveryEnv, GC_STATS_FILE: file, NODE_OPTIONS: `--max-semi-space-size=${semi} --require ${join(root, 'bench/gc-observer.cjs')}` })
  try {
    const token = call.signed === 'user' ? (await registerAccount(gw.url, mailbox, `gc.${semi}.${Date.now()}@example.com`, 'Bench2026pass')).accessToken : ''
    const settle = () => new Promise((r) => setTimeout(r, 700))
    const read = (): Stats => JSON.parse(readFileSync(`${file}.${gw.serverPid}`, 'utf8')) as Stats
    await loadPrepared(name, gw.url, { method: 'GET', ...prepareLoad(call, 20_000 * 2, token) }, 2)
    await settle()
    const before = read()
    const result = await loadPrepared(name, gw.url, { method: 'GET', ...prepareLoad(call, 20_000 * seconds, token) }, seconds)
    await settle()
    const after = read()
    const calls = result.rps * seconds
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${gw.serverPid}/status`, 'utf8'))?.[1]) / 1024
    const kinds = Object.keys(after).map((kind) => {
      const count = after[kind].count - (before[kind]?.count ?? 0)
      const ms = after[kind].ms - (before[kind]?.ms ?? 0)
      return count ? `${kind} ${count}× (every ${(calls / count).toFixed(0)} calls, ${(ms / count).toFixed(2)} ms each, ${((ms * 1000) / calls).toFixed(2)} µs a call)` : ''
    })
    console.log(`${name}, semi-space ${semi} MiB: ${calls.toFixed(0)} calls; ${kinds.filter(Boolean).join('; ')}; RSS after ${rssMb.toFixed(0)} MB`)
  } finally {
    await gw.stop()
  }
}
await mailbox.close()
