// The agreement manager's console calls (issue 33): drafts, the diff against the current version,
// publishing as a new version every user re-signs (430 at once, the cached access check included)
// or as an editorial fix carrying the signatures; the count of signatures of the current version.
import { type ConsoleAgreement, type ConsoleRole, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { type ConsoleClient, consoleCall, createOperator, nextCode, signIn } from '../../../test/helpers/operators'
import { auditLog } from '../../db/schema'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp
let manager: ConsoleClient & { secret: string }
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  const op = await createOperator(t.app, 'agreement-manager@console.example', ['agreement_manager'])
  manager = { ...(await signIn(t.app, clock, op)), secret: op.totpSecret }
})
afterAll(() => t.close())

async function stepUp() {
  payloadOf(await consoleCall(t.app, manager, 'POST', '/app/console/auth/step-up', { payload: { code: await nextCode(clock, manager.secret) } }))
}
const show = async () => payloadOf<ConsoleAgreement>(await consoleCall(t.app, manager, 'GET', '/app/console/agreements/privacy'))
const draft = (suffix: string, current: NonNullable<ConsoleAgreement['current']>) => ({
  nameZh: current.nameZh,
  nameEn: current.nameEn,
  bodyZh: `${current.bodyZh}\n\n新增条款${suffix}`,
  bodyEn: `${current.bodyEn}\n\nNew clause ${suffix}`,
})

describe('agreements in the console', () => {
  it('publishes a new privacy policy that every signed-in employee must sign at their next call', async () => {
    const login = await seedAccount(t)
    // The access check is cached (warm) before the publish.
    payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }))
    const before = await show()
    expect(before.signedCurrent).toBeGreaterThanOrEqual(1)
    expect(before.activeUsers).toBeGreaterThanOrEqual(before.signedCurrent)
    const current = before.current as NonNullable<ConsoleAgreement['current']>

    expectRefusal(await consoleCall(t.app, manager, 'GET', '/app/console/agreements/privacy/diff'), 'NO_DRAFT', 409)
    const saved = payloadOf<ConsoleAgreement>(await consoleCall(t.app, manager, 'PUT', '/app/console/agreements/privacy/draft', { payload: draft('A', current) }))
    expect(saved.draft?.bodyEn).toContain('New clause A')
    const diff = payloadOf<{ body: Record<string, Array<{ op: string; text: string }>> }>(await consoleCall(t.app, manager, 'GET', '/app/console/agreements/privacy/diff'))
    expect(diff.body['en-US'].filter((p) => p.op === 'added').map((p) => p.text).join('')).toContain('New clause A')
    expect(diff.body['en-US'].some((p) => p.op === 'removed')).toBe(false)

    expectRefusal(await consoleCall(t.app, manager, 'POST', '/app/console/agreements/privacy/publish', { payload: { version: '2.0', mode: 'resign' } }), 'STEP_UP_REQUIRED', 403)
    await stepUp()
    const bad = await consoleCall(t.app, manager, 'POST', '/app/console/agreements/privacy/publish', { payload: { version: 'v 2', mode: 'resign' }, headers: { 'accept-language': 'en-US' } })
    expect(expectRefusal(bad, 'VALIDATION_FAILED', 400).fields?.[0]).toMatchObject({ field: 'version', message: 'A version may contain letters, digits, dots and dashes only' })
    expectRefusal(await consoleCall(t.app, manager, 'POST', '/app/console/agreements/privacy/publish', { payload: { version: current.version, mode: 'resign' } }), 'AGREEMENT_VERSION_TAKEN', 409)
    const published = payloadOf<{ version: string }>(await consoleCall(t.app, manager, 'POST', '/app/console/agreements/privacy/publish', { payload: { version: '2.0', mode: 'resign' } }))
    expect(published.version).toBe('2.0')

    const refused = await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken })
    expect(refused.json()).toMatchObject({ code: 430, errorCode: 'PRIVACY_REAGREE' })
    const after = await show()
    expect(after).toMatchObject({ current: { version: '2.0' }, draft: null, signedCurrent: 0 })
    // Signing brings the count up.
    payloadOf(await callApi(t.app, calls.signAgreements, { agreementIds: [String(after.current?.id)] }, { token: login.accessToken }))
    expect((await show()).signedCurrent).toBe(1)
    const rows = await t.database.db.select().from(auditLog)
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['agreement.draft', 'agreement.publish']))
  })

  it('publishes an editorial fix that asks nobody to sign again', async () => {
    const login = await seedAccount(t)
    payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }))
    const before = await show()
    const current = before.current as NonNullable<ConsoleAgreement['current']>
    payloadOf(await consoleCall(t.app, manager, 'PUT', '/app/console/agreements/privacy/draft', { payload: draft('B', current) }))
    // The current text ends without a newline (the first test's draft): its last line stays one
    // unchanged line below which the new clause is added, not a line removed and added again.
    expect(current.bodyEn.endsWith('\n')).toBe(false)
    const diff = payloadOf<{ body: Record<string, Array<{ op: string; text: string }>> }>(await consoleCall(t.app, manager, 'GET', '/app/console/agreements/privacy/diff'))
    expect(diff.body['en-US'].map((p) => p.op)).toEqual(['same', 'added'])
    expect(diff.body['en-US'][0]?.text.endsWith('New clause A\n')).toBe(true)
    expect(diff.body['en-US'][1]?.text).toBe('\nNew clause B') // a blank line, then the clause
    await stepUp()
    payloadOf(await consoleCall(t.app, manager, 'POST', '/app/console/agreements/privacy/publish', { payload: { version: '2.0.1', mode: 'editorial' } }))
    payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }))
    const after = await show()
    expect(after.current?.version).toBe('2.0.1')
    expect(after.signedCurrent).toBe(before.signedCurrent)
  })

  it('refuses other roles and bad drafts', async () => {
    const editor = await createOperator(t.app, 'content-editor@console.example', ['content_editor' satisfies ConsoleRole])
    const client = await signIn(t.app, clock, editor)
    expectRefusal(await consoleCall(t.app, client, 'GET', '/app/console/agreements'), 'CONSOLE_ROLE_DENIED', 403)
    const empty = await consoleCall(t.app, manager, 'PUT', '/app/console/agreements/privacy/draft', { payload: { nameZh: '', nameEn: 'x', bodyZh: 'x', bodyEn: 'x' } })
    expect(expectRefusal(empty, 'VALIDATION_FAILED', 400).fields?.[0]).toMatchObject({ field: 'nameZh', message: '此项不能为空' })
    expectRefusal(await consoleCall(t.app, manager, 'GET', '/app/console/agreements/nothing'), 'VALIDATION_FAILED', 400)
    const list = payloadOf<ConsoleAgreement[]>(await consoleCall(t.app, manager, 'GET', '/app/console/agreements'))
    expect(list.map((a) => a.code).sort()).toEqual(['cancellation', 'privacy', 'user'])
  })
})
