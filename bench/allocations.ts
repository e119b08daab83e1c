// Where a hot call's garbage comes from: V8's sampling heap profiler (every 256 bytes, objects the
// collector has already taken included) over the inspector protocol while one call is loaded, summed
// by function (self and inclusive bytes a call). The bytes a call allocates set how often the young
// generation is collected (bench/gc.ts); unlike CPU time they hardly depend on the machine's load.
// Not part of `npm run bench`; a tool for goal 4 of issue 37, beside profile.ts.
//   npx tsx bench/allocations.ts [cms|dict|user|signedHello]
import WebSocket from 'ws'
import { registerAccount, startMailbox } from './account'
import { HOT_CALLS, type HotCall, freePort, loadPrepared, prepareLoad, startGateway, startSignedHello } from './lib'
const target = (process.argv[2] ?? 'cms') as keyof typeof HOT_CALLS
const call: HotCall = HOT_CALLS[target]
const mailbox = await startMailbox()
const inspectPort = await freePort()
const inspect = `--inspect=127.0.0.1:${inspectPort}`
const gw =
  target === 'signedHello'
    ? await startSignedHello([inspect])
    : await startGateway({ ...mailbox.deliveryEnv }, undefined, [inspect, '--max-old-space-size=192', '--max-semi-space-size=4', 'apps/gateway/dist/server.js'])
// An account signed up first whatever the call, as in profile.ts and run.ts.
const signedUp = target === 'signedHello' ? '' : (await registerAccount(gw.url, mailbox, `alloc.${Date.now()}@example.com`, 'Bench2026pass')).accessToken
const token = call.signed === 'user' ? signedUp : ''
const list = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[]
const ws = new WebSocket(list[0].webSocketDebuggerUrl)
await new Promise((r) => ws.once('open', r))
let id = 0
const pending = new Map<number, (value: unknown) => void>()
ws.on('message', (message: Buffer) => {
  const msg = JSON.parse(message.toString()) as { id?: number; result?: unknown; error?: unknown }
  const resolve = msg.id === undefined ? undefined : pending.get(msg.id)
  if (resolve && msg.id !== undefined) {
    pending.delete(msg.id)
    resolve(msg.result ?? msg.error)
  }
})
const send = (method: string, params: object = {}) =>
  new Promise<unknown>((resolve) => {
    const i = ++id
    pending.set(i, resolve)
    ws.send(JSON.stringify({ id: i, method, params }))
  })
await loadPrepared(target, gw.url, { method: 'GET', ...prepareLoad(call, 40000, token) }, 2)
await send('HeapProfiler.enable')
await send('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
const r = await loadPrepared(target, gw.url, { method: 'GET', ...prepareLoad(call, 60000, token) }, 3)
const { profile } = (await send('HeapProfiler.stopSampling')) as { profile: { head: N } }
const calls = r.rps * 3
interface N { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: N[] }

const self = new Map<string, number>(); const incl = new Map<string, number>()
const walk = (n: N, stack: string[]): number => {
  const name = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`
  self.set(name, (self.get(name) ?? 0) + n.selfSize)
  let total = n.selfSize
  for (const c of n.children) total += walk(c, [...stack, name])
  if (!stack.includes(name)) incl.set(name, (incl.get(name) ?? 0) + total)
  return total
}
const total = walk(profile.head, [])
console.log(`${target}: ${calls.toFixed(0)} calls, ${(total / calls).toFixed(0)} bytes sampled a call`)
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / calls).toFixed(0).padStart(7)} B/call  ${k}`).join('\n')
console.log('self:\n' + top(self, 45))
console.log('inclusive:\n' + top(incl, 60))
ws.close(); await gw.stop(); await mailbox.close()
