// What the two Lighthouse benches share (bench/lighthouse.ts, issue 18's cases; bench/lighthouse-routes.ts,
// issue 37's table of every route): the browser they drive, one measured run of a page with the
// visitor's stored values put in beforehand, and the reading of Lighthouse's report.
import { cpus, totalmem } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Flags, Result as LhResult } from 'lighthouse'
import puppeteer, { type Browser } from 'puppeteer-core'
import { resolveChromium } from '@ess/browser'
import { median } from './lib'

/** What a visitor's browser holds beforehand: the portal's own storage keys (core/storage/keys.ts). */
export const CONSENTED = { 'user-agreed-privacy': '1' }
export const ENGLISH = { 'locale-lang': 'en-US' }

/** The figures read from a report, with how each is shown. */
export const MEASURES = {
  performance: { label: 'performance', show: (v: number) => v.toFixed(0) },
  accessibility: { label: 'accessibility', show: (v: number) => v.toFixed(0) },
  bestPractices: { label: 'best practices', show: (v: number) => v.toFixed(0) },
  fcp: { label: 'FCP', show: (v: number) => `${(v / 1000).toFixed(2)} s` },
  lcp: { label: 'LCP', show: (v: number) => `${(v / 1000).toFixed(2)} s` },
  tbt: { label: 'TBT', show: (v: number) => `${v.toFixed(0)} ms` },
  // A shift too small for three decimals still misses a goal of 0: shown with its own digit.
  cls: { label: 'CLS', show: (v: number) => (v > 0 && v < 0.0005 ? v.toPrecision(1) : v.toFixed(3)) },
} as const
export type Measure = keyof typeof MEASURES

/** An issue's goals: per measure, the goal as written and how a median meets it. */
export type Goals = Partial<Record<Measure, { goal: string; met: (v: number) => boolean }>>

export interface Run {
  figures: Record<Measure, number>
  shifts: { element: string; score: number }[]
  bootup: { url: string; total: number; scripting: number }[]
  /** Accessibility and best-practice audits below a full score (with the issue kinds they list). */
  failing: string[]
  /** Performance audits Lighthouse rates below half (metrics and insights), by id. */
  slow: string[]
  /** The element of the largest contentful paint and the parts of its time (ms). */
  lcp: { element: string; phases: Record<string, number> }
}

/** What the page showed once Lighthouse was done with it. */
export interface Seen {
  lang: string
  consent: boolean
  /** The hash route without its leading `#` and without the portal's own `flag=1`, with its query. */
  route: string
}

export interface LighthouseBrowser {
  browser: Browser
  /** "Chromium at /usr/bin/chromium (Chrome/…), `--headless=new` and the e2e launch flags". */
  description: string
  kill(): Promise<void>
}

/** The browser of the e2e tests (packages/browser), started once through chrome-launcher and driven by puppeteer; `extraFlags` after the e2e ones. */
export async function launchBrowser(extraFlags: string[] = []): Promise<LighthouseBrowser> {
  const chosen = resolveChromium()
  const chrome = await chromeLauncher.launch({
    chromePath: chosen.executablePath,
    chromeFlags: ['--headless=new', ...chosen.args, ...extraFlags],
    envVars: chosen.env,
  })
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    const version = await browser.version()
    return {
      browser,
      description: `${chosen.description} (${version}, \`--headless=new\` and the e2e launch flags)`,
      async kill() {
        await browser.disconnect()
        chrome.kill()
      },
    }
  } catch (error) {
    chrome.kill()
    throw error
  }
}

/** Times one run Lighthouse itself failed (a runtime error, not the page's) is made again at most. */
export const MAX_RETRIES = 5

/**
 * One Lighthouse run of `url` in a new browser context: no storage, no cookies, no HTTP cache of an
 * earlier run (Lighthouse's own reset leaves localStorage and IndexedDB alone), so a cold load; a
 * script then puts in `stored` ahead of any of the portal's own code, as a returning visitor (or a
 * signed-in user) has it. A run Lighthouse itself fails (NO_NAVSTART: the trace missed the
 * navigation, seen here under load, about one run in ten at a load average of 5) is not the page's:
 * it is made again, its code pushed to `retried`, and the bench stops when one run fails so more
 * than MAX_RETRIES times.
 */
