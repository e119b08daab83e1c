// Preloaded into the gateway by bench/gc.ts (NODE_OPTIONS=--require): the garbage collections of the
// process by kind (count and milliseconds), written twice a second to the file GC_STATS_FILE names.
const { PerformanceObserver } = require('node:perf_hooks')
const { writeFileSync } = require('node:fs')
const KINDS = { 1: 'scavenge', 2: 'minor mark-sweep', 4: 'mark-sweep-compact', 8: 'incremental marking', 16: 'weak callbacks' }
const stats = {}
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? String(entry.detail?.kind)
    const s = (stats[kind] ??= { count: 0, ms: 0 })
    s.count++
    s.ms += entry.duration
  }
}).observe({ entryTypes: ['gc'] })
// One file per process (`<GC_STATS_FILE>.<pid>`): npm start's launcher gets the preload too.
setInterval(() => writeFileSync(`${process.env.GC_STATS_FILE}.${process.pid}`, JSON.stringify(stats)), 500).unref()
