// What metrics and traces cost a signed call (issue 36): the signed dict/list (a hot path: the
// signature checks, a cached answer) loaded against the built gateway with both off, with metrics
// on (METRICS_PORT, scraped as Prometheus would), and with metrics and traces on (OTLP/HTTP to a
// loopback receiver that drops the spans); CPU of the gateway process per answered call.
// Each setting runs ROUNDS times, interleaved, on PGlite + memory KV. Not part of `npm run bench`.
//   npm run build -w apps/gateway && npx tsx bench/observe.ts [seconds] [rounds]
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HOT_CALLS, cpuMsOf, freePort, loadPrepared, median, prepareLoad, startGateway } from './lib'

const seconds = Number(process.argv[2] ?? 5)
const rounds = Number(process.argv[3] ?? 3)

const receiver = createServer((request, response) => request.resume().on('end', () => response.writeHead(200).end('{}')))
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`

const settings: Array<[string, () => Promise<Record<string, string>>]> = [
  ['off', async () => ({})],
  ['metrics', async () => ({ METRICS_PORT: String(await freePort()) })],
  ['metrics + traces', async () => ({ METRICS_PORT: String(await freePort()), OTEL_EXPORTER_OTLP_ENDPOINT: otlp })],
]
const results = new Map<string, Array<{ rps: number; cpuUsPerCall: number; p99: number }>>()
for (let round = 0; round < rounds; round++) {
  for (const [name, envOf] of settings) {
    const env = await envOf()
    const gw = await startGateway(env, undefined, ['--max-old-space-size=192', '--max-semi-space-size=4', 'apps/gateway/dist/server.js'])
    // Scraped every second meanwhile (Prometheus would every 15 s): the scrape's cost is in the figures.
    const scraper = env.METRICS_PORT ? setInterval(() => fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`).then((r) => r.text(), () => ''), 1000) : undefined
    try {
      await loadPrepared('warm-up', gw.url, { method: 'GET', ...prepareLoad(HOT_CALLS.dict, 20_000 * 2) }, 2)
      const prepared = prepareLoad(HOT_CALLS.dict, 20_000 * seconds)
      const cpuBefore = cpuMsOf(gw.serverPid)
      const result = await loadPrepared(name, gw.url, { method: 'GET', ...prepared }, seconds)
      const cpuMs = cpuMsOf(gw.serverPid) - cpuBefore
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      const answered = result.rps * seconds
      const row = { rps: Math.round(result.rps), cpuUsPerCall: Math.round(((cpuMs * 1000) / answered) * 10) / 10, p99: result.p99 }
      results.set(name, [...(results.get(name) ?? []), row])
      console.log(`round ${round + 1} ${name}: ${JSON.stringify(row)}`)
    } finally {
      clearInterval(scraper)
      await gw.stop()
    }
  }
}
receiver.close()
console.log(`\n| setting | req/s (median) | gateway CPU µs per call (median) | p99 ms (median) | runs (CPU µs) |\n|---|---|---|---|---|`)
for (const [name] of settings) {
  const rows = results.get(name) ?? []
  console.log(`| ${name} | ${median(rows.map((r) => r.rps))} | ${median(rows.map((r) => r.cpuUsPerCall))} | ${median(rows.map((r) => r.p99))} | ${rows.map((r) => r.cpuUsPerCall).join(', ')} |`)
}
