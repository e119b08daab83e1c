// `npx tsx bench/payday.ts` (after `npm run build`): issue 37 goal 2, the payday morning's journey
// under load. Each simulated employee, on a device of their own: opens the home page (its floors),
// signs in by password (the slider's token solved beforehand, not timed), reads their user info,
// asks for the payslip jump's one-time code (`auth/grantCode`, app 101, destination `payment`: it
// needs real-name verification, so every employee is on the roster and verified), and opens the
// inbox. Journeys arrive open-loop (on a schedule, not when an answer came back) at a rate that is
// raised step by step, each held for BENCH_SECONDS (60); the run stops at the first step whose p95
// passes 300 ms or that had an error, and says the highest rate held with 0 errors and 0 × 5xx.
// Where to start is found first by short probes (PAYDAY_PROBE_SECONDS, 5 s each) at a rate doubled
// from PAYDAY_START until one fails; the holds then start at 60% of the last probe held and rise by a
// tenth of it. (From 2/s by 2 the holds alone took 45 minutes on a quiet machine that held ~90/s.)
//
// What runs: two production gateways (`npm start` path, NODE_ENV=production, SKIP_BUILD) on one
// fresh PostgreSQL database, one Redis and one KEYS_DIR, the journeys given to them in turn (a
// load balancer's round robin, without one in between); the roster imported with the gateway's own
// import (modules/roster/import.ts). The load generator shares the machine's cores with both
// gateways, PostgreSQL and Redis: a separate client would see better figures.
//
// Knobs: BENCH_SECONDS (hold per step, 60), PAYDAY_START (journeys/s of the first probe, 4),
// PAYDAY_PROBE_SECONDS (5; 0 = no probes: the holds rise from PAYDAY_START by PAYDAY_STEP),
// PAYDAY_STEP (added each hold; by default a tenth of the probes' rate, at least 1),
// PAYDAY_EMPLOYEES (on the roster and signed up, 100), BENCH_DATABASE_URL, BENCH_REDIS_URL.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { type CallDef, calls } from '@ess/contract'
import { loadConfig } from '../apps/gateway/src/config'
import { openDatabase } from '../apps/gateway/src/db/client'
import { loadFieldCipher } from '../apps/gateway/src/infra/crypto/field-cipher'
import { loadHmacKey } from '../apps/gateway/src/infra/crypto/hmac-key'
import { runRosterImport } from '../apps/gateway/src/modules/roster/import'
import { seedRoster } from '../apps/gateway/src/modules/roster/service'
import { api, registerAccount, sealer, solveCaptcha, startMailbox } from './account'
import { type TimedAnswer, formatMs, freshDatabase, idNumber, percentile, root, startGateway, timedCall } from './lib'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const START = Number(process.env.PAYDAY_START ?? 4)
const PROBE_SECONDS = Number(process.env.PAYDAY_PROBE_SECONDS ?? 5)
const EMPLOYEES = Number(process.env.PAYDAY_EMPLOYEES ?? 100)
const P95_LIMIT_MS = 300
const PASSWORD = 'Payday2026pass'
/** The older user center's app id and the payslip's inner-jump destination (the home page's tile). */
const PAYSLIP = { authAppId: '101', dest: 'payment' }
const STEPS = ['home', 'sign-in', 'user info', 'payslip code', 'inbox'] as const
type Step = (typeof STEPS)[number]

// --- the stores and the roster ------------------------------------------------------------------
const database = await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'ess_payday')
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const dataDir = mkdtempSync(join(tmpdir(), 'ess-payday-'))
const keysDir = join(dataDir, 'keys')
const employees = Array.from({ length: EMPLOYEES }, (_, i) => ({ ...idNumber(Math.floor(i / 900), 100 + (i % 900)), no: `P-${String(i).padStart(6, '0')}`, email: `payday.${i}@bench.example.com` }))
{
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, KEYS_DIR: keysDir, DATABASE_URL: database.url })
  const store = await openDatabase(config, (error) => console.error(error))
  await store.migrate()
  const deps = { fieldCipher: loadFieldCipher(config.keysDir), hmacKey: loadHmacKey(config.keysDir) }
  await seedRoster(store.db, deps)
  const csv = [
    '\uFEFFcompany_code,company_name_zh,company_name_en,employee_no,name,pinyin_name,gender,birthdate,nationality,id_type,id_no,phone,email,address,postcode',
    ...employees.map((e, i) => `HS001,华晟科技有限公司,"Huasheng Technology Co., Ltd.",${e.no},测试员工,Ce Shi,,${e.birthdate},CN,ID_CARD,${e.idNo},138${String(i).padStart(8, '0')},${e.email},上海市徐汇区漕溪北路1号,200030`),
  ].join('\n')
  const imported = await runRosterImport(store.db, deps, Readable.from([csv]), new Date(), { newCompanies: 'refuse', apply: true })
  if (!imported.ok) throw new Error(`the roster refused lines: ${JSON.stringify(imported.rejected.slice(0, 3))}`)
  if (imported.written.inserted !== EMPLOYEES) throw new Error(`the roster took ${imported.written.inserted} of ${EMPLOYEES} rows`)
  await store.close()
}

