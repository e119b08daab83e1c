import type { FastifyInstance } from 'fastify'

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : escape(segment)))
    .join('/')
  return new RegExp(`^${source}$`)
}

/**
 * The methods registered for each route, to tell "wrong method" (405) from "unknown path" (404).
 * The portal's catch-all static route is left out: it would make every path a known GET.
 */
export function routeIndex(fastify: FastifyInstance) {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = []
  fastify.addHook('onRoute', (route) => {
    if (route.url === '/*') return
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD')
    if (methods.length) routes.push({ pattern: patternOf(route.url), methods })
  })
  return {
    methodsFor(path: string): string[] {
      const methods = new Set<string>()
      for (const route of routes) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m))
      return [...methods].sort()
    },
  }
}
