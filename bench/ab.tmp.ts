import { buildQuery } from '@ess/contract'
import { cpuMsOf, loadPrepared, signedHeaders, startGateway, type ReadyRequest } from './lib'
const variants = (process.env.AB ?? '').split('|')
const gws = [] as Array<{ name: string; gw: Awaited<ReturnType<typeof startGateway>> }>
for (const v of variants) gws.push({ name: v || 'default', gw: await startGateway(v ? { NODE_OPTIONS: v } : {}) })
const q = { pageCode: 'homepage' }; const p = '/app/cms/resource/page'
const sign = (): ReadyRequest => ({ body: '', headers: { ...signedHeaders('GET', p, q), ...(process.env.AE ? { 'accept-encoding': process.env.AE } : {}) } })
for (let round = 0; round < 4; round++) for (const { name, gw } of gws) {
  const n = round === 0 ? 2 : 5
  const prepared = Array.from({ length: 20000 * n }, sign)
  const c0 = cpuMsOf(gw.serverPid)
  const r = await loadPrepared('cms', gw.url, { method: 'GET', path: `${p}?${buildQuery(q)}`, prepared, fallback: sign() }, n)
  if (round) console.log(name.padEnd(30), Math.round(r.rps), 'req/s; CPU µs/call', ((cpuMsOf(gw.serverPid) - c0) * 1000 / (r.rps * n)).toFixed(0), 'p99', r.p99)
}
for (const { gw } of gws) await gw.stop()
