// A before-and-after of the server's CPU per call, alternating: two gateways (two settings, or two
// checkouts) and the signed hello (bench/signed-hello.ts, the ceiling of a signed call) loaded in
// turn, round after round, in A B B A order so that a drift of the shared machine weighs on both
// alike. Not part of `npm run bench`; a tool for goal 4 of issue 37, where run.ts's three rounds
// cannot resolve a few microseconds.
//   npx tsx bench/ab.ts [cms|dict|user] [rounds=8] [seconds=3]
//   BENCH_AB_A / BENCH_AB_B: JSON objects of environment variables for gateway A / B (say
//     '{"NODE_OPTIONS":"--max-semi-space-size=16"}'); BENCH_AB_ROOT_B: a built checkout for B.
import { join } from 'node:path'
import { registerAccount, startMailbox } from './account'
import { HOT_CALLS, type HotCall, loadWithCpu, median, root, startGateway, startSignedHello } from './lib'

const name = (process.argv[2] ?? 'cms') as 'cms' | 'dict' | 'user'
const call: HotCall = HOT_CALLS[name]
const ROUNDS = Number(process.argv[3] ?? 8)
const SECONDS = Number(process.argv[4] ?? 3)
const envOf = (text: string | undefined): Record<string, string> => (text ? (JSON.parse(text) as Record<string, string>) : {})

const mailbox = await startMailbox()
const hello = await startSignedHello()
const a = await startGateway({ ...mailbox.deliveryEnv, ...envOf(process.env.BENCH_AB_A) })
const rootB = process.env.BENCH_AB_ROOT_B
const b = await startGateway({ ...mailbox.deliveryEnv, ...(rootB ? { SKIP_BUILD: '1', PORTAL_DIR: join(root, 'apps/portal/dist/h5') } : {}), ...envOf(process.env.BENCH_AB_B) }, rootB ?? root)
const tokenOf = async (url: string, who: string) => (call.signed === 'user' ? (await registerAccount(url, mailbox, `ab.${who}.${Date.now()}@example.com`, 'Bench2026pass')).accessToken : '')
const targets = [
  { label: 'A', url: a.url, pid: a.serverPid, call, token: await tokenOf(a.url, 'a') },
  { label: 'B', url: b.url, pid: b.serverPid, call, token: await tokenOf(b.url, 'b') },
  { label: 'signed hello', url: hello.url, pid: hello.pid, call: HOT_CALLS.signedHello as HotCall, token: '' },
]
type Target = (typeof targets)[number]
const cpu: Record<string, number[]> = { A: [], B: [], 'signed hello': [] }
const rps: Record<string, number[]> = { A: [], B: [], 'signed hello': [] }
async function load(t: Target, seconds: number, record: boolean) {
  const result = await loadWithCpu(t.label, t.url, t.pid, t.call, seconds, { token: t.token })
  if (result.non2xx || result.errors) throw new Error(`${t.label}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  if (record) {
    cpu[t.label].push(result.cpuUsPerCall)
    rps[t.label].push(result.rps)
  }
}
try {
  for (const t of targets) await load(t, 2, false)
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? [targets[1], targets[2], targets[0]] : [targets[0], targets[2], targets[1]]
    for (const t of order) await load(t, SECONDS, true)
  }
} finally {
  await a.stop()
  await b.stop()
  await hello.stop()
  await mailbox.close()
}
const m = (label: string) => median(cpu[label])
console.log(`${name}, ${ROUNDS} rounds of ${SECONDS} s; server CPU µs a call (median; rounds), req/s median:`)
for (const label of Object.keys(cpu)) console.log(`  ${label.padEnd(12)} ${m(label).toFixed(1).padStart(6)}  (${cpu[label].map((x) => x.toFixed(0)).join(' ')})  ${median(rps[label]).toFixed(0)} req/s`)
console.log(`  signed hello's CPU a call as a share of A's: ${((m('signed hello') / m('A')) * 100).toFixed(0)}%, of B's: ${((m('signed hello') / m('B')) * 100).toFixed(0)}%`)
const pairs = cpu.A.map((x, i) => cpu.B[i] - x)
console.log(`  B − A per round: ${pairs.map((d) => d.toFixed(1)).join(' ')}; median ${median(pairs).toFixed(1)} µs`)
