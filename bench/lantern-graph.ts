// `SKIP_BUILD=1 npx tsx bench/lantern-graph.ts <route>[,<route>…] [zh-CN|en-US]`: what Lighthouse's
// simulated throttling (Lantern) counts for a route's FCP and LCP (issue 37 goal 1) — the question its
// report cannot answer ("LCP 2.4 s", but made of what?). One Lighthouse run per route, with the
// settings of bench/lighthouse-routes.ts, as a visitor who gave consent (and, in English, chose it);
// then, from the simulations Lantern ran in this process, the nodes of each graph asked for (LABELS,
// default the optimistic LCP graph) with their simulated start and end: each request (priority, who
// started it, bytes sent, its path) and each main-thread task of 10 ms or more (MIN_CPU), marked when
// it laid out or painted, with the scripts it evaluated. DEPS=1 adds what each request waited for and
// what each task was made of. Learned with it (bench/RESULTS.md): the LCP graph holds every request
// that ended before the paint Chromium observed, needed or not, on six HTTP/1.1 connections.
// Signed-in routes are not covered (bench/lighthouse-routes.ts signs an account up for those).
import type { Flags } from 'lighthouse'
// Lighthouse's own copy of Lantern, the same module instance, whose simulator keeps its last node timings.
import * as Lantern from '@paulirish/trace_engine/models/trace/lantern/lantern.js'
import { CONSENTED, ENGLISH, launchBrowser, measure } from './lighthouse-shared'
import { startGateway } from './lib'

const routes = (process.argv[2] ?? 'pages/login/index').split(',')
const lang = process.argv[3] === 'en-US' ? 'en-US' : 'zh-CN'
const LABELS = (process.env.LABELS ?? 'optimisticLargestContentfulPaint').split(',')
const MIN_CPU = Number(process.env.MIN_CPU ?? 10)
const DEPS = !!process.env.DEPS
const FLAGS: Flags = { onlyCategories: ['performance', 'accessibility'], skipAudits: ['screenshot-thumbnails', 'full-page-screenshot', 'bf-cache'] }

interface Timing {
  startTime: number
  endTime: number
}
interface GraphNode {
  type: 'network' | 'cpu'
  request: { url: string; priority: string; resourceType: string; transferSize: number; initiator?: { type?: string } }
  childEvents: Array<{ name: string; dur?: number }>
  getDependencies(): GraphNode[]
  getEvaluateScriptURLs(): Set<string>
  didPerformLayout(): boolean
}

const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')
const ms = (x: number) => Math.round(x)

function print(label: string, timings: Map<GraphNode, Timing>) {
  console.log(`  == ${label}`)
  const name = (node: GraphNode) => (node.type === 'network' ? path(node.request.url).slice(0, 40) || '/' : `task@${ms(timings.get(node)?.startTime ?? -1)}`)
  for (const [node, t] of [...timings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const deps = DEPS ? ` ← ${node.getDependencies().map(name).join(', ')}` : ''
    if (node.type === 'network') {
      const r = node.request
      console.log(`    ${ms(t.startTime)}–${ms(t.endTime)} ${r.resourceType} ${r.priority} by ${r.initiator?.type ?? '?'} ${(r.transferSize / 1024).toFixed(1)} KB ${path(r.url).slice(0, 80)}${deps}`)
      continue
    }
    const evaluated = [...node.getEvaluateScriptURLs()].map((u) => u.replace(/^.*\//, ''))
    const painted = node.childEvents.some((e) => e.name === 'Paint')
    if (t.endTime - t.startTime < MIN_CPU && !evaluated.length && !painted) continue
    const parts = new Map<string, number>()
    if (DEPS) for (const e of node.childEvents) parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0) / 1000)
    const made = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')
    console.log(`    ${ms(t.startTime)}–${ms(t.endTime)} task ${ms(t.endTime - t.startTime)} ms${node.didPerformLayout() ? ', layout' : ''}${painted ? ', paint' : ''}${evaluated.length ? `, runs ${evaluated.join(' ')}` : ''}${made ? ` (${made})` : ''}${deps}`)
  }
}

const gateway = await startGateway()
const browser = await launchBrowser()
try {
  for (const route of routes) {
    const simulations = Lantern.Simulation.Simulator.allNodeTimings as unknown as Map<string, Map<GraphNode, Timing>>
    simulations.clear()
    const { lhr } = await measure(browser.browser, `${gateway.url}/#/${route}`, lang === 'en-US' ? { ...CONSENTED, ...ENGLISH } : CONSENTED, FLAGS, [])
    const value = (id: string) => ms(lhr.audits[id]?.numericValue ?? NaN)
    const observed = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {}
    console.log(
      `\n${route} ${lang}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')} ms (observed unthrottled: FCP ${ms(observed.observedFirstContentfulPaint ?? NaN)}, LCP ${ms(observed.observedLargestContentfulPaint ?? NaN)})`,
    )
    for (const [label, timings] of simulations) if (LABELS.some((l) => label.includes(l))) print(label, timings)
  }
} finally {
  await browser.kill()
  await gateway.stop()
}
