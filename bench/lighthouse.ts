// `npx tsx bench/lighthouse.ts` (in `npm run bench`, after run.ts has built the portal and the
// gateway): issue 18's page goals. Lighthouse (the npm package) drives the browser of the e2e tests
// (packages/browser: Debian's Chromium where installed) against the production gateway, which
// serves the built portal on the same port, with the mobile preset and Lighthouse's default
// simulated throttling (slow 4G, 4× CPU). Each case is run BENCH_LH_RUNS times (3); the median of
// every figure is reported with the goals of issue 18, the layout shifts Lighthouse found and the
// scripts that cost the main thread most. BENCH_LH_CASES=<word> runs only the cases whose name
// holds that word (a trial). Appends its section to bench/RESULTS.md; the report (JSON) and the
// final screenshot of every run are left in a temp dir (printed).
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result as LhResult } from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { callUrl, calls, type CmsPage } from '@ess/contract'
import { resolveChromium } from '@ess/browser'
import { median, root, signedHeaders, startGateway } from './lib'

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3)
const ONLY = process.env.BENCH_LH_CASES?.trim()
/** Runs Lighthouse itself fails (a runtime error, not the page's) made again, in all. */
const MAX_RETRIES = 5

/** What a visitor's browser holds beforehand: the portal's own storage keys (core/storage/keys.ts). */
const CONSENTED = { 'user-agreed-privacy': '1' }
const ENGLISH = { 'locale-lang': 'en-US' }

interface Case {
  name: string
  /** The hash route with its query, from the portal's routes (SPEC §2, @ess/contract ROUTE list). */
  route: string
  stored: Record<string, string>
  lang: 'zh-CN' | 'en-US'
  /** Whether the first-launch consent panel must be on screen (a first visit) or absent. */
  consentPanel: boolean
  /** The gateway measured (this checkout's, or the baseline's). */
  origin: string
}

/** Issue 18's goals, each with how a median meets it. */
const GOALS = {
  performance: { label: 'performance', goal: '≥ 95', met: (v: number) => v >= 95, show: (v: number) => v.toFixed(0) },
  accessibility: { label: 'accessibility', goal: '≥ 95', met: (v: number) => v >= 95, show: (v: number) => v.toFixed(0) },
  bestPractices: { label: 'best practices', goal: '100', met: (v: number) => v >= 100, show: (v: number) => v.toFixed(0) },
  fcp: { label: 'FCP', goal: '', met: undefined, show: (v: number) => `${(v / 1000).toFixed(2)} s` },
  lcp: { label: 'LCP', goal: '≤ 2.0 s', met: (v: number) => v <= 2000, show: (v: number) => `${(v / 1000).toFixed(2)} s` },
  tbt: { label: 'TBT', goal: '≤ 200 ms', met: (v: number) => v <= 200, show: (v: number) => `${v.toFixed(0)} ms` },
  cls: { label: 'CLS', goal: '0', met: (v: number) => v === 0, show: (v: number) => v.toFixed(3) },
} as const
type Measure = keyof typeof GOALS

interface Run {
  figures: Record<Measure, number>
  shifts: { element: string; score: number }[]
  bootup: { url: string; total: number; scripting: number }[]
  failing: string[]
  /** The element of the largest contentful paint and the parts of its time (ms). */
  lcp: { element: string; phases: Record<string, number> }
  screenshot: string
}

