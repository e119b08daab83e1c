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
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { callUrl, calls, type CmsPage } from '@ess/contract'
import { root, signedHeaders, startGateway } from './lib'
import { CONSENTED, ENGLISH, type Goals, type LighthouseBrowser, MEASURES, type Measure, type Run, caseSection, launchBrowser, machineOf, measure, medianOf, metAll, readRun, settingsOf } from './lighthouse-shared'

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3)
const ONLY = process.env.BENCH_LH_CASES?.trim()

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

/** Issue 18's goals. */
const GOALS: Goals = {
  performance: { goal: '≥ 95', met: (v) => v >= 95 },
  accessibility: { goal: '≥ 95', met: (v) => v >= 95 },
  bestPractices: { goal: '100', met: (v) => v >= 100 },
  lcp: { goal: '≤ 2.0 s', met: (v) => v <= 2000 },
  tbt: { goal: '≤ 200 ms', met: (v) => v <= 200 },
  cls: { goal: '0', met: (v) => v === 0 },
}

const gw = await startGateway()
// BENCH_BASELINE_ROOT: another checkout, built (portal and gateway), measured in the same rounds:
// each round runs every case on this checkout's gateway, then on the baseline's.
const baselineRoot = process.env.BENCH_BASELINE_ROOT
const baseline = baselineRoot ? await startGateway({}, baselineRoot) : undefined
const shots = mkdtempSync(join(tmpdir(), 'ess-lighthouse-'))
const loadBefore = loadavg()[0]
let browser: LighthouseBrowser | undefined
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

  browser = await launchBrowser()
  let lighthouseVersion = ''
  let settings = ''
  const runsOf = new Map<Case, Run[]>(CASES.map((c) => [c, []]))
  const retried: string[] = []

  // Round by round (every case once per round), so that a slower spell of the shared machine
  // weighs on every case and on the baseline alike.
  for (let i = 0; i < RUNS; i++) {
    for (let j = 0; j < CASES.length; j++) {
      const c = CASES[j]
      const runs = runsOf.get(c) as Run[]
      const { lhr, seen } = await measure(
        browser.browser,
        `${c.origin}${c.route}`,
        c.stored,
        { onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        retried,
      )
      // The page Lighthouse measured is the case's: its language, the consent panel there or not.
      if (seen.lang !== c.lang || seen.consent !== c.consentPanel || `/#${seen.route}` !== c.route) {
        throw new Error(`${c.name}: measured ${JSON.stringify(seen)}, wanted ${c.lang}, consent panel ${c.consentPanel ? 'shown' : 'absent'}`)
      }
      lighthouseVersion = lhr.lighthouseVersion
      settings = settingsOf(lhr)
      const screenshot = join(shots, `${c.name.replace(/[^a-zA-Z0-9]+/g, '-')}-${i + 1}.jpg`)
      const shot = lhr.audits['final-screenshot']?.details as { data?: string } | undefined
      if (shot?.data) writeFileSync(screenshot, Buffer.from(shot.data.replace(/^data:image\/\w+;base64,/, ''), 'base64'))
      writeFileSync(screenshot.replace(/\.jpg$/, '.json'), JSON.stringify(lhr))
      runs.push(readRun(lhr))
      console.log(`${c.name} #${i + 1}: ${JSON.stringify(runs.at(-1)?.figures)}`)
    }
  }
  const results = CASES.map((c) => ({ c, runs: runsOf.get(c) as Run[] }))

  report = `
## Lighthouse, mobile (issue 18)

Run: ${new Date().toISOString()} — \`npx tsx bench/lighthouse.ts\` (in \`npm run bench\`).
${baseline ? `Baseline: the built checkout at ${baselineRoot} (BENCH_BASELINE_ROOT) on a gateway of its own, measured in the same rounds (each round: every case here, then on the baseline).\n` : ''}Machine: ${machineOf()}; load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.

How: Lighthouse ${lighthouseVersion} (npm) driving ${browser.description} through chrome-launcher, against the production gateway (\`startGateway\`, bench/lib.ts)
serving the built portal and its precompressed assets on 127.0.0.1. The default mobile preset:
${settings}. Categories performance, accessibility and best practices. Every run is a cold load in a
new browser context (no storage, cookies or HTTP cache of an earlier run); a returning visitor's
stored values (\`user-agreed-privacy\`=1 and, in English, \`locale-lang\`=en-US, the portal's own keys)
are put back by a script that runs before the page's own (\`evaluateOnNewDocument\`), and after each
run the bench checks that the page is the case's route, in the case's language, with the consent
panel shown (first visit) or absent (returning); otherwise it stops. ${RUNS} runs per case, the median
of each figure (the runs' values beside it); runs Lighthouse itself failed, made again: ${retried.length ? retried.join(', ') : 'none'}. Knobs: BENCH_LH_RUNS (runs per case), BENCH_LH_CASES
(only the cases whose name holds the word). The simulated timings are computed from the observed
trace: on this shared 2-core machine another process's load raises them (TBT most).

| case | performance | accessibility | best practices | FCP | LCP | TBT | CLS | all goals |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${results.map(({ c, runs }) => `| ${c.name} | ${(['performance', 'accessibility', 'bestPractices', 'fcp', 'lcp', 'tbt', 'cls'] as Measure[]).map((m) => MEASURES[m].show(medianOf(runs, m))).join(' | ')} | ${metAll(runs, GOALS) ? 'met' : 'not met'} |`).join('\n')}
| goal (issue 18) | ≥ 95 | ≥ 95 | 100 | | ≤ 2.0 s | ≤ 200 ms | 0 | |

${results.map(({ c, runs }) => caseSection(c.name, c.route, runs, GOALS, c.origin)).join('\n')}`
} finally {
  await browser?.kill()
  await gw.stop()
  await baseline?.stop()
}
appendFileSync(join(root, 'bench/RESULTS.md'), report)
console.log(report)
console.log(`reports and final screenshots: ${shots}`)
