// Traces (issue 36): a gateway process on PostgreSQL + Redis exporting to a local OTLP/HTTP
// receiver (a loopback server reading the JSON export). The spans of a sign-in are found under one
// trace: the request's, the database statements' and the Redis commands'. Runs when DATABASE_URL
// and REDIS_URL are set (CI's second run). That nothing of it is loaded when off: observe-off.test.ts.
import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { type Server, createServer } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type AppAgreement, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { databaseUrl } from './helpers/database-url'
import { type GatewayProcess, httpCall, httpSmsCode, ok, send, signedCall, startGatewayProcess } from './helpers/process'
import { adminQuery } from './helpers/stores'

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL)

interface Span {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: Array<{ key: string; value: Record<string, unknown> }>
  scope: string
}

/** An OTLP/HTTP receiver (JSON encoding) on loopback: every span it was sent, with its scope's name. */
function otlpReceiver() {
  const spans: Span[] = []
  const paths = new Set<string>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      paths.add(`${request.method} ${request.url} ${request.headers['content-type']}`)
      if (request.headers['content-type'] !== 'application/json') {
        response.writeHead(415).end()
        return
      }
      const raw = Buffer.concat(chunks)
      // The exporter may gzip its batches (OTEL_EXPORTER_OTLP_COMPRESSION).
      const body = JSON.parse((request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString()) as {
        resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: Omit<Span, 'scope'>[] }> }>
      }
      for (const resource of body.resourceSpans) for (const scoped of resource.scopeSpans) for (const span of scoped.spans) spans.push({ ...span, scope: scoped.scope.name })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  return { spans, paths, server }
}

const attribute = (span: Span, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue

describe.runIf(enabled)('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT) on PostgreSQL + Redis', () => {
  const receiver = otlpReceiver()
  const name = `ess_trace_${process.pid}_${randomBytes(4).toString('hex')}`
  let dataDir: string
  let gateway: GatewayProcess
  let url: string

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve))
    const endpoint = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`
    await adminQuery(`create database ${name} template ${inject('pgTemplate')}`)
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-trace-'))
    gateway = startGatewayProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(process.env.DATABASE_URL as string, name),
      REDIS_URL: process.env.REDIS_URL as string,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      // The SDK's batch is sent within 100 ms instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    })
    url = await gateway.url
  }, 120_000)
  afterAll(async () => {
    gateway?.child.kill('SIGTERM')
    await gateway?.exit
    receiver.server.close()
    await adminQuery(`drop database if exists ${name} with (force)`)
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** The spans of a trace, once they include what `done` wants (the export is batched). */
  async function spansOf(traceId: string, done: (spans: Span[]) => boolean): Promise<Span[]> {
    for (let i = 0; i < 100; i++) {
      const spans = receiver.spans.filter((span) => span.traceId === traceId)
      if (done(spans)) return spans
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the spans of ${traceId} never came: ${JSON.stringify(receiver.spans.filter((s) => s.traceId === traceId).map((s) => s.name))}`)
  }

  it("puts a sign-in's request, database and Redis spans under the caller's trace (traceparent), named in x-trace-id and the logs", async () => {
    const agreementIds = (await ok<AppAgreement[]>(httpCall(url, calls.getAppAgreements, { type: '1' }))).map((a) => a.agreementId)
    const phone = `137${String(process.pid % 10_000).padStart(4, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`
    const deviceId = `trace-device-${process.pid}`
    const code = await httpSmsCode(url, phone, 'login', deviceId)
    const traceId = randomBytes(16).toString('hex')
    const parentSpanId = randomBytes(8).toString('hex')
    const request = signedCall(calls.loginSignupByPhoneCode, { phone, code, agreementIds } as never, { deviceId })
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: { ...request.headers, traceparent: `00-${traceId}-${parentSpanId}-01` },
      body: request.body,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-trace-id')).toBe(traceId)

    const spans = await spansOf(traceId, (s) => s.some((x) => x.scope.includes('pg')) && s.some((x) => x.scope.includes('ioredis')) && s.some((x) => x.name === 'request'))
    const root = spans.find((span) => span.name === 'request') as Span
    // The caller's span is the parent of the request's: the trace continues.
    expect(root.parentSpanId).toBe(parentSpanId)
    expect(attribute(root, 'http.route')).toBe(`/app${calls.loginSignupByPhoneCode.path}`)
    const ids = new Set(spans.map((span) => span.spanId))
    const database = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg')
    const redis = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-ioredis')
    expect(database.length).toBeGreaterThan(0)
    expect(redis.length).toBeGreaterThan(0)
    // Every store span hangs from a span of the same request, not from nowhere.
    for (const span of [...database, ...redis]) expect(ids.has(span.parentSpanId as string)).toBe(true)
    // The statements' parameters (the phone number) stay out of the spans.
    expect(JSON.stringify(database)).not.toContain(phone)
    expect(gateway.lines.some((line) => line.includes(`"traceId":"${traceId}"`))).toBe(true)
  })

  it('without a traceparent, the new trace is the one in x-trace-id, the body and the logs', async () => {
    const refused = await fetch(`${url}/app/user/api/user/getUserInfo`)
    const id = refused.headers.get('x-trace-id') as string
    expect(id).toMatch(/^[\da-f]{32}$/)
    expect(((await refused.json()) as { traceId: string }).traceId).toBe(id)
    const [root] = await spansOf(id, (s) => s.some((x) => x.name === 'request'))
    expect(root.traceId).toBe(id)
    expect(gateway.lines.some((line) => line.includes(`"traceId":"${id}"`))).toBe(true)
  })

  it("takes the portal's _tid (a W3C trace id) as the trace id", async () => {
    const tid = randomBytes(16).toString('hex')
    const request = signedCall(calls.dictList, { type: 'phoneRegion' })
    const answer = await send(url, { ...request, headers: { ...request.headers, _tid: tid } as typeof request.headers })
    expect(answer.status).toBe(200)
    await spansOf(tid, (s) => s.some((x) => x.name === 'request'))
    // Traces only (no OTLP metrics or logs), as JSON.
    expect(receiver.paths).toEqual(new Set(['POST /v1/traces application/json']))
  })
})
