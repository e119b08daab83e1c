import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { consoleCall, createOperator, signIn } from '../../../test/helpers/operators'

describe('operator sign-in (smoke)', () => {
  const clock = testClock(new Date('2026-11-27T10:00:00Z'))
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now })
  })
  afterAll(() => t.close())

  it('signs in and reads me', async () => {
    const op = await createOperator(t.app, 'auditor@example.com', ['auditor'])
    const client = await signIn(t.app, clock, op)
    const me = payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/auth/me'))
    expect(me.operator.email).toBe('auditor@example.com')
    const audit = payloadOf(await consoleCall(t.app, client, 'GET', '/app/console/audit'))
    expect(audit.total).toBeGreaterThan(0)
    expectRefusal(await consoleCall(t.app, undefined, 'GET', '/app/console/auth/me'), 'CONSOLE_SESSION_INVALID', 401)
  })
})
