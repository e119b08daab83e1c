// `npx tsx bench/soak.ts` (after `npm run build -w apps/gateway`): issue 19 goal 4 on the production
// setting (PostgreSQL + Redis). A bare Fastify hello measured in the same run (its ceiling), then
// 1. a 60 s mixed load at the machine's capacity (10 connections, closed loop): home page reads,
//    getUserInfo, dict/list, password sign-ins and SMS code sends, every request signed like the
//    portal signs; 0 errors and 0 × 5xx wanted;
// 2. a soak: the same mix for SOAK_SECONDS (300) in 10 s slices, the gateway's RSS read from /proc
//    after each slice: no growth after warm-up, ≤ 150 MB wanted.
// MIXED_SECONDS and SOAK_SECONDS shorten a trial run; BENCH_GATEWAY_NODE_OPTIONS gives Node flags to the
// gateway process only (as NODE_OPTIONS, e.g. heap sizes), not to this load generator.
// Appends its section to bench/RESULTS.md.
import { spawn } from 'node:child_process'
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cpus, totalmem } from 'node:os'
import { buildQuery, callUrl, calls } from '@ess/contract'
import { type ReadyRequest, freePort, freshDatabase, loadPrepared, median, root, signedHeaders, startGateway } from './lib'
import { registerAccount, sealer, solveCaptcha, startMailbox } from './account'

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const MIXED_SECONDS = Number(process.env.MIXED_SECONDS ?? 60)
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300)
const SLICE_SECONDS = 10
const CONNECTIONS = 10
const PASSWORD = 'Soak2026pass'
/** Requests signed per second of load (more than the mix reaches here). */
const RATE = Number(process.env.BENCH_MAX_RPS ?? 6000)

const database = await freshDatabase(PG_URL, 'ess_soak')

const barePort = await freePort()
const bare = spawn(process.execPath, [join(root, 'bench/bare.mjs')], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(barePort) } })
const bareUrl = `http://127.0.0.1:${barePort}`
for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${bareUrl}/hello`)).ok) break
  } catch {
    if (tries > 200) throw new Error('the bare Fastify did not start')
  }
  await new Promise((resolve) => setTimeout(resolve, 100))
}

const mailbox = await startMailbox()
const gw = await startGateway({
  ...mailbox.deliveryEnv,
  SKIP_BUILD: '1',
  DATABASE_URL: database.url,
  REDIS_URL,
  CAPTCHAS_PER_CLIENT_PER_MINUTE: '100000',
  ...(process.env.BENCH_GATEWAY_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_GATEWAY_NODE_OPTIONS } : {}),
})
/** The gateway process (the child of scripts/start.mjs). */
const gatewayPid = Number(readFileSync(`/proc/${gw.child.pid}/task/${gw.child.pid}/children`, 'utf8').trim().split(' ')[0])
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${gatewayPid}/status`, 'utf8'))?.[1]) / 1024

// Per run: the code cooldown of an address lives in Redis, which outlives the run's database.
const EMAIL = `bench.soak.${process.pid}@example.com`
const { accessToken } = await registerAccount(gw.url, mailbox, EMAIL, PASSWORD)
const seal = await sealer(gw.url)

let phoneSerial = 0
const nextPhone = () => `135${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSerial).padStart(4, '0')}`

/**
 * One slice of the mix, signed before it runs: per 100 calls, 40 home page reads, 30 getUserInfo,
 * 25 dict/list, and the sign-ins and code sends given (each needs a puzzle solved beforehand, as a
 * person solves it: they are few, as in real traffic).
 */
async function mix(seconds: number, signIns: number, codeSends: number): Promise<ReadyRequest[]> {
  const cmsPath = callUrl(calls.cmsPage)
  const dictPath = callUrl(calls.dictList)
  const userPath = callUrl(calls.getUserInfo)
  const special: ReadyRequest[] = []
  for (let i = 0; i < signIns; i++) {
    const body = JSON.stringify({ account: EMAIL, password: await seal(PASSWORD), captchaToken: await solveCaptcha(gw.url) })
    special.push({ kind: 'signIn', method: 'POST', path: callUrl(calls.loginByAccount), body, headers: signedHeaders('POST', callUrl(calls.loginByAccount), {}, body) })
  }
  for (let i = 0; i < codeSends; i++) {
    // Each send from a device of its own, as people send them: one device would run into the
    // per-device daily cap of codes (CODE_DAILY_LIMIT) within the soak.
    const phone = nextPhone()
    const deviceId = `benchdevice${phone}`
    const body = JSON.stringify({ phone, scene: 'login', captchaToken: await solveCaptcha(gw.url, deviceId) })
    special.push({ kind: 'codeSend', method: 'POST', path: callUrl(calls.sendPhoneCode), body, headers: signedHeaders('POST', callUrl(calls.sendPhoneCode), {}, body, '', deviceId) })
  }
  const count = RATE * seconds
  const requests: ReadyRequest[] = []
  const every = Math.max(1, Math.floor(count / Math.max(1, special.length)))
  for (let i = 0; i < count; i++) {
    if (special.length && i % every === 0) {
      const next = special.pop()
      if (next) {
        requests.push(next)
        continue
      }
    }
    const r = i % 20
    if (r < 8) requests.push({ kind: 'home', method: 'GET', path: `${cmsPath}?${buildQuery({ pageCode: 'homepage' })}`, body: '', headers: signedHeaders('GET', cmsPath, { pageCode: 'homepage' }) })
    else if (r < 14) requests.push({ kind: 'user', method: 'GET', path: userPath, body: '', headers: signedHeaders('GET', userPath, {}, '', accessToken) })
    else requests.push({ kind: 'dict', method: 'GET', path: `${dictPath}?${buildQuery({ type: 'phoneRegion' })}`, body: '', headers: signedHeaders('GET', dictPath, { type: 'phoneRegion' }) })
  }
  return requests
}

