// `npx tsx bench/recovery.ts` (after `npm run build -w apps/gateway`; BENCH_STORE=postgres for
// PostgreSQL + Redis): how long password recovery's code calls take to answer for a registered
// email and for one no account holds, in the same run (issue 38). They answer the same body; a
// stranger timing them must not learn which contacts are registered.
//
// How it stays honest:
// - The production build (`npm start` path, NODE_ENV=production) with real delivery: the gateway
//   mails the codes to an SMTP server run here, so a registered contact's work (message rendered,
//   send-queue row, delivery, privacy-ledger row) is the production one.
// - The accounts are made through the real calls (puzzle, mailed code, registerByEmailPwd). Every
//   pair uses its own device (the daily caps per client and per destination stay on) and its own
//   registered account; captcha tokens are solved beforehand, not timed.
// - A pair is one call for the registered email and one for an unknown email, in an order that
//   alternates from pair to pair (so neither side always runs on a warmer gateway), timed from the
//   request leaving to the answer's last byte, over loopback. Every call starts after a pause and
//   after the mail of the registered call before it arrived (that work follows the answer now; left
//   running, it would slow whichever call came next).
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { availableParallelism, cpus } from 'node:os'
import { type AppAgreement, type CallDef, buildQuery, callUrl, calls } from '@ess/contract'
import { api, sealer, solveCaptcha, startMailbox } from './account'
import { freshDatabase, median, root, signedHeaders, startGateway } from './lib'

const PAIRS = Number(process.env.BENCH_PAIRS ?? 30)
const STORE = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite'
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

const mailbox = await startMailbox()
const database = STORE === 'postgres' ? await freshDatabase(PG_URL) : undefined
const gw = await startGateway({
  ...mailbox.deliveryEnv,
  ...(database ? { DATABASE_URL: database.url, REDIS_URL } : {}),
  SKIP_BUILD: '1',
  CAPTCHAS_PER_CLIENT_PER_MINUTE: '100000',
})
const deviceOf = (i: number) => `benchrecovery${String(i).padStart(8, '0')}`
const run = Date.now().toString(36)

/** One timed call: ms from the request leaving to the answer's last byte, and the answer's payload. */
async function timed(call: CallDef, input: Record<string, unknown>, deviceId: string): Promise<{ ms: number; body: string }> {
  const body = JSON.stringify(input)
  const headers = signedHeaders(call.method, callUrl(call), {}, body, '', deviceId)
  const started = process.hrtime.bigint()
  const response = await fetch(`${gw.url}${callUrl(call)}${buildQuery(undefined)}`, { method: call.method, headers, body })
  const text = await response.text()
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  const envelope = JSON.parse(text) as { code: number; errorCode?: string; data: { data: unknown } }
  if (envelope.code !== 200) throw new Error(`${call.path}: ${envelope.errorCode}`)
  return { ms, body: JSON.stringify(envelope.data.data) }
}

try {
  const agreementIds = (await api<AppAgreement[]>(gw.url, calls.getAppAgreements, { type: '1' })).map((a) => a.agreementId)
  const seal = await sealer(gw.url)
  const sealed = await seal('Bench2026pass')
  const registered: string[] = []
  for (let i = 0; i < PAIRS; i++) {
    const email = `known${i}-${run}@bench.test`
    await api(gw.url, calls.sendEmailCode, { email, scene: 'register', captchaToken: await solveCaptcha(gw.url, deviceOf(i)) }, '', deviceOf(i))
    await api(gw.url, calls.registerByEmailPwd, { email, code: await mailbox.latestCode(), password: sealed, confirmPassword: sealed, agreementIds }, '', deviceOf(i))
    registered.push(email)
  }
  // Past the resend interval of the sign-up codes: the recovery codes go to the same addresses.
  await new Promise((resolve) => setTimeout(resolve, 61_000))

  const known: number[] = []
  const unknown: number[] = []
  let slowerKnown = 0
  for (let i = 0; i < PAIRS; i++) {
    const device = deviceOf(i)
    const tokens = [await solveCaptcha(gw.url, device), await solveCaptcha(gw.url, device)]
    const ask = (email: string, captchaToken: string) => timed(calls.sendEmailCode, { email, scene: 'resetPassword', captchaToken }, device)
    const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)
    const answers: Record<string, { ms: number; body: string }> = {}
    for (const [j, side] of order.entries()) {
      // Each call starts from the same quiet gateway: the registered call's work after its answer
      // (the mail) has ended, and a pause.
      await new Promise((resolve) => setTimeout(resolve, 100))
      const mailed = mailbox.mailCount()
      answers[side] = await ask(side === 'known' ? registered[i] : `nobody${i}-${run}@bench.test`, tokens[j])
      if (side === 'known') while (mailbox.mailCount() === mailed) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    // The same answer but for the masked address.
    const shape = (body: string) => body.replace(/"sentTo":"[^"]*"/, '')
    if (shape(answers.known.body) !== shape(answers.unknown.body)) throw new Error(`answers differ: ${answers.known.body} / ${answers.unknown.body}`)
    known.push(answers.known.ms)
    unknown.push(answers.unknown.ms)
    if (answers.known.ms > answers.unknown.ms) slowerKnown++
  }
  const ms = (x: number) => x.toFixed(2)
  const text = `
## Password recovery codes, registered vs unknown email (issue 38), ${STORE === 'postgres' ? 'PostgreSQL + Redis' : 'PGlite + memory KV'}

Run: ${new Date().toISOString()} — \`${STORE === 'postgres' ? 'BENCH_STORE=postgres ' : ''}npx tsx bench/recovery.ts\`, production build, codes mailed over SMTP
to a server in the bench; ${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, shared with other sessions' builds and tests (noisy: read the
medians and the count, not single calls). ${PAIRS} pairs, one registered and one unknown address each, order alternating.

| | median | min | max |
|---|---|---|---|
| registered email | ${ms(median(known))} ms | ${ms(Math.min(...known))} ms | ${ms(Math.max(...known))} ms |
| unknown email | ${ms(median(unknown))} ms | ${ms(Math.min(...unknown))} ms | ${ms(Math.max(...unknown))} ms |

The registered answer was the slower of its pair in ${slowerKnown} of ${PAIRS} pairs (a coin: 15 of 30; the issue measured 22–27 of
30 before the fix). Median of the pairs' differences (registered − unknown): ${ms(median(known.map((k, i) => k - unknown[i])))} ms.
`
  console.log(text)
  if (process.env.BENCH_WRITE) appendFileSync(join(root, 'bench/RESULTS.md'), text)
} finally {
  await gw.stop()
  await mailbox.close()
  await database?.drop()
}
