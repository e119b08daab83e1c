// Measures the JS the H5 home route loads, in Chromium against the production build, for three
// kinds of visitor (one gateway, one browser, each in a fresh context). The browser is the one
// the e2e tests use (packages/browser: Debian's where installed, else the one installed with npm).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { resolveChromium } from '@ess/browser'
import { root, startGateway } from './lib'

export interface BundleFile {
  name: string
  raw: number
  gzip: number
  transferred: number
}

export interface HomeBundle {
  visitor: string
  files: BundleFile[]
  raw: number
  gzip: number
  transferred: number
}

/** Who opens the home route: what their browser has stored beforehand (the portal's own keys). */
export const VISITORS: Array<{ visitor: string; stored: Record<string, string> }> = [
  { visitor: 'first visit, zh-CN (default; privacy consent not answered yet)', stored: {} },
  { visitor: 'returning, zh-CN (consent answered)', stored: { 'user-agreed-privacy': '1' } },
  { visitor: 'returning, en-US (consent answered, English stored)', stored: { 'user-agreed-privacy': '1', 'locale-lang': 'en-US' } },
]

/** The home route's JS for each kind of visitor, and which browser measured it. */
export async function measureHomeBundles(): Promise<{ browser: string; bundles: HomeBundle[] }> {
  const chosen = resolveChromium()
  const gw = await startGateway()
  const browser = await chromium.launch({ executablePath: chosen.executablePath, args: chosen.args, env: chosen.env })
  try {
    const results: HomeBundle[] = []
    for (const { visitor, stored } of VISITORS) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
      }, stored)
      const page = await context.newPage()
      const scripts: { url: string; transferred: Promise<number> }[] = []
      page.on('requestfinished', (req) => {
        if (req.resourceType() !== 'script') return
        scripts.push({ url: req.url(), transferred: req.sizes().then((s) => s.responseBodySize) })
      })
      await page.goto(`${gw.url}/#/pages/home/index`, { waitUntil: 'networkidle' })
      // The home page is really there, in the visitor's language.
      await page.getByTestId('floor-banner').waitFor()
      await page.waitForFunction(() => !document.querySelector('.ess-root--pending'))
      const lang = await page.evaluate(() => document.documentElement.lang)
      const expected = stored['locale-lang'] ?? 'zh-CN'
      if (lang !== expected) throw new Error(`${visitor}: the page is in ${lang}, not ${expected}`)
      const files: BundleFile[] = []
      for (const s of scripts) {
        const path = new URL(s.url).pathname
        const raw = readFileSync(join(root, 'apps/portal/dist/h5', path))
        files.push({ name: path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, transferred: await s.transferred })
      }
      files.sort((a, b) => b.gzip - a.gzip)
      const sum = (k: 'raw' | 'gzip' | 'transferred') => files.reduce((a, f) => a + f[k], 0)
      results.push({ visitor, files, raw: sum('raw'), gzip: sum('gzip'), transferred: sum('transferred') })
      await context.close()
    }
    return { browser: `${chosen.description}, version ${browser.version()}`, bundles: results }
  } finally {
    await browser.close()
    await gw.stop()
  }
}
