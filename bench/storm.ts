// `npx tsx bench/storm.ts` (after `npm run build -w apps/gateway`): issue 37 goal 3, a sign-in storm.
// Sign-ins are offered at STORM_FACTOR (5) × what this machine's password hashing can do, for
// BENCH_SECONDS, while the other calls of a payday morning (the home page's floors, the user's info,
// an email code, the inbox) go on at a steady rate. Before the storm the same steady calls run
// alone for the same time: their latency without the storm is the baseline of the same run.
//
// How it stays honest:
// - The gateway is the production build (`npm start` path, NODE_ENV=production; PGlite + memory KV,
//   or with BENCH_STORE=postgres PostgreSQL and Redis), with its defaults for the password line
//   (PASSWORD_HASH_CONCURRENCY = cores, PASSWORD_HASH_MAX_WAIT_MS = 1000) and npm start's pool size.
// - Every sign-in is a real `login/loginByAccount`: signed, the password sealed with the served
//   RSA-OAEP key, a captcha token solved from the puzzle's pictures beforehand (not timed). A token
//   refused as busy is not spent by the gateway: it goes back to the pool and is offered again, as
//   the portal's retry does.
// - Arrivals are open-loop (sent on a schedule, not when an answer came back), so a slow answer
//   cannot slow the offered load down.
// - Capacity is the raw argon2id verify rate of this machine with the gateway's parameters, as many
//   in flight as the gateway runs at once, measured in a process of its own just before.
// The load generator shares the machine's cores with the gateway: its own CPU makes the figures
// worse than a separate client would see.
import { appendFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { hash } from '@node-rs/argon2'
import { type CallDef, calls } from '@ess/contract'
import { ARGON2_OPTIONS } from '../apps/gateway/src/infra/crypto/password-hash'
import { registerAccount, sealer, solveCaptcha, startMailbox } from './account'
import { type TimedAnswer, formatMs, freshDatabase, percentile, root, startGateway, timedCall } from './lib'

const STORE = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const FACTOR = Number(process.env.STORM_FACTOR ?? 5)
/** Requests per second of each other call, during the baseline and during the storm. */
const OTHER_RPS = Number(process.env.STORM_OTHER_RPS ?? 20)
const EMAIL = 'storm.user@example.com'
const PASSWORD = 'Storm2026pass'
const execFileAsync = promisify(execFile)

const database = STORE === 'postgres' ? await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'ess_storm') : undefined
const mailbox = await startMailbox()
const gw = await startGateway({
  ...mailbox.deliveryEnv,
  ...(database ? { DATABASE_URL: database.url, REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
  SKIP_BUILD: '1',
  // Every request of the bench comes from one device and one address: deployment settings, raised.
  CAPTCHAS_PER_CLIENT_PER_MINUTE: '100000',
})
const { accessToken } = await registerAccount(gw.url, mailbox, EMAIL, PASSWORD)
const seal = await sealer(gw.url)

// --- capacity: the raw argon2id rate, as many in flight as the gateway hashes at once -------------
const concurrency = Number(process.env.PASSWORD_HASH_CONCURRENCY ?? availableParallelism())
const stored = await hash(PASSWORD, ARGON2_OPTIONS)
const { stdout } = await execFileAsync(process.execPath, [join(root, 'bench/argon2-rate.mjs'), '5', String(concurrency)], {
  cwd: join(root, 'bench'),
  env: { ...process.env, UV_THREADPOOL_SIZE: String(availableParallelism() + 1), ARGON2_HASH: stored, ARGON2_PASSWORD: PASSWORD },
})
const capacity = (JSON.parse(stdout) as { rate: number }).rate
const stormRate = Math.round(capacity * FACTOR)

/** Puzzles solved beforehand, 4 at a time (not timed). */
async function solveMany(count: number): Promise<string[]> {
  const tokens: string[] = []
  const worker = async () => {
    while (tokens.length < count) tokens.push(await solveCaptcha(gw.url))
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return tokens.slice(0, count)
}
// Sign-ins can succeed at most at capacity; half again for the ones in flight and the spread.
const signInTokens = await solveMany(Math.ceil(capacity * SECONDS * 1.5))
const codeTokens = await solveMany(OTHER_RPS * SECONDS * 2)
const sealed = await seal(PASSWORD)

// --- calls --------------------------------------------------------------------------------------
type Answer = TimedAnswer
const send = (call: CallDef, input?: Record<string, unknown>, token = ''): Promise<Answer> => timedCall(gw.url, call, input, token)

let codeSerial = 0
const OTHERS: Record<string, () => Promise<Answer>> = {
  'home floors (cms page)': () => send(calls.cmsPage, { pageCode: 'homepage' }),
  'user info': () => send(calls.getUserInfo, undefined, accessToken),
  'email code': () => {
    const captchaToken = codeTokens.pop()
    if (!captchaToken) throw new Error('out of captcha tokens for the codes')
    return send(calls.sendEmailCode, { email: `storm.code${++codeSerial}@example.com`, scene: 'register', captchaToken })
  },
  inbox: () => send(calls.noticeList, undefined, accessToken),
}

/** Fires `fire` `rate` times a second for `seconds`, on a schedule; answers every answer. */
async function openLoop(rate: number, seconds: number, fire: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Promise<Answer>[] = []
  const start = performance.now()
  for (;;) {
    const elapsed = (performance.now() - start) / 1000
    if (elapsed >= seconds) break
    const due = Math.floor(elapsed * rate)
    while (answers.length < due) answers.push(fire())
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return Promise.all(answers)
}

const stormStats = { noToken: 0 }
function signIn(): Promise<Answer> {
  const captchaToken = signInTokens.pop()
  if (!captchaToken) {
    stormStats.noToken += 1
    return Promise.resolve({ ms: 0, status: -1, errorCode: 'NO_TOKEN' })
  }
  return send(calls.loginByAccount, { account: EMAIL, password: sealed, captchaToken }).then((answer) => {
    // Not spent by a busy answer: offered again, as the portal's retry sends it again.
    if (answer.errorCode === 'PASSWORD_WORK_BUSY') signInTokens.unshift(captchaToken)
    return answer
  })
}

const others = () => Object.entries(OTHERS).map(([name, fire]) => openLoop(OTHER_RPS, SECONDS, fire).then((answers) => [name, answers] as const))
const baseline = Object.fromEntries(await Promise.all(others()))
const [storm, ...during] = await Promise.all([openLoop(stormRate, SECONDS, signIn), ...others()])
const withStorm = Object.fromEntries(during)
await gw.stop()
await mailbox.close()
await database?.drop()

// --- report -------------------------------------------------------------------------------------
const pct = percentile
const ms = formatMs
const failed = (answers: Answer[]) => answers.filter((a) => a.status === 0 || a.status >= 500).length
const sent = storm.filter((a) => a.status !== -1)
const admitted = sent.filter((a) => a.errorCode === undefined)
const busy = sent.filter((a) => a.errorCode === 'PASSWORD_WORK_BUSY')
const otherRefusals = sent.filter((a) => a.errorCode !== undefined && a.errorCode !== 'PASSWORD_WORK_BUSY')
const timeouts = sent.filter((a) => a.status === 0)

let md = `\n## A sign-in storm (issue 37 goal 3), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${STORE === 'postgres' ? 'PostgreSQL + Redis' : 'PGlite + memory KV'}\n\n`
md += `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; the load generator on the same cores. Raw argon2id capacity `
md += `${capacity.toFixed(0)} verifies/s (${concurrency} in flight); sign-ins offered at ${FACTOR}× that, ${stormRate}/s open-loop, `
md += `for ${SECONDS} s; each other call at ${OTHER_RPS}/s, first alone (baseline), then during the storm.\n\n`
md += `| sign-ins | count | per second | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|---|\n`
const row = (label: string, xs: Answer[]) =>
  `| ${label} | ${xs.length} | ${(xs.length / SECONDS).toFixed(0)} | ${ms(pct(xs.map((a) => a.ms), 50))} | ${ms(pct(xs.map((a) => a.ms), 99))} | ${ms(xs.length ? Math.max(...xs.map((a) => a.ms)) : NaN)} |\n`
md += row('offered and sent', sent)
md += row('signed in', admitted)
md += row('refused busy (503, Retry-After)', busy)
md += row('other refusals', otherRefusals)
md += row('no answer within 10 s', timeouts)
if (stormStats.noToken) md += `\n${stormStats.noToken} arrivals found no captcha token left and were not sent.\n`
md += `\n| other call | p50 alone | p99 alone | p50 in the storm | p99 in the storm | failed (5xx or none) |\n|---|---|---|---|---|---|\n`
for (const name of Object.keys(OTHERS)) {
  const a = baseline[name].map((x: Answer) => x.ms)
  const b = withStorm[name].map((x: Answer) => x.ms)
  md += `| ${name} | ${ms(pct(a, 50))} | ${ms(pct(a, 99))} | ${ms(pct(b, 50))} | ${ms(pct(b, 99))} | ${failed(baseline[name]) + failed(withStorm[name])} |\n`
}
console.log(md)
appendFileSync(join(root, 'bench/RESULTS.md'), md)
