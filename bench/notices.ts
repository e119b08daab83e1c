// `npx tsx bench/notices.ts` (after `npm run build -w apps/gateway`; part of `npm run bench`): a
// 1,000-recipient notices-API call end to end (issue 35), on PostgreSQL + Redis: the production
// build of the gateway with a fresh database, 1,000 employees of one company on the roster, each
// with an account linked by a real-name verification (written straight to the tables before the
// gateway serves anything of them); then the payroll app's signed `POST /open/api/v1/notices`
// naming all 1,000, timed from the request leaving to the answer (accepted: 1,000 `queued`), and
// to the moment all 1,000 inbox rows are written (polled on the database every 20 ms), and the
// fan-out's end as `GET notices/{id}` reports it (`complete`). BENCH_NOTICE_ROUNDS calls (each with
// its own 1,000 employees); the figures appended to bench/RESULTS.md.
import { randomBytes, randomUUID } from 'node:crypto'
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { OPEN_API_PREFIX, signOpenRequest } from '@ess/contract'
import pg from 'pg'
import { freshDatabase, median, root, startGateway } from './lib'

const ROUNDS = Number(process.env.BENCH_NOTICE_ROUNDS ?? 1)
const RECIPIENTS = 1000
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

const database = await freshDatabase(PG_URL, 'ess_bench_notices')
const keysDir = mkdtempSync(join(tmpdir(), 'ess-bench-keys-'))
const gw = await startGateway({ DATABASE_URL: database.url, REDIS_URL, KEYS_DIR: keysDir, SKIP_BUILD: '1' })
const db = new pg.Client({ connectionString: database.url })
await db.connect()
// The payroll app's secret, made by the gateway at its start as the notices API's apps' are.
const secret = readFileSync(join(keysDir, 'notice-app-payroll.secret'), 'utf8').trim()

/** A company of 1,000 employees, each linked to an account; answers the company code. */
async function seedCompany(round: number): Promise<string> {
  const code = `BENCH${process.pid}R${round}`
  const company = await db.query<{ id: number }>('insert into client_company (code, name_zh, name_en) values ($1, $2, $3) returning id', [code, '压测公司', 'Bench Co.'])
  const companyId = company.rows[0].id
  const now = new Date()
  const expires = new Date(now.getTime() + 365 * 86_400_000)
  for (let start = 0; start < RECIPIENTS; start += 250) {
    const employees: unknown[] = []
    const users: unknown[] = []
    const links: unknown[] = []
    for (let i = start; i < Math.min(start + 250, RECIPIENTS); i++) {
      const employeeId = randomUUID()
      const userId = randomUUID()
      employees.push({ id: employeeId, company_id: companyId, employee_no: `E${String(i + 1).padStart(5, '0')}`, name: `员工${i + 1}`, id_type: '1', id_no_cipher: 'bench', id_no_index: randomBytes(16).toString('hex') })
      users.push({ id: userId, email: `bench-${round}-${i}-${process.pid}@bench.test` })
      links.push({ user_id: userId, employee_id: employeeId, method: 'idNumber', identity_version: 1, certified_at: now.toISOString(), expires_at: expires.toISOString() })
    }
    await db.query(
      'insert into employee (id, company_id, employee_no, name, id_type, id_no_cipher, id_no_index) select * from jsonb_to_recordset($1::jsonb) as x(id uuid, company_id int, employee_no text, name text, id_type text, id_no_cipher text, id_no_index text)',
      [JSON.stringify(employees)],
    )
    await db.query('insert into app_user (id, email) select * from jsonb_to_recordset($1::jsonb) as x(id uuid, email text)', [JSON.stringify(users)])
    await db.query(
      'insert into user_certification (user_id, employee_id, method, identity_version, certified_at, expires_at) select * from jsonb_to_recordset($1::jsonb) as x(user_id uuid, employee_id uuid, method text, identity_version int, certified_at timestamptz, expires_at timestamptz)',
      [JSON.stringify(links)],
    )
  }
  return code
}