const mailbox = await startMailbox()
const env = {
  ...mailbox.deliveryEnv,
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  KEYS_DIR: keysDir,
  SKIP_BUILD: '1',
  // Every request of the bench comes from one address: a deployment setting, raised.
  CAPTCHAS_PER_CLIENT_PER_MINUTE: '100000',
}
const gateways = [await startGateway(env), await startGateway(env)]

// --- the employees sign up and verify (not timed) -------------------------------------------------
for (const [i, e] of employees.entries()) {
  const url = gateways[i % 2].url
  const deviceId = `paydaysetup${String(i).padStart(10, '0')}`
  const { accessToken } = await registerAccount(url, mailbox, e.email, PASSWORD, deviceId)
  await api(url, calls.certificationCheck, { method: 'idNumber', name: '测试员工', idNo: e.idNo }, accessToken, deviceId)
}
const seal = await sealer(gateways[0].url)
const sealed = await seal(PASSWORD)

// --- one journey --------------------------------------------------------------------------------
interface Answer extends TimedAnswer {
  step: Step
}

const send = async (step: Step, url: string, call: CallDef, input: Record<string, unknown> | undefined, token: string, deviceId: string): Promise<Answer> => ({
  step,
  ...(await timedCall(url, call, input, token, deviceId)),
})

interface Ticket {
  url: string
  deviceId: string
  email: string
  captchaToken: string
}

/** The journey of one employee on one device: every answer, stopping at the first refusal. */
async function journey({ url, deviceId, email, captchaToken }: Ticket): Promise<Answer[]> {
  const answers: Answer[] = []
  const step = async (name: Step, call: CallDef, input?: Record<string, unknown>, token = '') => {
    const answer = await send(name, url, call, input, token, deviceId)
    answers.push(answer)
    return answer.errorCode === undefined && answer.status === 200 ? answer : undefined
  }
  if (!(await step('home', calls.cmsPage, { pageCode: 'homepage' }))) return answers
  const signedIn = await step('sign-in', calls.loginByAccount, { account: email, password: sealed, captchaToken })
  if (!signedIn) return answers
  const token = (signedIn as { data: { accessToken: string } }).data.accessToken
  if (!(await step('user info', calls.getUserInfo, undefined, token))) return answers
  if (!(await step('payslip code', calls.grantCode, PAYSLIP, token))) return answers
  await step('inbox', calls.noticeList, undefined, token)
  return answers
}