export async function measure(browser: Browser, url: string, stored: Record<string, string>, flags: Flags, retried: string[]): Promise<{ lhr: LhResult; seen: Seen }> {
  for (let attempt = 0; ; attempt++) {
    const context = await browser.createBrowserContext()
    try {
      const page = await context.newPage()
      await page.evaluateOnNewDocument((values: Record<string, string>) => {
        try {
          for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
        } catch {
          /* about:blank has no storage */
        }
      }, stored)
      const result = await lighthouse(url, { logLevel: 'error', output: 'json', ...flags }, undefined, page)
      if (!result) throw new Error(`${url}: Lighthouse gave no result`)
      const lhr = result.lhr
      if (lhr.runtimeError) {
        retried.push(lhr.runtimeError.code)
        if (attempt >= MAX_RETRIES) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        console.log(`${url}: ${lhr.runtimeError.code}, run again`)
        continue
      }
      const seen = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        consent: !!document.querySelector('.privacy-consent'),
        // The portal adds flag=1 to the hash on arrival (SPEC §2, global behaviours).
        route: location.hash.replace(/^#/, '').replace(/[?&]flag=1$/, ''),
      }))
      return { lhr, seen }
    } finally {
      await context.close()
    }
  }
}

/** The emulation and throttling Lighthouse applied, as one sentence's part. */
export function settingsOf(lhr: LhResult): string {
  const t = lhr.configSettings.throttling
  const s = lhr.configSettings.screenEmulation
  return `${lhr.configSettings.formFactor}, ${s.width}×${s.height} at DPR ${s.deviceScaleFactor}, ${lhr.configSettings.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${t.throughputKbps} kbps, CPU ×${t.cpuSlowdownMultiplier}); benchmarkIndex ${lhr.environment.benchmarkIndex}`
}

export function machineOf(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
}

export function readRun(lhr: LhResult): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const shiftItems = ((lhr.audits['layout-shifts']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    node?: { selector?: string; nodeLabel?: string; snippet?: string }
    score?: number
  }[]
  const bootItems = ((lhr.audits['bootup-time']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    url: string
    total: number
    scripting: number
  }[]
  const failing = ['accessibility', 'best-practices'].flatMap((cat) =>
    (lhr.categories[cat]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        // What Chromium's issues panel held (inspector-issues): the kinds, so the next person knows.
        const items = ((lhr.audits[ref.id]?.details as { items?: { issueType?: unknown }[] } | undefined)?.items ?? []).map((i) => i.issueType)
        const kinds = [...new Set(items.filter((k): k is string => typeof k === 'string'))]
        return kinds.length ? `${ref.id} (${kinds.join(', ')})` : ref.id
      }),
  )
  // The performance audits Lighthouse itself rates poor: the metrics (weighted) and the insights
  // and diagnostics with a score (unweighted), the first place to look for a slow page.
  const slow = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => {
      const audit = lhr.audits[ref.id]
      return audit && typeof audit.score === 'number' && audit.score < 0.5 && audit.scoreDisplayMode !== 'informative'
    })
    .map((ref) => ref.id)
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    },
    shifts: shiftItems.map((s) => ({ element: describeNode(s.node), score: s.score ?? 0 })),
    bootup: bootItems.map((b) => ({ url: b.url, total: b.total, scripting: b.scripting })),
    failing,
    slow,
    lcp: readLcp(lhr),
  }
}

export function describeNode(node: { selector?: string; nodeLabel?: string; snippet?: string } | undefined): string {
  if (!node) return 'an element no longer in the page'
  const label = node.nodeLabel ? ` (“${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 40)}”)` : ''
  return `\`${(node.selector ?? node.snippet ?? '?').split(' > ').slice(-2).join(' > ')}\`${label}`
}