const gw = await startGateway()
// BENCH_BASELINE_ROOT: another checkout, built (portal and gateway), measured in the same rounds:
// each round runs every case on this checkout's gateway, then on the baseline's.
const baselineRoot = process.env.BENCH_BASELINE_ROOT
const baseline = baselineRoot ? await startGateway({}, baselineRoot) : undefined
const chosen = resolveChromium()
const shots = mkdtempSync(join(tmpdir(), 'ess-lighthouse-'))
const loadBefore = loadavg()[0]
let chrome: chromeLauncher.LaunchedChrome | undefined
let report = ''
try {
  // One article of the demo content: the newest of the home page's news floor.
  const pagePath = callUrl(calls.cmsPage)
  const home = (await (await fetch(`${gw.url}${pagePath}?pageCode=homepage`, { headers: signedHeaders('GET', pagePath, { pageCode: 'homepage' }) })).json()) as {
    data: { data: CmsPage }
  }
  const newsFloor = home.data.data.floorList.find((f) => f.component === 'news')
  const articleId = newsFloor && 'articles' in newsFloor ? newsFloor.articles[0]?.id : undefined
  if (!articleId) throw new Error('the home page has no news floor with an article')

  const ALL: Array<Omit<Case, 'origin'>> = [
    { name: 'home, first visit, zh-CN', route: '/#/pages/home/index', stored: {}, lang: 'zh-CN', consentPanel: true },
    { name: 'home, first visit, en-US', route: '/#/pages/home/index', stored: ENGLISH, lang: 'en-US', consentPanel: true },
    { name: 'home, returning, zh-CN', route: '/#/pages/home/index', stored: CONSENTED, lang: 'zh-CN', consentPanel: false },
    { name: 'home, returning, en-US', route: '/#/pages/home/index', stored: { ...CONSENTED, ...ENGLISH }, lang: 'en-US', consentPanel: false },
    { name: 'services tab, returning, zh-CN', route: '/#/pages/service/index', stored: CONSENTED, lang: 'zh-CN', consentPanel: false },
    { name: 'My account, returning, zh-CN', route: '/#/pages/user-center/index', stored: CONSENTED, lang: 'zh-CN', consentPanel: false },
    { name: 'article, returning, zh-CN', route: `/#/packages/news/newsDetail?id=${articleId}`, stored: CONSENTED, lang: 'zh-CN', consentPanel: false },
    // Not among issue 18's routes: the page that loads the most lazy code (forms, slider, dialogs), watched
    // so that the grouping of lazy code by domain (apps/portal/config/lazy-chunks.ts) is seen where it splits most.
    { name: 'sign-in page, returning, zh-CN', route: '/#/pages/login/index', stored: CONSENTED, lang: 'zh-CN', consentPanel: false },
    // Issue 37: the sign-in and registration pages paint before their validation code arrives.
    { name: 'sign-in page, first visit, zh-CN', route: '/#/pages/login/index', stored: {}, lang: 'zh-CN', consentPanel: true },
    { name: 'registration page, returning, zh-CN', route: '/#/packages/login/register/index', stored: CONSENTED, lang: 'zh-CN', consentPanel: false },
    { name: 'registration page, returning, en-US', route: '/#/packages/login/register/index', stored: { ...CONSENTED, ...ENGLISH }, lang: 'en-US', consentPanel: false },
  ]
  const gateways = [{ label: '', origin: gw.url }, ...(baseline ? [{ label: ` — baseline (${baselineRoot})`, origin: baseline.url }] : [])]
  const CASES: Case[] = ALL.filter((c) => !ONLY || c.name.includes(ONLY)).flatMap((c) => gateways.map((g) => ({ ...c, name: `${c.name}${g.label}`, origin: g.origin })))

  chrome = await chromeLauncher.launch({
    chromePath: chosen.executablePath,
    chromeFlags: ['--headless=new', ...chosen.args],
    envVars: chosen.env,
  })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
  const chromium = await browser.version()
  let lighthouseVersion = ''
  let settings = ''
  const runsOf = new Map<Case, Run[]>(CASES.map((c) => [c, []]))
  let retried = 0
  const failures: string[] = []

  // Round by round (every case once per round), so that a slower spell of the shared machine
  // weighs on every case and on the baseline alike.
  for (let i = 0; i < RUNS; i++) {
    for (let j = 0; j < CASES.length; j++) {
      const c = CASES[j]
      const runs = runsOf.get(c) as Run[]
      // A new browser context each run: no storage, no cookies, no HTTP cache of an earlier run
      // (Lighthouse's own reset leaves localStorage and IndexedDB alone). A cold load; this script
      // then puts in what the visitor stored before, ahead of any of the portal's own code.
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      await page.evaluateOnNewDocument((values: Record<string, string>) => {
        try {
          for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
        } catch {
          /* about:blank has no storage */
        }
      }, c.stored)
      const result = await lighthouse(
        `${c.origin}${c.route}`,
        { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        undefined,
        page,
      )
      if (!result) throw new Error(`${c.name}: Lighthouse gave no result`)
      const lhr = result.lhr
      if (lhr.runtimeError) {
        // Lighthouse's own failures (NO_NAVSTART: the trace missed the navigation, seen here under
        // load) are not the page's: the run is made again, a few times at most, and counted.
        await context.close()
        if (++retried > MAX_RETRIES) throw new Error(`${c.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        console.log(`${c.name} #${i + 1}: ${lhr.runtimeError.code}, run again`)
        failures.push(lhr.runtimeError.code)
        j--
        continue
      }
      // The page Lighthouse measured is the case's: its language, the consent panel there or not.
      const seen = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        consent: !!document.querySelector('.privacy-consent'),
        // The portal adds flag=1 to the hash on arrival (SPEC §2, global behaviours).
        route: location.hash.replace(/[?&]flag=1$/, ''),
      }))
      if (seen.lang !== c.lang || seen.consent !== c.consentPanel || `/${seen.route}` !== c.route) {
        throw new Error(`${c.name}: measured ${JSON.stringify(seen)}, wanted ${c.lang}, consent panel ${c.consentPanel ? 'shown' : 'absent'}`)
      }
      await context.close()
      lighthouseVersion = lhr.lighthouseVersion
      const t = lhr.configSettings.throttling
      settings = `${lhr.configSettings.formFactor}, ${lhr.configSettings.screenEmulation.width}×${lhr.configSettings.screenEmulation.height} at DPR ${lhr.configSettings.screenEmulation.deviceScaleFactor}, ${lhr.configSettings.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${t.throughputKbps} kbps, CPU ×${t.cpuSlowdownMultiplier}); benchmarkIndex ${lhr.environment.benchmarkIndex}`
      const screenshot = join(shots, `${c.name.replace(/[^a-zA-Z0-9]+/g, '-')}-${i + 1}.jpg`)
      const shot = lhr.audits['final-screenshot']?.details as { data?: string } | undefined
      if (shot?.data) writeFileSync(screenshot, Buffer.from(shot.data.replace(/^data:image\/\w+;base64,/, ''), 'base64'))
      writeFileSync(screenshot.replace(/\.jpg$/, '.json'), JSON.stringify(lhr))
      runs.push({ ...readRun(lhr), screenshot })
      console.log(`${c.name} #${i + 1}: ${JSON.stringify(runs.at(-1)?.figures)}`)
    }
  }
  await browser.disconnect()
  const results = CASES.map((c) => ({ c, runs: runsOf.get(c) as Run[] }))

  const med = (runs: Run[], m: Measure) => median(runs.map((r) => r.figures[m]))
  const metAll = (runs: Run[]) => (Object.keys(GOALS) as Measure[]).every((m) => GOALS[m].met?.(med(runs, m)) ?? true)
  report = `
## Lighthouse, mobile (issue 18)

Run: ${new Date().toISOString()} — \`npx tsx bench/lighthouse.ts\` (in \`npm run bench\`).
${baseline ? `Baseline: the built checkout at ${baselineRoot} (BENCH_BASELINE_ROOT) on a gateway of its own, measured in the same rounds (each round: every case here, then on the baseline).\n` : ''}Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.

How: Lighthouse ${lighthouseVersion} (npm) driving ${chosen.description} (${chromium}, \`--headless=new\` and the e2e
launch flags) through chrome-launcher, against the production gateway (\`startGateway\`, bench/lib.ts)
serving the built portal and its precompressed assets on 127.0.0.1. The default mobile preset:
${settings}. Categories performance, accessibility and best practices. Every run is a cold load in a
new browser context (no storage, cookies or HTTP cache of an earlier run); a returning visitor's
stored values (\`user-agreed-privacy\`=1 and, in English, \`locale-lang\`=en-US, the portal's own keys)
are put back by a script that runs before the page's own (\`evaluateOnNewDocument\`), and after each
run the bench checks that the page is the case's route, in the case's language, with the consent
panel shown (first visit) or absent (returning); otherwise it stops. ${RUNS} runs per case, the median
of each figure (the runs' values beside it); runs Lighthouse itself failed, made again: ${failures.length ? failures.join(', ') : 'none'}. Knobs: BENCH_LH_RUNS (runs per case), BENCH_LH_CASES
(only the cases whose name holds the word). The simulated timings are computed from the observed
trace: on this shared 2-core machine another process's load raises them (TBT most).

| case | performance | accessibility | best practices | FCP | LCP | TBT | CLS | all goals |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${results.map(({ c, runs }) => `| ${c.name} | ${(['performance', 'accessibility', 'bestPractices', 'fcp', 'lcp', 'tbt', 'cls'] as Measure[]).map((m) => GOALS[m].show(med(runs, m))).join(' | ')} | ${metAll(runs) ? 'met' : 'not met'} |`).join('\n')}
| goal (issue 18) | ≥ 95 | ≥ 95 | 100 | | ≤ 2.0 s | ≤ 200 ms | 0 | |

${results.map(({ c, runs }) => caseSection(c, runs)).join('\n')}`
} finally {
  await chrome?.kill()
  await gw.stop()
  await baseline?.stop()
}
appendFileSync(join(root, 'bench/RESULTS.md'), report)
console.log(report)
console.log(`reports and final screenshots: ${shots}`)

