// `npx tsx bench/screens-diff.ts <before-dir> <after-dir>`: the screens of two builds compared pixel by
// pixel (the PNGs `BENCH_LH_SCREENS=<dir> npx tsx bench/lighthouse-routes.ts` takes, one per route and
// language). Prints each screen that differs with the number of pixels that do (pixelmatch, threshold
// 0.05: anti-aliasing noise aside) and writes a picture of the difference beside the after-dir
// (`<after-dir>-diff/`); exits 1 when any screen differs or is missing from either side.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

const [before, after] = process.argv.slice(2)
if (!before || !after) {
  console.error('usage: npx tsx bench/screens-diff.ts <before-dir> <after-dir>')
  process.exit(2)
}
const names = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.png'))
const out = `${after.replace(/\/$/, '')}-diff`
let differing = 0
for (const name of [...new Set([...names(before), ...names(after)])].sort()) {
  if (!existsSync(join(before, name)) || !existsSync(join(after, name))) {
    console.log(`${name}: only in ${existsSync(join(before, name)) ? before : after}`)
    differing++
    continue
  }
  const a = PNG.sync.read(readFileSync(join(before, name)))
  const b = PNG.sync.read(readFileSync(join(after, name)))
  if (a.width !== b.width || a.height !== b.height) {
    console.log(`${name}: ${a.width}×${a.height} → ${b.width}×${b.height}`)
    differing++
    continue
  }
  const diff = new PNG({ width: a.width, height: a.height })
  const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.05 })
  if (!pixels) continue
  differing++
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, name), PNG.sync.write(diff))
  console.log(`${name}: ${pixels} pixels differ (${join(out, name)})`)
}
console.log(differing ? `${differing} screens differ` : 'every screen is the same')
process.exit(differing ? 1 : 0)
