import { CONSOLE_ROLES, type ConsoleRole, consoleCan, consoleNeedsStepUp, consoleRule } from '@ess/contract'
import Fastify from 'fastify'
import fp from 'fastify-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { testClock } from '../../test/helpers/clock'
import { type ConsoleClient, consoleCall, createOperator, nextCode, signIn } from '../../test/helpers/operators'
import type { TestOperator } from '../../test/helpers/operators'
import consoleAuth from './console-auth'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

/** The errorCode of an error envelope (a CSV answer has none). */
const errorCodeOf = (response: { headers: Record<string, unknown>; json(): { errorCode?: string } }) =>
  String(response.headers['content-type']).includes('json') ? response.json().errorCode : undefined

/** The route's path with its parameters filled (a value no record has). */
const fill = (url: string) => url.replace(/:([A-Za-z]+)/g, 'matrix-probe')

describe('the console access table against every /app/console route', () => {
  it('every route declares access that matches the table (roles and step-up read from it)', () => {
    expect(t.app.consoleRoutes.length).toBeGreaterThan(15)
    for (const route of t.app.consoleRoutes) {
      if (route.access.public) continue
      const rule = consoleRule(route.access.resource, route.access.action)
      expect(rule, `${route.method} ${route.url}`).toBeDefined()
      expect(route.access.roles, `${route.method} ${route.url}`).toEqual(rule!.roles)
      expect(route.access.stepUp, `${route.method} ${route.url}`).toBe(consoleNeedsStepUp(route.access.resource, route.access.action))
    }
  })

  it('walks every route × every role: allowed roles pass the guard, the others get 403 CONSOLE_ROLE_DENIED', async () => {
    const operators = new Map<ConsoleRole, TestOperator>()
    const clients = new Map<ConsoleRole, ConsoleClient>()
    const session = async (role: ConsoleRole) => {
      const op = operators.get(role) ?? (await createOperator(t.app, `matrix-${role.replace(/_/g, '-')}@console.test`, [role]))
      operators.set(role, op)
      const client = await signIn(t.app, clock, op)
      // Stepped up, so a step-up cell shows the role decision alone.
      const stepped = await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up', { payload: { code: await nextCode(clock, op.totpSecret) } })
      expect(stepped.statusCode, stepped.body).toBe(200)
      clients.set(role, client)
      return client
    }
    // Sign-out ends the session the walk uses: last.
    const routes = [...t.app.consoleRoutes].sort((a, b) => Number(a.url.endsWith('/sign-out')) - Number(b.url.endsWith('/sign-out')))
    const guarded = routes.filter((route) => !route.access.public)
    for (const role of CONSOLE_ROLES) {
      await session(role)
      for (const route of guarded) {
        if (route.access.public) continue
        let client = clients.get(role)!
        let response = await consoleCall(t.app, client, route.method, fill(route.url), { payload: route.method === 'GET' ? undefined : {} })
        if (errorCodeOf(response) === 'CONSOLE_SESSION_INVALID') {
          // An earlier allowed call ended the session (a revocation): sign in again and retry.
          client = await session(role)
          response = await consoleCall(t.app, client, route.method, fill(route.url), { payload: route.method === 'GET' ? undefined : {} })
        }
        const errorCode = errorCodeOf(response)
        const label = `${role} ${route.method} ${route.url} → ${response.statusCode} ${errorCode ?? ''}`
        if (consoleCan([role], route.access.resource, route.access.action)) {
          expect(['CONSOLE_ROLE_DENIED', 'STEP_UP_REQUIRED', 'CONSOLE_SESSION_INVALID', 'CONSOLE_CSRF_INVALID'], label).not.toContain(errorCode)
        } else {
          expect(errorCode, label).toBe('CONSOLE_ROLE_DENIED')
          expect(response.statusCode, label).toBe(403)
        }
      }
    }
  }, 120_000)

  it('without a session every guarded route answers 401, public routes never do', async () => {
    for (const route of t.app.consoleRoutes) {
      const response = await consoleCall(t.app, undefined, route.method, fill(route.url), { payload: route.method === 'GET' ? undefined : {} })
      const label = `${route.method} ${route.url}`
      if (route.access.public) expect(errorCodeOf(response), label).not.toBe('CONSOLE_SESSION_INVALID')
      else expect(errorCodeOf(response), label).toBe('CONSOLE_SESSION_INVALID')
    }
  })

  it('a step-up cell refuses a session without a recent step-up', async () => {
    const op = await createOperator(t.app, 'matrix-stepup@console.test', [...CONSOLE_ROLES])
    const client = await signIn(t.app, clock, op)
    const cells = t.app.consoleRoutes.filter((route) => !route.access.public && route.access.stepUp)
    expect(cells.length).toBeGreaterThan(0)
    for (const route of cells) {
      const response = await consoleCall(t.app, client, route.method, fill(route.url), { payload: route.method === 'GET' ? undefined : {} })
      expect(errorCodeOf(response), `${route.method} ${route.url}`).toBe('STEP_UP_REQUIRED')
    }
  })

  it('deny by default: an action the table does not list is nobody’s', () => {
    for (const role of CONSOLE_ROLES) {
      expect(consoleCan([role], 'audit', 'delete')).toBe(false)
      expect(consoleCan([role], 'nothing', 'list')).toBe(false)
    }
    expect(consoleCan([], 'account', 'show')).toBe(false)
  })
})

describe('declaring access', () => {
  it('a route under /app/console without config.console fails at registration', async () => {
    const fastify = Fastify({ logger: false })
    // The guard needs only the app's config from infra (the stores are read per request).
    await fastify.register(fp(async (f) => void f.decorate('config', t.config), { name: 'infra' }))
    await fastify.register(consoleAuth)
    fastify.get('/app/console/declared', { config: { console: { public: true } } }, async () => 'fine')
    fastify.register(async (instance) => {
      instance.get('/app/console/undeclared', async () => 'open')
    })
    await expect(fastify.ready()).rejects.toThrow('GET /app/console/undeclared: a console route declares config.console')
    await fastify.close().catch(() => {})
  })
})
