import fp from 'fastify-plugin'

/**
 * With metrics on (METRICS_PORT): each answer's time by route pattern, method and status, and the
 * metrics' own listener, opened with the app and closed with it. Nothing is hooked when off.
 */
export default fp(
  async (fastify) => {
    const { metrics, config } = fastify
    if (!metrics || !config.metrics) return
    // A callback hook: no promise per response. The pattern keeps ids and queries out of the labels.
    fastify.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000)
      done()
    })
    const { port, host } = config.metrics
    fastify.addHook('onReady', async () => {
      await metrics.listen(port, host)
      fastify.log.info({ url: metrics.url }, 'metrics listening')
    })
    fastify.addHook('onClose', async () => metrics.close())
  },
  { name: 'metrics', dependencies: ['infra'] },
)
