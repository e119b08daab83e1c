import fp from 'fastify-plugin'

/**
 * Graceful close: once closing starts, responses carry `connection: close`, so keep-alive
 * clients let go of their connection after the requests in flight and the server can stop.
 */
export default fp(
  async (fastify) => {
    let closing = false
    fastify.addHook('preClose', async () => {
      closing = true
    })
    // A callback hook: no promise per response.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close')
      done(null, payload)
    })
  },
  { name: 'drain' },
)
