// `npm run bench`: the foundation's figures, written to bench/RESULTS.md.
// 1. Load: /app/health (baseline) against the signed dict/list call and the signed, cached CMS page
//    read, interleaved rounds in one run, reported as ratios (the machine is noisy: only same-run
//    ratios mean anything).
// 2. Bundle: the JS the H5 home route loads, measured in Chromium, gzip -9 size of each file.
import { cpus, totalmem } from 'node:os'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { load, median, root, startGateway, type LoadResult } from './lib'
import { measureHomeBundles } from './bundle'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

const gw = await startGateway()
const results: Record<string, LoadResult[]> = { health: [], dict: [], cms: [] }
const CMS = { method: 'GET' as const, path: '/app/cms/resource/page', query: { pageCode: 'homepage' }, signed: true }
try {
  // warm-up (JIT, caches), not recorded
  await load('warm', gw.url, { method: 'GET', path: '/app/health', signed: false }, 2, CONNECTIONS)
  await load('warm', gw.url, { method: 'GET', path: '/app/user/api/dict/list', query: { type: 'phoneRegion' }, signed: true }, 2, CONNECTIONS)
  await load('warm', gw.url, CMS, 2, CONNECTIONS)
  for (let r = 0; r < ROUNDS; r++) {
    results.health.push(await load('health', gw.url, { method: 'GET', path: '/app/health', signed: false }, SECONDS, CONNECTIONS))
    results.dict.push(
      await load('dict', gw.url, { method: 'GET', path: '/app/user/api/dict/list', query: { type: 'phoneRegion' }, signed: true }, SECONDS, CONNECTIONS),
    )
    results.cms.push(await load('cms', gw.url, CMS, SECONDS, CONNECTIONS))
  }
} finally {
  await gw.stop()
}

const bundles = await measureHomeBundles()

const summary = (xs: LoadResult[]) => ({
  rps: median(xs.map((x) => x.rps)),
  p50: median(xs.map((x) => x.p50)),
  p99: median(xs.map((x) => x.p99)),
  non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
  errors: xs.reduce((a, x) => a + x.errors, 0),
})
const h = summary(results.health)
const d = summary(results.dict)
const c = summary(results.cms)
const ratio = d.rps / h.rps
const cmsRatio = c.rps / h.rps

const kb = (n: number) => (n / 1024).toFixed(1)
const md = `# Benchmark results

Latest run: ${new Date().toISOString()} — \`npm run bench\` (bench/run.ts).
Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.
The machine is shared and noisy: compare figures of one run only, never across runs.

## 1. Gateway load: \`dict/list\` against \`/app/health\`

How: the production build (\`npm start\` path, NODE_ENV=production, PGlite in a temp dir, memory KV)
on 127.0.0.1; autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s per load,
${ROUNDS} interleaved rounds (health, dict, health, dict, …) after a 2 s warm-up of each; medians of
the rounds. Every dict/list request is freshly signed (new nonce and timestamp, HMAC over the
canonical request) exactly as the portal signs, so the figure includes signature verification and
the nonce check; /app/health is unsigned and answers from a DB query and a KV ping.

| call | req/s (median) | p50 ms | p99 ms | non-2xx | errors |
|---|---:|---:|---:|---:|---:|
| GET /app/health (baseline) | ${h.rps.toFixed(0)} | ${h.p50} | ${h.p99} | ${h.non2xx} | ${h.errors} |
| GET /app/user/api/dict/list?type=phoneRegion (signed) | ${d.rps.toFixed(0)} | ${d.p50} | ${d.p99} | ${d.non2xx} | ${d.errors} |

**Ratio dict/list ÷ health: ${(ratio * 100).toFixed(0)}%** of the baseline's requests per second.

Rounds (req/s): health ${results.health.map((x) => x.rps.toFixed(0)).join(', ')}; dict ${results.dict.map((x) => x.rps.toFixed(0)).join(', ')}; cms ${results.cms.map((x) => x.rps.toFixed(0)).join(', ')}.

## 1b. The cached CMS page read against \`/app/health\` (issue 5 goal: ≥ 60% of its req/s, p99 ≤ 10 ms)

Same run, same rounds (health, dict, cms interleaved). \`GET /app/cms/resource/page?pageCode=homepage\`
is signed like every portal call (signature and nonce checked); the page comes from the gateway's
per-process cache, validated by one KV look-up of the page's change token, and is sent as the envelope
text serialised once.

| call | req/s (median) | p50 ms | p99 ms | non-2xx | errors |
|---|---:|---:|---:|---:|---:|
| GET /app/health (baseline) | ${h.rps.toFixed(0)} | ${h.p50} | ${h.p99} | ${h.non2xx} | ${h.errors} |
| GET /app/cms/resource/page?pageCode=homepage (signed, cached) | ${c.rps.toFixed(0)} | ${c.p50} | ${c.p99} | ${c.non2xx} | ${c.errors} |

**Ratio cms page ÷ health: ${(cmsRatio * 100).toFixed(0)}%** (goal ≥ 60%); **p99 ${c.p99} ms** (goal ≤ 10 ms).

## 2. JS loaded by the H5 home route (issue 5 goal: ≤ 100 KB gzip)

How: Chromium (Debian's, headless, 375 px) opens \`/#/pages/home/index\` from the same production
build, once per kind of visitor, each in a fresh browser context with what that visitor's browser
has stored (the portal's own storage keys), waits for the network to go idle and the home floors
to show in the visitor's language; every script response is listed and the gzip -9 size of each
file is computed from the built file (what a gzip-only server would send); the brotli bytes
actually transferred by the gateway (precompressed .br) are given beside it.

| visitor | files | raw KB | gzip KB | transferred KB (br) |
|---|---:|---:|---:|---:|
${bundles.map((b) => `| ${b.visitor} | ${b.files.length} | ${kb(b.raw)} | **${kb(b.gzip)}** | ${kb(b.transferred)} |`).join('\n')}

${bundles.map((b) => `### ${b.visitor}

| file | raw KB | gzip KB | transferred KB (br) |
|---|---:|---:|---:|
${b.files.map((f) => `| ${f.name} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.transferred)} |`).join('\n')}
| **total (${b.files.length} files)** | **${kb(b.raw)}** | **${kb(b.gzip)}** | **${kb(b.transferred)}** |
`).join('\n')}`
writeFileSync(join(root, 'bench/RESULTS.md'), md)
console.log(md)
