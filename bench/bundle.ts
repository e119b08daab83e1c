// Measures the JS the H5 home route loads, in Debian's Chromium against the production build.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { root, startGateway } from './lib'

export interface BundleFile {
  name: string
  raw: number
  gzip: number
  transferred: number
}

export async function measureHomeBundle(): Promise<{ files: BundleFile[]; raw: number; gzip: number; transferred: number }> {
  const gw = await startGateway()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
    const scripts: { url: string; transferred: Promise<number> }[] = []
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return
      scripts.push({ url: req.url(), transferred: req.sizes().then((s) => s.responseBodySize) })
    })
    await page.goto(`${gw.url}/#/pages/home/index`, { waitUntil: 'networkidle' })
    const files: BundleFile[] = []
    for (const s of scripts) {
      const path = new URL(s.url).pathname
      const raw = readFileSync(join(root, 'apps/portal/dist/h5', path))
      files.push({ name: path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, transferred: await s.transferred })
    }
    files.sort((a, b) => b.gzip - a.gzip)
    const sum = (k: 'raw' | 'gzip' | 'transferred') => files.reduce((a, f) => a + f[k], 0)
    return { files, raw: sum('raw'), gzip: sum('gzip'), transferred: sum('transferred') }
  } finally {
    await browser.close()
    await gw.stop()
  }
}
