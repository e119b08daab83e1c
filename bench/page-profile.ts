// `npx tsx bench/page-profile.ts <route> [zh-CN|en-US]`: where a cold load of one portal route spends
// its main-thread time (issue 37 goal 1), the question Lighthouse's "vendors.js 429 ms" cannot answer.
// The production gateway serves the built portal; a visitor who gave consent (and, in English, chose
// it) opens the route in a new browser context at BENCH_PAGE_CPU (4, Lighthouse's mobile factor) × CPU
// throttling, with V8's sampling profiler on from before the navigation to 3 s after the load.
// Prints the busy stretches of the main thread (≥ 30 ms: the profile's samples run together with gaps
// under 2 ms, close to the tasks Lighthouse lists, which it reads from a trace instead), what each
// spent by source module, the time by script file and by source module, and the top functions by self
// time; writes the .cpuprofile for DevTools. Source modules and names come from the built files' maps:
// build the portal with ESS_SOURCEMAP=1 and run this with SKIP_BUILD=1 (startGateway rebuilds an
// out-of-date portal otherwise, without maps). BENCH_PAGE_RUNS (3) loads, the first only to warm the
// gateway's caches.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Protocol } from 'puppeteer-core'
import { SourceMapConsumer } from 'source-map-js'
import { CONSENTED, ENGLISH, launchBrowser } from './lighthouse-shared'
import { root, startGateway } from './lib'

const route = process.argv[2] ?? 'pages/home/index'
const lang = process.argv[3] === 'en-US' ? 'en-US' : 'zh-CN'
const CPU = Number(process.env.BENCH_PAGE_CPU ?? 4)
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3)

type Node = Protocol.Profiler.ProfileNode

// A build made with ESS_SOURCEMAP=1 has maps beside its files: the functions are then named by
// their source (module path and line), and the time is also summed by source module.
const maps = new Map<string, SourceMapConsumer | null>()
function original(url: string, line: number, column: number): { source: string; name: string } | null {
  const file = url.replace(/^https?:\/\/[^/]+\//, '')
  if (!file || !file.endsWith('.js')) return null
  if (!maps.has(file)) {
    const at = join(root, 'apps/portal/dist/h5', `${file}.map`)
    maps.set(file, existsSync(at) ? new SourceMapConsumer(JSON.parse(readFileSync(at, 'utf8'))) : null)
  }
  const found = maps.get(file)?.originalPositionFor({ line: line + 1, column })
  if (!found?.source) return null
  const source = found.source.replace(/^.*node_modules\//, '~').replace(/^.*\/src\//, 'src/')
  return { source: `${source}:${found.line}`, name: found.name ?? '' }
}
const moduleOf = (source: string) => source.replace(/:\d+$/, '')
type Profile = Protocol.Profiler.Profile

/** Self time (ms) by function and by script, and the busy stretches (ms) of the profile. */
function summarise(profile: Profile) {
  const byId = new Map<number, Node>(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  const deltas = profile.timeDeltas ?? []
  const samples = profile.samples ?? []
  // Busy stretches: consecutive samples not in (idle)/(program) with gaps under 2 ms.
  const stretches: { start: number; ms: number; top: Map<string, number> }[] = []
  let t = profile.startTime
  let current: (typeof stretches)[number] | undefined
  for (let i = 0; i < samples.length; i++) {
    const dt = (deltas[i] ?? 0) / 1000
    t += deltas[i] ?? 0
    const node = byId.get(samples[i])!
    self.set(node.id, (self.get(node.id) ?? 0) + dt)
    const name = node.callFrame.functionName
    if (name === '(idle)' || name === '(program)') {
      if (current && dt > 2) current = undefined
      continue
    }
    if (!current) {
      current = { start: (t - profile.startTime) / 1000, ms: 0, top: new Map() }
      stretches.push(current)
    }
    current.ms += dt
    // By source module where the build has maps, else by file.
    const mapped = original(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber)
    const where = mapped ? moduleOf(mapped.source) : node.callFrame.url.split('/').pop() || name
    current.top.set(where, (current.top.get(where) ?? 0) + dt)
  }
  const fns = new Map<string, number>()
  const files = new Map<string, number>()
  const modules = new Map<string, number>()
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame
    const file = url.split('/').pop() || '(native)'
    const mapped = original(url, lineNumber, columnNumber)
    const key = mapped ? `${mapped.name || functionName || '(anonymous)'} ${mapped.source}` : `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`
    fns.set(key, (fns.get(key) ?? 0) + ms)
    files.set(file, (files.get(file) ?? 0) + ms)
    if (mapped) modules.set(moduleOf(mapped.source), (modules.get(moduleOf(mapped.source)) ?? 0) + ms)
  }
  return { fns, files, modules, stretches }
}

const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)

const gateway = await startGateway()
const lh = await launchBrowser()
try {
  for (let run = 1; run <= RUNS; run++) {
    const context = await lh.browser.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    await page.evaluateOnNewDocument((values: Record<string, string>) => {
      try {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
      } catch {
        /* about:blank */
      }
    }, lang === 'en-US' ? { ...CONSENTED, ...ENGLISH } : CONSENTED)
    // Same origin first, so the route's navigation stays in this renderer (and this profiler).
    await page.goto(`${gateway.url}/app/health`)
    const cdp = await page.createCDPSession()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const started = Date.now()
    await page.goto(`${gateway.url}/#/${route}`, { waitUntil: 'load' })
    const loaded = Date.now() - started
    await new Promise((r) => setTimeout(r, 3000))
    const { profile } = await cdp.send('Profiler.stop')
    const paints = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1
          // LCP entries are given to a buffered observer only.
          new PerformanceObserver((list) => resolve({ fcp, lcp: list.getEntries().at(-1)?.startTime ?? -1 })).observe({ type: 'largest-contentful-paint', buffered: true })
          setTimeout(() => resolve({ fcp, lcp: -1 }), 500)
        }),
    )
    await context.close()
    if (run === 1) continue
    const { fns, files, modules, stretches } = summarise(profile)
    const busy = [...files].filter(([f]) => f !== '(idle)' && f !== '(program)').reduce((s, [, ms]) => s + ms, 0)
    console.log(`\n## ${route} ${lang}, run ${run}: load ${loaded} ms, FCP ${paints.fcp.toFixed(0)}, LCP ${paints.lcp.toFixed(0)} ms; busy ${busy.toFixed(0)} ms at ${CPU}× CPU`)
    console.log('busy stretches ≥ 30 ms (start ms from navigation, length, top files):')
    for (const s of stretches.filter((x) => x.ms >= 30))
      console.log(`  ${s.start.toFixed(0)} +${s.ms.toFixed(0)}: ${top(s.top, 8).map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join(', ')}`)
    console.log('by file (self ms):', top(files, 12).map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join('; '))
    if (modules.size) console.log('by source module (self ms):', top(modules, 25).map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join('; '))
    console.log('top functions (self ms):')
    for (const [fn, ms] of top(fns, 40)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${fn}`)
    const out = join(tmpdir(), `page-${route.replace(/\W+/g, '-')}-${lang}-${run}.cpuprofile`)
    writeFileSync(out, JSON.stringify(profile))
    console.log('profile:', out)
  }
} finally {
  await lh.kill()
  await gateway.stop()
}
