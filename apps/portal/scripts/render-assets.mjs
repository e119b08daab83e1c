/**
 * Renders the SVG sources of scripts/assets/ to the PNGs the app ships (tab bar icons must be
 * PNG in the mini-program). Uses Debian's Chromium through playwright-core:
 *   node apps/portal/scripts/render-assets.mjs
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const here = path.dirname(fileURLToPath(import.meta.url))
const src = path.join(here, 'assets')
const out = path.join(here, '..', 'src', 'assets')
const jobs = [
  ...['home', 'home-active', 'service', 'service-active', 'user-center', 'user-center-active'].map((name) => ({
    svg: `${name}.svg`,
    png: `tabbar/${name}.png`,
    size: 81,
  })),
  { svg: 'preparing.svg', png: 'illustrations/preparing.png', size: 320 },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const page = await browser.newPage({ deviceScaleFactor: 1 })
for (const job of jobs) {
  const svg = fs.readFileSync(path.join(src, job.svg), 'utf8')
  await page.setViewportSize({ width: job.size, height: job.size })
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><div style="width:${job.size}px;height:${job.size}px">${svg.replace('<svg ', `<svg width="${job.size}" height="${job.size}" `)}</div></body></html>`,
  )
  const target = path.join(out, job.png)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  await page.locator('div').screenshot({ path: target, omitBackground: true })
  console.log(`${job.png} ${fs.statSync(target).size} B`)
}
await browser.close()
