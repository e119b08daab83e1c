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
    fastify.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close')
    })
  },
  { name: 'drain' },
)
