#!/usr/bin/env node
/**
 * Writes brotli (.br) and gzip (.gz) siblings of the text assets of a built portal, which the
 * gateway serves to clients that accept them (@fastify/static preCompressed).
 *
 *   node apps/gateway/scripts/precompress.mjs apps/portal/dist/h5
 *
 * Only .js .css .html .svg .json files above 1 KB; a sibling newer than its file is kept; a
 * sibling that would not be smaller is not written.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json'])
const MIN_BYTES = 1024

const encoders = {
  br: (data) =>
    promisify(zlib.brotliCompress)(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data) => promisify(zlib.gzip)(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
}

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (entry.isFile()) yield full
  }
}

async function mtimeOf(file) {
  try {
    return (await stat(file)).mtimeMs
  } catch {
    return -1
  }
}

async function precompress(root) {
  const totals = { files: 0, written: 0, kept: 0, bytes: 0, br: 0 }
  for await (const file of files(root)) {
    if (!EXTENSIONS.has(path.extname(file))) continue
    const info = await stat(file)
    if (info.size <= MIN_BYTES) continue
    totals.files++
    totals.bytes += info.size
    let data
    for (const [suffix, encode] of Object.entries(encoders)) {
      const target = `${file}.${suffix}`
      if ((await mtimeOf(target)) >= info.mtimeMs) {
        totals.kept++
        if (suffix === 'br') totals.br += (await stat(target)).size
        continue
      }
      data ??= await readFile(file)
      const packed = await encode(data)
      if (packed.length >= data.length) {
        await rm(target, { force: true })
        continue
      }
      await writeFile(target, packed)
      totals.written++
      if (suffix === 'br') totals.br += packed.length
    }
  }
  return totals
}

const root = process.argv[2]
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dir>')
  process.exit(2)
}
const dir = path.resolve(root)
if (!(await stat(dir).catch(() => null))?.isDirectory()) {
  console.error(`precompress: ${dir} is not a directory (build the portal first)`)
  process.exit(1)
}
const t = await precompress(dir)
console.log(
  `precompress: ${t.files} files (${(t.bytes / 1024).toFixed(1)} KB, ${(t.br / 1024).toFixed(1)} KB as brotli): ${t.written} written, ${t.kept} up to date`,
)
