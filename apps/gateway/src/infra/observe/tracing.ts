import { register } from 'node:module'
import { FastifyOtelInstrumentation } from '@fastify/otel'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { NodeSDK, tracing } from '@opentelemetry/sdk-node'
import { nextRootTraceId } from '../../plugins/trace'

/**
 * A root span's trace id is the request's id (plugins/trace.ts `tracedRequestId`), so the trace
 * in the back end is the one in `x-trace-id`, the body's `traceId` and every log line; any other
 * root span (the send queue's worker polling) gets a random one.
 */
class RequestTraceIds implements tracing.IdGenerator {
  private readonly random = new tracing.RandomIdGenerator()
  generateTraceId(): string {
    const staged = nextRootTraceId.value
    nextRootTraceId.value = undefined
    return staged ?? this.random.generateTraceId()
  }
  generateSpanId(): string {
    return this.random.generateSpanId()
  }
}

/**
 * OpenTelemetry traces, exported by OTLP over HTTP (JSON) to `${endpoint}/v1/traces`: a span per
 * request (@fastify/otel, which honours an incoming W3C `traceparent`), with the PostgreSQL
 * statements (pg) and Redis commands (ioredis) under it. Imported by server.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before the app, so the drivers are loaded instrumented.
 * The SDK's own OTEL_* variables (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER…) apply.
 */
export function startTracing(endpoint: string): { shutdown(): Promise<void> } {
  // The drivers are imported as ES modules: import-in-the-middle's hook lets the instrumentations
  // patch them. Only them: wrapping every module breaks the contract's `export *` re-exports.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'ioredis'] } })
  // Traces only: the SDK would otherwise also export OTLP metrics and logs by default (the metrics
  // are Prometheus' here, the logs are pino's lines). An operator may still ask for them.
  process.env.OTEL_METRICS_EXPORTER ??= 'none'
  process.env.OTEL_LOGS_EXPORTER ??= 'none'
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'ess-gateway',
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
    idGenerator: new RequestTraceIds(),
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // Statements as text with their parameters left out (they hold phone numbers and tokens).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new IORedisInstrumentation(),
    ],
  })
  sdk.start()
  return { shutdown: () => sdk.shutdown() }
}
