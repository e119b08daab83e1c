import { type AppAgreement, type UserAgreements, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { seedAgreements } from './service'
import { AGREEMENT_SEEDS } from './texts'

const clock = testClock(new Date('2026-09-01T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

const userAgreements = async (token: string, locale?: string) =>
  payloadOf<UserAgreements>(await callApi(t.app, calls.getUserAgreements, undefined, { token, locale }))
const sign = (token: string, agreementIds: string[]) => callApi(t.app, calls.signAgreements, { agreementIds }, { token })
const appSet = async (type: '1' | '2' = '1') => payloadOf<AppAgreement[]>(await callApi(t.app, calls.getAppAgreements, { type }))
const publish = (code: 'user' | 'privacy', version: string, publishedAt: Date, required = true) => {
  const seed = AGREEMENT_SEEDS.find((s) => s.code === code)!
  const body = { 'zh-CN': `${seed.body['zh-CN']}\n\n版本 ${version}`, 'en-US': `${seed.body['en-US']}\n\nVersion ${version}` }
  return seedAgreements(t.database.db, [{ ...seed, version, publishedAt: publishedAt.toISOString(), required, body }])
}

describe('GET agreement/getUserAgreements', () => {
  it('lists the versions the user signed with their times, in the caller language, and nothing pending', async () => {
    const login = await seedAccount(t)
    const list = await userAgreements(login.accessToken, 'en-US')
    expect(list.pending).toEqual([])
    expect(list.signed).toEqual([
      {
        agreementId: expect.stringMatching(/^\d+$/),
        agreementCode: 'user',
        agreementName: 'User Service Agreement',
        agreementUrl: '/app/agreements/user/1.0?lang=en-US',
        version: '1.0',
        signedAt: clock.now().toISOString(),
        current: true,
      },
      expect.objectContaining({ agreementCode: 'privacy', version: '1.0', current: true }),
    ])
  })

  it('needs a login', async () => {
    expectRefusal(await callApi(t.app, calls.getUserAgreements), 'SESSION_INVALID', 401)
  })
})

describe('a new version of a required agreement (430)', () => {
  it("answers 430 to the user's other calls until the new version is signed", async () => {
    const login = await seedAccount(t)
    const other = await seedAccount(t)
    clock.advance(MINUTE)
    await publish('privacy', '2.0', clock.now())

    const refused = await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken, locale: 'en-US' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 430, errorCode: 'PRIVACY_REAGREE', msg: 'The agreements have been updated; please read and agree to continue' })
    expectRefusal(await callApi(t.app, calls.sendPhonePassCode, {}, { token: login.accessToken }), 'PRIVACY_REAGREE', 403)

    const waiting = await userAgreements(login.accessToken)
    expect(waiting.pending).toEqual([expect.objectContaining({ agreementCode: 'privacy', version: '2.0', required: true })])
    expect(waiting.signed.find((s) => s.agreementCode === 'privacy')).toMatchObject({ version: '1.0', current: false })

    const [oldPrivacy] = waiting.signed.filter((s) => s.agreementCode === 'privacy')
    expectRefusal(await sign(login.accessToken, [oldPrivacy.agreementId]), 'AGREEMENT_OUTDATED', 409)
    expectRefusal(await sign(login.accessToken, ['999999']), 'AGREEMENT_OUTDATED', 409)
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }), 'PRIVACY_REAGREE', 403)

    const signed = payloadOf<UserAgreements>(await sign(login.accessToken, [waiting.pending[0].agreementId]))
    expect(signed.pending).toEqual([])
    expect(signed.signed[0]).toMatchObject({ agreementCode: 'privacy', version: '2.0', current: true, signedAt: clock.now().toISOString() })
    expect((await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken })).statusCode).toBe(200)

    // Everyone else is asked too; logging out stays open meanwhile.
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: other.accessToken }), 'PRIVACY_REAGREE', 403)
    expect(payloadOf(await callApi(t.app, calls.logout, undefined, { token: other.accessToken }))).toEqual({ ended: 1 })
  })

  it('waits for the publication time, and is not raised by a version that is not required', async () => {
    const login = await seedAccount(t)
    const later = new Date(clock.now().getTime() + 30 * MINUTE)
    await publish('user', '2.0', later)
    expect((await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken })).statusCode).toBe(200)
    clock.set(later)
    expectRefusal(await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken }), 'PRIVACY_REAGREE', 403)
    const current = (await appSet()).map((a) => a.agreementId)
    payloadOf(await sign(login.accessToken, current))

    clock.advance(10 * MINUTE)
    await publish('user', '2.1', clock.now(), false)
    expect((await callApi(t.app, calls.getUserInfo, undefined, { token: login.accessToken })).statusCode).toBe(200)
    expect((await userAgreements(login.accessToken)).pending).toEqual([expect.objectContaining({ version: '2.1', required: false })])
  })
})

describe('POST agreement/signAgreements', () => {
  it('is idempotent and signs agreements of other sets too', async () => {
    const login = await seedAccount(t)
    const ids = (await appSet()).map((a) => a.agreementId)
    const first = payloadOf<UserAgreements>(await sign(login.accessToken, ids))
    const again = payloadOf<UserAgreements>(await sign(login.accessToken, [...ids, ...ids]))
    expect(again.signed).toEqual(first.signed)
    const [cancellation] = await appSet('2')
    const withCancellation = payloadOf<UserAgreements>(await sign(login.accessToken, [cancellation.agreementId]))
    expect(withCancellation.signed.map((s) => s.agreementCode)).toContain('cancellation')
  })

  it('needs at least one id', async () => {
    const login = await seedAccount(t)
    const refused = expectRefusal(await sign(login.accessToken, []), 'VALIDATION_FAILED', 400)
    expect(refused.fields).toEqual([expect.objectContaining({ field: 'agreementIds', messageKey: 'agreement.required' })])
  })
})