async function signedCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: any }> {
  const url = `${OPEN_API_PREFIX}${path}`
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {
    ...signOpenRequest({ method, path: url, body: payload, appId: 'payroll', nonce: randomBytes(12).toString('hex'), timestamp: String(Date.now()) }, secret),
  }
  if (payload) headers['content-type'] = 'application/json'
  const answer = await fetch(`${gw.url}${url}`, { method, headers, body: payload })
  const envelope = (await answer.json()) as { code: number; data: { data: any } }
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(envelope)}`)
  return { status: answer.status, data: envelope.data.data }
}

const rows: Array<{ acceptedMs: number; inboxesMs: number; completeMs: number }> = []
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const code = await seedCompany(round)
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ companyCode: code, employeeNo: `E${String(i + 1).padStart(5, '0')}` }))
    const started = performance.now()
    const { data: sent } = await signedCall('POST', '/notices', { kind: 'salary', templateId: 'salaryPaid', params: { month: '2026-11' }, target: { type: 'jump', dest: 'payment' }, recipients })
    const acceptedMs = performance.now() - started
    if (sent.queued !== RECIPIENTS) throw new Error(`queued ${sent.queued} of ${RECIPIENTS}`)
    let inboxesMs = 0
    for (;;) {
      const { rows: counted } = await db.query<{ n: number }>('select count(*)::int as n from notice where batch_id = $1', [sent.id])
      if (counted[0].n === RECIPIENTS) {
        inboxesMs = performance.now() - started
        break
      }
      if (performance.now() - started > 300_000) throw new Error(`only ${counted[0].n} inboxes written in 300 s`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    let completeMs = 0
    for (;;) {
      const { data: delivery } = await signedCall('GET', `/notices/${sent.id}`)
      if (delivery.complete && delivery.recipients.every((r: { inbox: string }) => r.inbox === 'delivered')) {
        completeMs = performance.now() - started
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    rows.push({ acceptedMs, inboxesMs, completeMs })
    console.log(`round ${round}: accepted in ${acceptedMs.toFixed(0)} ms, 1,000 inboxes written at ${inboxesMs.toFixed(0)} ms, complete at ${completeMs.toFixed(0)} ms`)
  }
} finally {
  await db.end()
  await gw.stop()
  await database.drop()
  rmSync(keysDir, { recursive: true, force: true })
}

const cpu = cpus()
const at = new Date().toISOString().slice(0, 16).replace('T', ' ')
appendFileSync(
  join(root, 'bench/RESULTS.md'),
  [
    '',
    `## Notices API: one call to 1,000 employees end to end (issue 35, \`bench/notices.ts\`)`,
    '',
    `Run of ${at} UTC, ${cpu.length} × ${cpu[0]?.model.trim()}, Node ${process.version} (load average ${loadavg()[0].toFixed(1)} at the end): the production build on PostgreSQL + Redis (a fresh database),`,
    `the payroll app's signed \`POST /open/api/v1/notices\` (template salaryPaid) naming 1,000 employees of one company, each linked to an account;`,
    `timed from the request leaving: the answer (all 1,000 \`queued\`), all 1,000 inbox rows written (counted on the database every 20 ms),`,
    `and \`GET notices/{id}\` saying \`complete\` (polled every 50 ms). NOTICE_FANOUT_CHUNK at its default (500). ${ROUNDS} round(s); median.`,
    '',
    '| call answered (accepted) ms | 1,000 inboxes written ms | delivery complete ms |',
    '|---|---|---|',
    `| ${median(rows.map((r) => r.acceptedMs)).toFixed(0)} | ${median(rows.map((r) => r.inboxesMs)).toFixed(0)} | ${median(rows.map((r) => r.completeMs)).toFixed(0)} |`,
    '',
  ].join('\n'),
)