function readRun(lhr: LhResult): Omit<Run, 'screenshot'> {
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
    shifts: shiftItems.map((s) => ({
      element: describeNode(s.node),
      score: s.score ?? 0,
    })),
    bootup: bootItems.map((b) => ({ url: b.url, total: b.total, scripting: b.scripting })),
    failing,
    lcp: readLcp(lhr),
  }
}

function describeNode(node: { selector?: string; nodeLabel?: string; snippet?: string } | undefined): string {
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

function caseSection(c: Case, runs: Run[]): string {
  const rows = (Object.keys(GOALS) as Measure[]).map((m) => {
    const g = GOALS[m]
    const v = median(runs.map((r) => r.figures[m]))
    const met = g.met ? (g.met(v) ? 'met' : '**not met**') : ''
    return `| ${g.label} | ${g.show(v)} | ${runs.map((r) => g.show(r.figures[m])).join(', ')} | ${g.goal} | ${met} |`
  })
  // Layout shifts: by element, the median score over the runs (0 where a run had none).
  const elements = [...new Set(runs.flatMap((r) => r.shifts.map((s) => s.element)))]
  const shifts = elements
    .map((element) => ({
      element,
      seen: runs.filter((r) => r.shifts.some((s) => s.element === element)).length,
      score: median(runs.map((r) => r.shifts.filter((s) => s.element === element).reduce((a, s) => a + s.score, 0))),
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 5)
  const urls = [...new Set(runs.flatMap((r) => r.bootup.map((b) => b.url)))]
  const bootup = urls
    .map((url) => ({
      url: url.startsWith(gw.url) ? url.slice(gw.url.length) : url,
      total: median(runs.map((r) => r.bootup.find((b) => b.url === url)?.total ?? 0)),
      scripting: median(runs.map((r) => r.bootup.find((b) => b.url === url)?.scripting ?? 0)),
    }))
    .sort((a, b) => b.total - a.total)
    .slice(0, 5)
  const failing = [...new Set(runs.flatMap((r) => r.failing))]
  const lcpElements = [...new Set(runs.map((r) => r.lcp.element))]
  const phases = [...new Set(runs.flatMap((r) => Object.keys(r.lcp.phases)))].map(
    (phase) => `${phase} ${median(runs.map((r) => r.lcp.phases[phase] ?? 0)).toFixed(0)} ms`,
  )
  return `### ${c.name} — \`${c.route}\`

| measure | median | runs | goal | |
|---|---:|---|---|---|
${rows.join('\n')}

Layout shifts (Lighthouse's \`layout-shifts\` audit; median score per element, runs where it shifted):
${shifts.length ? shifts.map((s) => `${s.element} ${s.score.toFixed(3)} (${s.seen}/${runs.length})`).join('; ') : 'none'}.
Main-thread time per script (\`bootup-time\`, median ms at the simulated 4× CPU, total / of which scripting):
${bootup.map((b) => `\`${b.url}\` ${b.total.toFixed(0)} / ${b.scripting.toFixed(0)}`).join('; ') || 'none listed'}.
LCP element: ${lcpElements.join(' / ')}; its time (median of the runs): ${phases.join(', ') || 'not given'}.
Failing accessibility and best-practice audits: ${failing.length ? failing.map((f) => `\`${f}\``).join(', ') : 'none'}.
`
}