const fallback: ReadyRequest = { body: '', headers: {}, method: 'GET', path: '/app/health' }
const run = (requests: ReadyRequest[], seconds: number) =>
  loadPrepared('mix', gw.url, { method: 'GET', path: '/app/health', prepared: requests, fallback }, seconds, CONNECTIONS)

const bareRun = async (seconds: number) =>
  loadPrepared('bare', bareUrl, { method: 'GET', path: '/hello', prepared: [], fallback: { body: '', headers: {} } }, seconds, CONNECTIONS)

let report = ''
try {
  await run(await mix(3, 5, 5), 3) // warm-up
  const bareBefore = await bareRun(10)
  const mixed = await run(await mix(MIXED_SECONDS, 60, 40), MIXED_SECONDS)
  const bareAfter = await bareRun(10)

  const rss: Array<{ at: number; mb: number; rps: number; non2xx: number; s5xx: number; errors: number }> = [{ at: 0, mb: rssMb(), rps: 0, non2xx: 0, s5xx: 0, errors: 0 }]
  for (let at = SLICE_SECONDS; at <= SOAK_SECONDS; at += SLICE_SECONDS) {
    const slice = await run(await mix(SLICE_SECONDS, 4, 2), SLICE_SECONDS)
    rss.push({ at, mb: rssMb(), rps: slice.rps, non2xx: slice.non2xx, s5xx: slice.s5xx, errors: slice.errors })
  }
  const warm = rss.filter((r) => r.at >= 60)
  const firstWarm = warm[0]?.mb ?? 0
  const lastWarm = warm.at(-1)?.mb ?? 0
  const peak = Math.max(...rss.map((r) => r.mb))
  report = `
## Mixed load and soak on PostgreSQL + Redis (issue 19 goal 4)

Run: ${new Date().toISOString()} — \`npx tsx bench/soak.ts\` (in \`npm run bench\`).
Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.

How: the production build on 127.0.0.1 with PostgreSQL and Redis (a fresh database), ${CONNECTIONS}
keep-alive connections in a closed loop (each sends its next request when the answer is in: the
machine's capacity), every request signed like the portal before its slice (\`loadPrepared\`).
The mix per 100 calls: 40 home page reads (cms page), 30 getUserInfo of a signed-in account,
25 dict/list, the rest password sign-ins (\`loginByAccount\`, each with a puzzle solved from its
pictures and an RSA-OAEP-sealed password) and SMS code sends (\`sendPhoneCode\` to new numbers,
each with a solved puzzle), as many as were prepared for the slice. The bare Fastify hello is
loaded for 10 s just before and just after the mixed load, on the same connections.

| load | seconds | req/s | p50 ms | p99 ms | non-2xx | 5xx | errors |
|---|---:|---:|---:|---:|---:|---:|---:|
| bare Fastify hello (before) | 10 | ${bareBefore.rps.toFixed(0)} | ${bareBefore.p50} | ${bareBefore.p99} | ${bareBefore.non2xx} | ${bareBefore.s5xx} | ${bareBefore.errors} |
| mixed load (60 sign-ins, 40 code sends) | ${MIXED_SECONDS} | ${mixed.rps.toFixed(0)} | ${mixed.p50} | ${mixed.p99} | ${mixed.non2xx} | ${mixed.s5xx} | ${mixed.errors} |
| bare Fastify hello (after) | 10 | ${bareAfter.rps.toFixed(0)} | ${bareAfter.p50} | ${bareAfter.p99} | ${bareAfter.non2xx} | ${bareAfter.s5xx} | ${bareAfter.errors} |

Mixed load ÷ bare hello (mean of before and after): ${((mixed.rps / ((bareBefore.rps + bareAfter.rps) / 2)) * 100).toFixed(0)}%.

Soak: ${SOAK_SECONDS} s of the same mix (4 sign-ins and 2 code sends per 10 s slice), the gateway
process's RSS (VmRSS, /proc) after each slice:

| s | RSS MB | req/s | non-2xx | 5xx | errors |
|---:|---:|---:|---:|---:|---:|
${rss.map((r) => `| ${r.at} | ${r.mb.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.non2xx} | ${r.s5xx} | ${r.errors} |`).join('\n')}

RSS after warm-up (60 s): ${firstWarm.toFixed(1)} MB → ${lastWarm.toFixed(1)} MB at ${SOAK_SECONDS} s (${(lastWarm - firstWarm >= 0 ? '+' : '')}${(lastWarm - firstWarm).toFixed(1)} MB); peak ${peak.toFixed(1)} MB (goal ≤ 150 MB); median ${median(rss.map((r) => r.mb)).toFixed(1)} MB.
Totals of the soak: ${rss.reduce((a, r) => a + r.non2xx, 0)} non-2xx, ${rss.reduce((a, r) => a + r.s5xx, 0)} × 5xx, ${rss.reduce((a, r) => a + r.errors, 0)} errors.
`
} finally {
  await gw.stop()
  bare.kill('SIGTERM')
  await mailbox.close()
  await database.drop()
}
appendFileSync(join(root, 'bench/RESULTS.md'), report)
console.log(report)
