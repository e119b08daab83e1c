import type { AddressInfo } from 'node:net'
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from './config'

function readConfig() {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const config = readConfig()
// Traces: the SDK starts before Fastify and the database and Redis drivers are loaded (hence the
// imports below are dynamic), and none of it is loaded when OTEL_EXPORTER_OTLP_ENDPOINT is unset.
const tracing = config.otlpEndpoint ? (await import('./infra/observe/tracing')).startTracing(config.otlpEndpoint) : undefined
const [{ default: Fastify }, { default: fp }, { default: app, serverOptions }, { readyBanner }] = await Promise.all([
  import('fastify'),
  import('fastify-plugin'),
  import('./app'),
  import('./banner'),
])
// The first start of a new data dir creates the embedded database, applies the migrations,
// generates the key pairs and seeds; on a busy 2-core machine that outlasts Fastify's 10 s default.
const server = Fastify({ ...serverOptions(config), pluginTimeout: 120_000 })

// SIGTERM/SIGINT: refuse new requests for DRAIN_DELAY_MS while listening (plugins/drain.ts), then
// stop accepting, let requests in flight finish, and close the database and KV.
closeWithGrace({ delay: config.drainDelayMs + 10_000, logger: false }, async ({ signal, err }) => {
  if (err) server.log.error({ err }, 'closing after an error')
  else server.log.info({ signal, drainMs: config.drainDelayMs }, 'closing')
  if (!err && config.drainDelayMs > 0 && server.hasDecorator('startDraining')) {
    server.startDraining()
    await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs))
  }
  await server.close()
  // The spans of the last requests, sent before the process ends.
  await tracing?.shutdown().catch((error: unknown) => server.log.error({ err: error }, 'trace export failed at shutdown'))
})

try {
  await server.register(fp(app), { config })
  await server.listen({ port: config.port, host: config.host })
  // For a person reading along; JSON logs (LOG_FORMAT=json) stay one record a line.
  if (config.logFormat === 'pretty') process.stdout.write(readyBanner(config, (server.server.address() as AddressInfo).port))
} catch (err) {
  server.log.fatal({ err }, 'the gateway could not start')
  await server.close().catch(() => {})
  process.exit(1)
}