function readLcp(lhr: LhResult): Run['lcp'] {
  // largest-contentful-paint-element: a list of two tables, the element, then its phases.
  const tables = ((lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    items?: { node?: { selector?: string; nodeLabel?: string; snippet?: string }; phase?: string; timing?: number }[]
  }[]
  const element = tables[0]?.items?.[0]?.node
  const phases: Record<string, number> = {}
  for (const row of tables[1]?.items ?? []) if (row.phase && typeof row.timing === 'number') phases[row.phase] = row.timing
  return { element: element ? describeNode(element) : 'none found', phases }
}

export const medianOf = (runs: Run[], m: Measure) => median(runs.map((r) => r.figures[m]))

/** Whether the medians of the runs meet every goal. */
export const metAll = (runs: Run[], goals: Goals) => (Object.keys(goals) as Measure[]).every((m) => goals[m]?.met(medianOf(runs, m)) ?? true)

/** The measures of `goals` whose median misses. */
export const missed = (runs: Run[], goals: Goals) => (Object.keys(goals) as Measure[]).filter((m) => !(goals[m]?.met(medianOf(runs, m)) ?? true))

/** Layout shifts by element: the median score over the runs (0 where a run had none), the largest first. */
export function shiftsOf(runs: Run[], top = 5) {
  const elements = [...new Set(runs.flatMap((r) => r.shifts.map((s) => s.element)))]
  return elements
    .map((element) => ({
      element,
      seen: runs.filter((r) => r.shifts.some((s) => s.element === element)).length,
      score: median(runs.map((r) => r.shifts.filter((s) => s.element === element).reduce((a, s) => a + s.score, 0))),
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, top)
}

/** Main-thread time per script (median over the runs), the costliest first; `origin` is cut off the URLs. */
export function bootupOf(runs: Run[], origin: string, top = 5) {
  const urls = [...new Set(runs.flatMap((r) => r.bootup.map((b) => b.url)))]
  return urls
    .map((url) => ({
      url: url.startsWith(origin) ? url.slice(origin.length) : url,
      total: median(runs.map((r) => r.bootup.find((b) => b.url === url)?.total ?? 0)),
      scripting: median(runs.map((r) => r.bootup.find((b) => b.url === url)?.scripting ?? 0)),
    }))
    .sort((a, b) => b.total - a.total)
    .slice(0, top)
}

/** The LCP element(s) of the runs and the median of each phase of its time. */
export function lcpOf(runs: Run[]) {
  const elements = [...new Set(runs.map((r) => r.lcp.element))]
  const phases = [...new Set(runs.flatMap((r) => Object.keys(r.lcp.phases)))].map((phase) => `${phase} ${median(runs.map((r) => r.lcp.phases[phase] ?? 0)).toFixed(0)} ms`)
  return { elements, phases }
}

/** One case's detail: every measure's median and runs against `goals`, shifts, scripts, LCP, failing audits. */
export function caseSection(title: string, route: string, runs: Run[], goals: Goals, origin: string, measures: Measure[] = Object.keys(MEASURES) as Measure[]): string {
  const rows = measures.map((m) => {
    const g = goals[m]
    const v = medianOf(runs, m)
    const met = g ? (g.met(v) ? 'met' : '**not met**') : ''
    return `| ${MEASURES[m].label} | ${MEASURES[m].show(v)} | ${runs.map((r) => MEASURES[m].show(r.figures[m])).join(', ')} | ${g?.goal ?? ''} | ${met} |`
  })
  const shifts = shiftsOf(runs)
  const bootup = bootupOf(runs, origin)
  const failing = [...new Set(runs.flatMap((r) => r.failing))]
  const lcp = lcpOf(runs)
  return `### ${title} — \`${route}\`

| measure | median | runs | goal | |
|---|---:|---|---|---|
${rows.join('\n')}

Layout shifts (Lighthouse's \`layout-shifts\` audit; median score per element, runs where it shifted):
${shifts.length ? shifts.map((s) => `${s.element} ${s.score.toFixed(3)} (${s.seen}/${runs.length})`).join('; ') : 'none'}.
Main-thread time per script (\`bootup-time\`, median ms at the simulated 4× CPU, total / of which scripting):
${bootup.map((b) => `\`${b.url}\` ${b.total.toFixed(0)} / ${b.scripting.toFixed(0)}`).join('; ') || 'none listed'}.
LCP element: ${lcp.elements.join(' / ')}; its time (median of the runs): ${lcp.phases.join(', ') || 'not given'}.
Failing accessibility and best-practice audits: ${failing.length ? failing.map((f) => `\`${f}\``).join(', ') : 'none'}.
`
}
