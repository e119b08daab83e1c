// The framework's ceiling on this machine: a bare Fastify 5 "hello" (no plugins, default options),
// run as its own process beside the gateway, loaded in the same rounds as the gateway's calls.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