let serial = 0
/** The tickets of a step's journeys, their puzzles solved beforehand (not timed), 4 at a time. */
async function tickets(count: number): Promise<Ticket[]> {
  const made: Ticket[] = []
  const worker = async () => {
    while (made.length < count) {
      const n = serial++
      const url = gateways[n % 2].url
      const deviceId = `payday${String(n).padStart(15, '0')}`
      const ticket = { url, deviceId, email: employees[n % EMPLOYEES].email, captchaToken: '' }
      made.push(ticket)
      ticket.captchaToken = await solveCaptcha(url, deviceId)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return made
}

/** `rate` journeys a second for `seconds`, on a schedule. */
async function hold(rate: number, seconds = SECONDS): Promise<Answer[]> {
  const ready = await tickets(Math.ceil(rate * seconds))
  const journeys: Promise<Answer[]>[] = []
  const start = performance.now()
  for (;;) {
    const elapsed = (performance.now() - start) / 1000
    if (elapsed >= seconds) break
    const due = Math.min(ready.length, Math.floor(elapsed * rate))
    while (journeys.length < due) journeys.push(journey(ready[journeys.length]))
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return (await Promise.all(journeys)).flat()
}

const pct = percentile
const ms = formatMs

interface Round {
  rate: number
  answers: Answer[]
  p95: number
  errors: Answer[]
  held: boolean
}
const rounds: Round[] = []
const probes: Round[] = []
const loadBefore = loadavg()[0]
/** One step: `rate` journeys a second for `seconds`, judged against the p95 limit and errors. */
async function measure(rate: number, seconds: number, label: string): Promise<Round> {
  const answers = await hold(rate, seconds)
  const errors = answers.filter((a) => a.status !== 200 || a.errorCode !== undefined)
  const p95 = pct(answers.map((a) => a.ms), 95)
  const held = errors.length === 0 && p95 <= P95_LIMIT_MS
  console.log(`${label} ${rate} journeys/s for ${seconds} s: ${answers.length} requests, p95 ${ms(p95)} ms, ${errors.length} errors${errors.length ? ` (${[...new Set(errors.map((e) => `${e.step} ${e.status} ${e.errorCode ?? ''}`))].slice(0, 4).join('; ')})` : ''}`)
  return { rate, answers, p95, errors, held }
}
let first = START
let step = Number(process.env.PAYDAY_STEP ?? 0)
try {
  if (PROBE_SECONDS > 0) {
    for (let rate = START; ; rate *= 2) {
      const probe = await measure(rate, PROBE_SECONDS, 'probe')
      probes.push(probe)
      if (!probe.held) break
    }
    const probed = probes.filter((p) => p.held).at(-1)?.rate ?? START
    first = Math.max(1, Math.floor(probed * 0.6))
    step ||= Math.max(1, Math.round(probed / 10))
  }
  step ||= 2
  for (let rate = first; ; rate += step) {
    const round = await measure(rate, SECONDS, 'hold')
    rounds.push(round)
    if (!round.held) break
  }
} finally {
  for (const gateway of gateways) await gateway.stop()
  await mailbox.close()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}

// --- report -------------------------------------------------------------------------------------
const best = rounds.filter((r) => r.held).at(-1)
let md = `\n## The payday journey under load (issue 37 goal 2), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\n`
md += `Two production gateways on PostgreSQL + Redis (one database, one KEYS_DIR), journeys given to them in turn; ${EMPLOYEES} employees on the roster, signed up and verified; `
md += `each journey on a device of its own: home floors → password sign-in (puzzle solved beforehand) → user info → payslip code (grantCode 101/payment) → inbox. `
md += probes.length
  ? `Short probes first (${PROBE_SECONDS} s each, doubled from ${START}/s: ${probes.map((p) => `${p.rate}/s ${p.held ? 'held' : 'not held'}, p95 ${ms(p.p95)} ms`).join('; ')}); then open-loop arrivals, each rate held ${SECONDS} s, from ${first}/s raised by ${step}/s until p95 passed ${P95_LIMIT_MS} ms or an error came. `
  : `Open-loop arrivals, each rate held ${SECONDS} s, raised by ${step}/s from ${first}/s until p95 passed ${P95_LIMIT_MS} ms or an error came. `
md += `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, the load generator on the same cores; load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.\n\n`
md += best
  ? `**Highest rate held: ${best.rate} journeys/s** (${best.answers.filter((a) => a.step === 'home').length} journeys, ${best.answers.length} requests, 0 errors, 0 × 5xx, p95 ${ms(best.p95)} ms).\n\n`
  : `**No rate held** (the first hold, ${first}/s, already failed: see below).\n\n`
md += `| journeys/s | requests | errors | 5xx | ${STEPS.map((s) => `${s} p50 / p95 / p99 ms`).join(' | ')} | all p95 |\n|---|---|---|---|${STEPS.map(() => '---|').join('')}---|\n`
for (const r of rounds) {
  const cells = STEPS.map((s) => {
    const xs = r.answers.filter((a) => a.step === s).map((a) => a.ms)
    return `${ms(pct(xs, 50))} / ${ms(pct(xs, 95))} / ${ms(pct(xs, 99))}`
  })
  md += `| ${r.rate}${r.held ? '' : ' (not held)'} | ${r.answers.length} | ${r.errors.length} | ${r.answers.filter((a) => a.status >= 500).length} | ${cells.join(' | ')} | ${ms(r.p95)} |\n`
}
const last = rounds.at(-1)
if (last && !last.held && last.errors.length) {
  const kinds = new Map<string, number>()
  for (const e of last.errors) kinds.set(`${e.step}: ${e.status} ${e.errorCode ?? ''}`.trim(), (kinds.get(`${e.step}: ${e.status} ${e.errorCode ?? ''}`.trim()) ?? 0) + 1)
  md += `\nErrors of the last step: ${[...kinds].map(([k, n]) => `${k} × ${n}`).join('; ')}.\n`
}
console.log(md)
appendFileSync(join(root, 'bench/RESULTS.md'), md)
