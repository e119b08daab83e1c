/**
 * Looks at the built H5 app in Debian's Chromium at 375 px: screenshots of a few routes in both
 * languages, and every console error or failed request on every route.
 *   python3 -m http.server 5173 -d apps/portal/dist/h5 &
 *   node apps/portal/scripts/screenshots.mjs [baseUrl] [outDir]
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const base = process.argv[2] || 'http://localhost:5173/'
const out = process.argv[3] || '/tmp/portal-shots'
const only = process.env.SHOTS_ONLY
fs.mkdirSync(out, { recursive: true })

const SHOTS = [
  ['home', 'pages/home/index'],
  ['services', 'pages/service/index'],
  ['find-passwd', 'packages/safety/findPasswd'],
  ['help', 'packages/users/help/index'],
  ['user-center', 'pages/user-center/index'],
  ['language', 'packages/users/language/index'],
]

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const problems = []

async function open(locale, width = 375, height = 812) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2 })
  await context.addInitScript((l) => {
    if (!sessionStorage.getItem('__seeded')) {
      localStorage.setItem('locale-lang', l)
      sessionStorage.setItem('__seeded', '1')
    }
  }, locale)
  const page = await context.newPage()
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`[${locale}] ${msg.type()}: ${msg.text()} @ ${page.url()}`)
  })
  page.on('pageerror', (err) => problems.push(`[${locale}] pageerror: ${err.message} @ ${page.url()}`))
  page.on('requestfailed', (req) => problems.push(`[${locale}] requestfailed: ${req.url()}`))
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`[${locale}] HTTP ${res.status()}: ${res.url()}`)
  })
  return { context, page }
}

for (const locale of ['zh-CN', 'en-US']) {
  const { context, page } = await open(locale)
  for (const [name, route] of SHOTS) {
    if (only && !only.split(',').includes(name)) continue
    await page.goto(`${base}#/${route}`)
    await page.waitForSelector(`[data-route="${route}"] [data-testid="nav-title"]`, { timeout: 15000 })
    await page.waitForTimeout(600)
    const file = path.join(out, `${name}.${locale}.png`)
    await page.screenshot({ path: file })
    console.log(file, '|', await page.locator(`[data-route="${route}"] [data-testid="nav-title"]`).first().innerText(), '|', page.url())
  }
  await context.close()
}

if (!only) {
  // Every route opens with its frame and no console error.
  const { ROUTES } = await import('./routes.mjs')
  const { context, page } = await open('zh-CN')
  for (const route of ROUTES) {
    await page.goto(`${base}#/${route}`)
    try {
      await page.waitForSelector(`[data-route="${route}"] [data-testid="nav-title"]`, { timeout: 15000 })
    } catch {
      problems.push(`route did not render: ${route}`)
    }
  }
  console.log(`checked ${ROUTES.length} routes`)
  // Desktop width: the centred column.
  const wide = await open('zh-CN', 1280, 800)
  await wide.page.goto(`${base}#/pages/user-center/index`)
  await wide.page.waitForSelector('[data-testid="nav-title"]')
  await wide.page.waitForTimeout(500)
  await wide.page.screenshot({ path: path.join(out, 'desktop.user-center.png') })
  await context.close()
  await wide.context.close()
}

await browser.close()
console.log(problems.length ? `PROBLEMS:\n${problems.join('\n')}` : 'no console errors')
process.exitCode = problems.length ? 1 : 0
