// Where a hot path's time goes: the production gateway (`npm start` path) run with V8's CPU
// profiler while one call is loaded for a while, then the profile summed by function and by
// package (self time). Not part of `npm run bench`; a tool for working on issue 19 goal 3.
//   npx tsx bench/profile.ts [cms|dict|user|health|signedHello] [seconds]
// signedHello profiles bench/signed-hello.ts (the ceiling of a signed call) the same way, to set
// the gateway's profile of a call beside it.
// The .cpuprofile is kept (its path is printed) to open in Chrome's DevTools.
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerAccount, startMailbox } from './account'
import { HOT_CALLS, type HotCall, loadPrepared, prepareLoad, startGateway, startSignedHello } from './lib'

const target = process.argv[2] ?? 'dict'
const seconds = Number(process.argv[3] ?? 10)
const chosen: HotCall | undefined = HOT_CALLS[target as keyof typeof HOT_CALLS]
if (!chosen) throw new Error(`unknown target ${target}: one of ${Object.keys(HOT_CALLS).join(', ')}`)

const window = { start: 0, end: 0 }
/** Calls answered in the measured window: the figures are also given in µs of sampled time per call. */
let calls = 0
const profileDir = mkdtempSync(join(tmpdir(), 'ess-profile-'))
const mailbox = await startMailbox()
// Node refuses --cpu-prof in NODE_OPTIONS: the built server is run directly, with start.mjs's heap flags.
const profiler = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]
const gw =
  target === 'signedHello'
    ? await startSignedHello(profiler)
    : await startGateway({ ...mailbox.deliveryEnv }, undefined, [...profiler, '--max-old-space-size=192', '--max-semi-space-size=4', 'apps/gateway/dist/server.js'])
try {
  // An account signed up first whatever the call (as run.ts does): a gateway in service hashes passwords, and
  // what that leaves running (Node 20's promise hooks of AsyncLocalStorage, say) weighs on every call.
  const signedUp = target === 'signedHello' ? '' : (await registerAccount(gw.url, mailbox, `profile.${Date.now()}@example.com`, 'Bench2026pass')).accessToken
  const token = chosen.signed === 'user' ? signedUp : ''
  // Requests are signed before the clock starts (prepareLoad, as in run.ts): a client signs on its own device.
  const prepare = (s: number) => prepareLoad(chosen, 20_000 * s, token)
  const run = (s: number, load: ReturnType<typeof prepare>) => loadPrepared(target, gw.url, { method: 'GET', ...load }, s)
  await run(2, prepare(2)) // warm-up
  const prepared = prepare(seconds)
  // V8's profile timestamps are CLOCK_MONOTONIC microseconds, the clock of process.hrtime: only the
  // samples of the measured load are summed (not the start-up, the sign-up, the warm-up or the exit).
  window.start = Number(process.hrtime.bigint() / 1000n)
  const cpu = process.cpuUsage()
  const result = await run(seconds, prepared)
  const used = process.cpuUsage(cpu)
  window.end = Number(process.hrtime.bigint() / 1000n)
  calls = result.rps * seconds
  const share = (used.user + used.system) / (window.end - window.start)
  console.log(`${target}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`)
  console.log(`the load generator used ${(share * 100).toFixed(0)}% of a core (user ${(used.user / 1000).toFixed(0)} ms, system ${(used.system / 1000).toFixed(0)} ms)`)
} finally {
  await gw.stop()
  await mailbox.close()
}

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
const file = readdirSync(profileDir)
  .map((name) => join(profileDir, name))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0]
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }
const self = new Map<number, number>()
let at = profile.startTime
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0
  at += delta
  if (at >= window.start && at <= window.end) self.set(id, (self.get(id) ?? 0) + delta)
})
const total = [...self.values()].reduce((a, b) => a + b, 0)
const pkgOf = (url: string) => {
  if (!url) return '(native)'
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inModules) return inModules[1]
  if (url.startsWith('node:')) return 'node:'
  if (url.includes('/apps/gateway/')) return 'gateway'
  if (url.includes('/packages/contract/')) return '@ess/contract'
  return url
}
const byFunction = new Map<string, number>()
const byPackage = new Map<string, number>()
for (const node of profile.nodes) {
  const t = self.get(node.id) ?? 0
  const { functionName, url, lineNumber } = node.callFrame
  const fn = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + t)
  byPackage.set(pkgOf(url), (byPackage.get(pkgOf(url)) ?? 0) + t)
}
// Inclusive time: every function on a sample's stack (once per stack) gets the sample's time.
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]))
const nameOf = (node: Node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`
const inclusive = new Map<string, number>()
for (const [id, t] of self) {
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = nodeById.get(at)
    if (!node || node.callFrame.functionName === '(root)') continue
    const name = nameOf(node)
    if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + t)
    seen.add(name)
  }
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}% ${(calls ? v / calls : 0).toFixed(2).padStart(7)} µs/call  ${k}`)
    .join('\n')
console.log(`\nprofile: ${file}\n\nself time by package:\n${top(byPackage, 20)}\n\nself time by function:\n${top(byFunction, 40)}\n\ninclusive time by function:\n${top(inclusive, Number(process.env.PROFILE_INCLUSIVE ?? 60))}`)
