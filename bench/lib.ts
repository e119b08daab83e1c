// Helpers of the benchmarks: start the real gateway (`npm start` path) on a free loopback port
// with a throw-away data dir, sign requests like the portal does, and run bounded loads (autocannon,
// or requests serialized beforehand for the sign-in bench).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { type CallDef, HEADERS, PORTAL_APP_ID, buildQuery, callUrl, calls, signHeaders } from '@ess/contract'
import { freePort } from '../apps/gateway/test/helpers/free-port'

export const root = resolve(fileURLToPath(import.meta.url), '../..')

export { freePort }

export interface Gateway {
  url: string
  child: ChildProcess
  /** The process that serves (start.mjs's child, or the spawned process itself when it serves). */
  serverPid: number
  stop(): Promise<void>
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux). Unlike req/s, the
 * CPU a server spends per call hardly depends on what else the shared machine runs at the time.
 */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of proc(5), in clock ticks (USER_HZ, 100 on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** A Fastify of bench/ in its own process on a free port, once it answers `path` (`args`: node's, ending with the script). */
export async function startCeiling(args: string[], path: string, headers: Record<string, string> = {}, env: Record<string, string> = {}) {
  const port = await freePort()
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env, PORT: String(port) } })
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}${path}`, { headers })).ok) break
    } catch {
      if (tries > 200) throw new Error(`${args.at(-1)} did not start`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { child, url }
}

/**
 * bench/signed-hello.ts (the ceiling of a signed call) in its own process, `nodeArgs` before the
 * script (a profiler's flags, say): its address, pid and a stop that waits for its exit.
 */
export async function startSignedHello(nodeArgs: string[] = [], env: Record<string, string> = {}) {
  const { path } = HOT_CALLS.signedHello
  const { child, url } = await startCeiling([...nodeArgs, '--import', 'tsx', join(root, 'bench/signed-hello.ts')], path, signedHeaders('GET', path), env)
  return { url, child, pid: child.pid ?? 0, stop: () => new Promise<void>((done) => child.once('exit', () => done()).kill('SIGTERM')) }
}

/** start.mjs runs the gateway as its child: the pid of that child, or `pid` itself when it has none. */
function servingPid(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
  return children.length ? Number(children[0]) : pid
}

/**
 * The production gateway on a throw-away data dir. Every bench request comes from one address, so
 * the per-client limit of the public calls is off (PUBLIC_CALLS_PER_CLIENT_PER_MINUTE=0), a
 * deployment setting, as CAPTCHAS_PER_CLIENT_PER_MINUTE is raised in login.ts. `nodeArgs` replaces
 * `scripts/start.mjs` (say, to run the built server under flags NODE_OPTIONS refuses, as --cpu-prof).
 */
export async function startGateway(env: Record<string, string> = {}, checkout: string = root, nodeArgs: string[] = ['scripts/start.mjs']): Promise<Gateway> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'ess-bench-'))
  const child = spawn(process.execPath, nodeArgs, {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', NOTIFIER: 'outbox', PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '0', ...env },
  })
  // A bench that fails before its own clean-up (say, in the account's sign-up) leaves no gateway behind.
  process.once('exit', () => child.kill('SIGTERM'))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 300_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/app/health`)).ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('gateway did not start in 300 s')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    child,
    serverPid: servingPid(child.pid ?? 0),
    stop: () => stopChild(child, 'SIGTERM', dataDir),
  }
}

/** Stops a child process with `signal` and, once it has exited, removes its folder. */
export const stopChild = (child: ChildProcess, signal: NodeJS.Signals, folder: string) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => {
      rmSync(folder, { recursive: true, force: true })
      resolve()
    })
    child.kill(signal)
  })

