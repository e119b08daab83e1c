// What a known amount of extra work per call costs in the CPU a call that run.ts and ab.ts measure
// (issue 37 goal 4 compares a gateway call with the signed hello by that figure). Signed hellos
// (bench/signed-hello.ts) whose handler also works SPIN_US microseconds of the clock, allocating
// nothing, each in its own process, loaded in turn like run.ts loads its targets (10 keep-alive
// connections, each sending its next request when the answer is in, the load generator on the
// same cores): if the measured CPU a call were the work a call, each would read the plain hello's
// figure plus its spin. Not part of `npm run bench`; a tool for reading goal 4's ratios.
//   npx tsx bench/cpu-scaling.ts [spins=0,25,50] [rounds=5] [seconds=5]
// A spin written `api` is not a spin: that hello answers with the gateway's API answer headers
// (signed-hello.ts ANSWER_HEADERS=api), to see what those headers cost a call: `0,api`.
// BENCH_PIN=1: the servers on the second core and the load generator (this process) on the first
// (taskset), instead of both wherever the kernel puts them.
import { execFileSync } from 'node:child_process'
import { HOT_CALLS, loadWithCpu, median, startSignedHello } from './lib'

/** Each variant: a spin in µs, or `api` (no spin, the API answer headers). */
const SPINS = (process.argv[2] ?? '0,25,50').split(',')
const ROUNDS = Number(process.argv[3] ?? 5)
const SECONDS = Number(process.argv[4] ?? 5)

const servers = []
for (const spin of SPINS) servers.push({ spin, ...(await startSignedHello([], spin === 'api' ? { ANSWER_HEADERS: 'api' } : { SPIN_US: spin })) })
if (process.env.BENCH_PIN) {
  for (const server of servers) execFileSync('taskset', ['-a', '-p', '-c', '1', String(server.pid)])
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)])
}
const cpu = new Map<string, number[]>(SPINS.map((spin) => [spin, []]))
const rps = new Map<string, number[]>(SPINS.map((spin) => [spin, []]))
try {
  for (let round = -1; round < ROUNDS; round++) {
    // Round order alternates (0, 25, 50, then 50, 25, 0) so that a drift of the machine weighs on all alike.
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const seconds = round < 0 ? 2 : SECONDS
      const result = await loadWithCpu(`spin ${server.spin}`, server.url, server.pid, HOT_CALLS.signedHello, seconds)
      if (result.non2xx || result.errors) throw new Error(`spin ${server.spin}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      if (round < 0) continue
      cpu.get(server.spin)!.push(result.cpuUsPerCall)
      rps.get(server.spin)!.push(result.rps)
    }
  }
} finally {
  for (const server of servers) await server.stop()
}

const base = median(cpu.get(SPINS[0]!)!)
console.log(`| work added a call (µs) | req/s (median) | server CPU µs/call (median) | rounds | added CPU a call / added work |`)
console.log(`|---:|---:|---:|---|---:|`)
for (const spin of SPINS) {
  const c = median(cpu.get(spin)!)
  const ratio = spin === SPINS[0] || spin === 'api' ? '' : ((c - base) / (Number(spin) - Number(SPINS[0]))).toFixed(2)
  console.log(`| ${spin} | ${median(rps.get(spin)!).toFixed(0)} | ${c.toFixed(0)} | ${cpu.get(spin)!.map((x) => x.toFixed(0)).join(', ')} | ${ratio} |`)
}