/** A fresh database on the PostgreSQL server of `serverUrl`, dropped at the end. */
export async function freshDatabase(serverUrl: string, prefix = 'ess_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`drop database if exists ${name}`)
  await admin(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

/** A resident ID number for a birth date (1970-01-01 + day) and a sequence, with its check digit. */
export function idNumber(day: number, seq: number): { idNo: string; birthdate: string } {
  const birthdate = new Date(Date.UTC(1970, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)
  const body = `110101${birthdate.replaceAll('-', '')}${String(seq).padStart(3, '0')}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * weights[i]
  return { idNo: body + '10X98765432'[sum % 11], birthdate }
}

let counter = 0
/** The device id (`_ut`) of every bench request: captcha tokens are bound to the device that solved them. */
export const BENCH_DEVICE_ID = 'benchdevice0000000000'

/**
 * What every browser and the mini-program's wx.request send besides the signed headers: the
 * encodings they accept (gzip, deflate, br as Chromium sends it). BENCH_ACCEPT_ENCODING='' leaves it
 * out (the figures of the runs before 2026-11-26 were measured without it).
 */
export const CLIENT_HEADERS: Record<string, string> =
  process.env.BENCH_ACCEPT_ENCODING === '' ? {} : { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br' }

/** Headers of SPEC §3 for one request, signed with the contract's function, as the portal does. */
export function signedHeaders(method: string, path: string, query: Record<string, unknown> = {}, body = '', token = '', deviceId = BENCH_DEVICE_ID) {
  return {
    ...signHeaders({
      method,
      path,
      query: buildQuery(query),
      body,
      appId: PORTAL_APP_ID,
      client: 'h5',
      nonce: `bench${process.pid}n${(counter++).toString(36).padStart(10, '0')}`,
      timestamp: String(Date.now()),
      token,
      deviceId,
    }),
    [HEADERS.language]: 'zh-CN',
    ...CLIENT_HEADERS,
    ...(body ? { 'content-type': 'application/json' } : {}),
  }
}

/** A GET the benchmarks load: its path and query, and whether it is signed (with an access token for 'user'). */
export interface HotCall {
  path: string
  query?: Record<string, string>
  /** Signed like the portal (a fresh nonce each); with the account's access token for `user`. */
  signed?: 'public' | 'user'
}

/** The gateway's hot paths of issue 19 goal 3 (bench/run.ts), and its health probe. */
export const HOT_CALLS = {
  health: { path: '/app/health' },
  cms: { path: '/app/cms/resource/page', query: { pageCode: 'homepage' }, signed: 'public' },
  dict: { path: '/app/user/api/dict/list', query: { type: 'phoneRegion' }, signed: 'public' },
  user: { path: callUrl(calls.getUserInfo), signed: 'user' },
  /** bench/signed-hello.ts: the hello behind a signed call's checks only. */
  signedHello: { path: '/app/user/api/hello', signed: 'public' },
} satisfies Record<string, HotCall>

/**
 * The requests of one load of a call (`count` of them, for loadPrepared), signed before the clock
 * starts (as each client signs on its own device; the nonces are fresh and inside the signature
 * window), and the one sent when they run out (a used nonce: refused, so counted as non-2xx).
 * Unsigned calls repeat one request. `token` is the access token of a 'user' call.
 */
export function prepareLoad(call: HotCall, count: number, token = ''): { path: string; prepared: ReadyRequest[]; fallback: ReadyRequest } {
  const q = buildQuery(call.query)
  const sign = (): ReadyRequest => ({ body: '', headers: call.signed ? signedHeaders('GET', call.path, call.query, '', call.signed === 'user' ? token : '') : CLIENT_HEADERS })
  return { path: q ? `${call.path}?${q}` : call.path, prepared: call.signed ? Array.from({ length: count }, sign) : [], fallback: sign() }
}

export interface LoadResult {
  name: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** A request made ready before the load (untimed: real clients sign on their own devices): its body and signed headers. */
export interface ReadyRequest {
  headers: Record<string, string>
  body: string
  /** Another call than the load's own (a mixed load): its method and path with query. */
  method?: 'GET' | 'POST'
  path?: string
  /** A label of the call, for per-call counts in a mixed load. */
  kind?: string
}

/** One bounded autocannon load: `connections` connections for `seconds`, loopback only; requests are signed as they go out. */
export async function load(
  name: string,
  url: string,
  request: {
    method: 'GET' | 'POST'
    path: string
    query?: Record<string, string>
    body?: () => string
    signed: boolean
  },
  seconds = 5,
  connections = 10,
): Promise<LoadResult> {
  const q = buildQuery(request.query)
  const fullPath = q ? `${request.path}?${q}` : request.path
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method,
        path: fullPath,
        setupRequest: (req: autocannon.Request) => {
          const body = request.body?.() ?? ''
          const headers = request.signed ? signedHeaders(request.method, request.path, request.query, body) : {}
          return { ...req, headers, body: body || undefined }
        },
      },
    ],
  })
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/**
 * One bounded load of requests made entirely beforehand: each is serialized to the bytes of its
 * HTTP/1.1 request before the clock starts, and each of `connections` keep-alive connections sends
 * the next one as soon as the previous answer is in (no pipelining). The load generator shares the
 * machine's cores with the server under test, so its own work per request is kept to a write and
 * reading the status line and length of the answer (autocannon builds and parses every request
 * in the measured window: 0.61 ms of CPU per sign-in in bench/login.ts, against 0.42–0.50 ms for
 * this, most of it the kernel's loopback delivery inside the write). When the prepared requests run
 * out, `fallback` is sent again and again (the caller makes it one the server refuses, so it shows
 * as non-2xx). A connection the server closes ends that connection's part, counted as an error.
 */
export async function loadPrepared(
  name: string,
  url: string,
  request: { method: 'GET' | 'POST'; path: string; prepared: ReadyRequest[]; fallback: ReadyRequest },
  seconds = 5,
  connections = 10,
): Promise<LoadResult & { exhausted: number; s5xx: number }> {
  const { hostname, port } = new URL(url)
  const serialize = ({ headers, body, method, path }: ReadyRequest) => {
    const lines = [`${method ?? request.method} ${path ?? request.path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: keep-alive']
    for (const [key, value] of Object.entries(headers)) lines.push(`${key}: ${value}`)
    if (body) lines.push(`content-length: ${Buffer.byteLength(body)}`)
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`)
  }
  const queue = request.prepared.map(serialize).reverse()
  const fallback = serialize(request.fallback)
  const latencies = new Float64Array(1 << 20)
  let answered = 0
  let non2xx = 0
  let errors = 0
  let exhausted = 0
  let s5xx = 0
  const HEADER_END = Buffer.from('\r\n\r\n')
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  const connection = () =>
    new Promise<void>((done) => {
      const socket = connect(Number(port), hostname)
      socket.setNoDelay(true)
      let pending: Buffer = Buffer.alloc(0)
      let sentAt = 0
      const send = () => {
        if (performance.now() >= end) {
          finish()
          socket.end()
          return
        }
        let next = queue.pop()
        if (!next) {
          exhausted++
          next = fallback
        }
        sentAt = performance.now()
        socket.write(next)
      }
      socket.on('connect', send)
      let finished = false
      const finish = () => {
        finished = true
        done()
      }
      socket.on('error', () => {
        if (!finished) errors++
        finish()
      })
      socket.on('close', () => {
        if (!finished) errors++
        finish()
      })
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
        for (;;) {
          const headerEnd = pending.indexOf(HEADER_END)
          if (headerEnd < 0) return
          const head = pending.subarray(0, headerEnd).toString('latin1')
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1])
          if (!Number.isFinite(length)) throw new Error(`${name}: an answer without content-length`)
          const total = headerEnd + 4 + length
          if (pending.length < total) return
          const status = Number(head.slice(9, 12))
          latencies[answered++] = performance.now() - sentAt
          if (status < 200 || status > 299) non2xx++
          if (status >= 500) s5xx++
          pending = pending.subarray(total)
          send()
        }
      })
    })
  await Promise.all(Array.from({ length: connections }, connection))
  const elapsed = (performance.now() - started) / 1000
  const sorted = latencies.subarray(0, answered).sort()
  const at = (q: number) => (answered ? Math.round(sorted[Math.min(answered - 1, Math.floor(q * answered))]) : 0)
  return { name, rps: answered / elapsed, p50: at(0.5), p99: at(0.99), non2xx, errors, exhausted, s5xx }
}

/**
 * One load of a call (loadPrepared, its requests signed beforehand for `perSecond` answers a second)
 * and the CPU time the serving process `pid` used for it, per call answered (cpuMsOf): the figure
 * run.ts, ab.ts and cpu-scaling.ts compare.
 */
export async function loadWithCpu(
  name: string,
  url: string,
  pid: number,
  call: HotCall,
  seconds: number,
  { token = '', perSecond = 40_000, connections }: { token?: string; perSecond?: number; connections?: number } = {},
): Promise<LoadResult & { exhausted: number; s5xx: number; cpuUsPerCall: number }> {
  const { path, prepared, fallback } = prepareLoad(call, perSecond * seconds, token)
  const before = cpuMsOf(pid)
  const result = await loadPrepared(name, url, { method: 'GET', path, prepared, fallback }, seconds, connections)
  const calls = result.rps * seconds
  return { ...result, cpuUsPerCall: calls ? ((cpuMsOf(pid) - before) * 1000) / calls : 0 }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** USER_HZ: the clock ticks of /proc times, 100 a second on Linux. */
const TICK_MS = 1000 / 100

/** A process's command name and CPU time so far (user + system, ms), from /proc/<pid>/stat. */
function processStat(pid: number | string): { command: string; cpuMs: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // After "pid (command) ", utime and stime are the 12th and 13th fields (the 14th and 15th of the line).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS }
}

/**
 * CPU time (user + system, ms) a process and all its descendants have used so far, from /proc
 * (Linux): what the gateway's processes cost, whatever the noise of the rest of the machine.
 */
export function processTreeCpuMs(pid: number): number {
  let total = 0
  const visit = (p: number) => {
    try {
      total += processStat(p).cpuMs
      for (const task of readdirSync(`/proc/${p}/task`)) {
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(Number(child))
      }
    } catch {
      /* gone meanwhile */
    }
  }
  visit(pid)
  return total
}

/** CPU time (ms) used so far by every process whose command name is one of `names` (e.g. the database server's). */
export function commandsCpuMs(names: string[]): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const { command, cpuMs } = processStat(entry)
      if (names.includes(command)) total += cpuMs
    } catch {
      /* gone meanwhile */
    }
  }
  return total
}

/** One signed call's answer as an open-loop bench keeps it: its time, status, refusal and payload. */
export interface TimedAnswer {
  ms: number
  /** 0 when no answer came (network error, or none within 10 s). */
  status: number
  errorCode?: string
  data?: any
}

/** Sends one signed call of the contract (as the portal does) and times it; never throws. */
export async function timedCall(url: string, call: CallDef, input?: Record<string, unknown>, token = '', deviceId?: string): Promise<TimedAnswer> {
  const inQuery = call.method === 'GET'
  const query = buildQuery(inQuery ? input : undefined)
  const body = inQuery ? '' : JSON.stringify(input ?? {})
  const started = performance.now()
  try {
    const response = await fetch(`${url}${callUrl(call)}${query ? `?${query}` : ''}`, {
      method: call.method,
      headers: signedHeaders(call.method, callUrl(call), inQuery ? input : {}, body, token, deviceId),
      body: body || undefined,
      signal: AbortSignal.timeout(10_000),
    })
    const envelope = (await response.json()) as { code: number; errorCode?: string; data?: { data?: unknown } }
    const ms = performance.now() - started
    return envelope.code === 200 ? { ms, status: response.status, data: envelope.data?.data } : { ms, status: response.status, errorCode: envelope.errorCode }
  } catch (error) {
    return { ms: performance.now() - started, status: 0, errorCode: (error as Error).name }
  }
}

/** The p-th percentile of `xs` (nearest rank); NaN for none. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Milliseconds for a results table: one decimal under 10, whole above, '–' for none. */
export const formatMs = (x: number) => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(1) : String(Math.round(x)))
