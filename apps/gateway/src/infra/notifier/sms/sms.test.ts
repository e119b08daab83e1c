// The SMS adapters through their official SDKs against the providers' loopback stand-ins, and the
// send queue around them: the signed request, success, transient errors retried with backoff,
// permanent ones not retried, and no code in clear in the database afterwards (raw rows).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '../../../../test/helpers/clock'
import { notifierOf, smsProviderEnv } from '../../../../test/helpers/notifier'
import { testDatabase } from '../../../../test/helpers/stores'
import type { DatabaseHandle } from '../../../db/client'
import { type SmsStandin, startSmsStandin } from '../../../modules/dev/sms-standins'
import type { OutgoingMessage } from '../notifier'

const SECRET = 'stand-in-secret-0123456789'
let database: DatabaseHandle
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(() => database.close())

let serial = 0
const phone = () => `+86139${String(process.pid % 10_000).padStart(4, '0')}${String(++serial).padStart(4, '0')}`
const code = () => String(100_000 + ++serial * 7919).slice(0, 6)
const codeMessage = (to: string, value: string): OutgoingMessage => ({ channel: 'sms', to, locale: 'zh-CN', template: 'verificationCode', params: { code: value, minutes: '5' } })

/** Every column of the rows sent to `to`, as the database holds them. */
async function rawRows(to: string): Promise<Array<Record<string, unknown>>> {
  const result = await database.db.execute(sql`select * from outbox_message where recipient = ${to} order by id`)
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows
}

describe.each(['aliyun', 'tencent'] as const)('the %s adapter and the send queue', (provider) => {
  let standin: SmsStandin
  const clock = testClock(new Date('2026-05-04T01:00:00Z'))
  let notifier: ReturnType<typeof notifierOf>
  beforeAll(async () => {
    standin = await startSmsStandin(provider, SECRET)
    notifier = notifierOf(database, { ...smsProviderEnv(standin, SECRET), NOTIFIER_RETRY_BASE_MS: '5000', NOTIFIER_MAX_ATTEMPTS: '3' }, clock.now)
  })
  afterAll(async () => {
    await notifier.close()
    await standin.close()
  })

  it('delivers through the SDK: signed request, our template mapped to theirs, parameters only; the code is gone from the row', async () => {
    const to = phone()
    const value = code()
    const sent = await notifier.send(codeMessage(to, value), { idempotencyKey: `test:${to}` })
    expect(await sent.outcome(5000)).toBe('delivered')

    const request = standin.requests.at(-1)
    expect(request?.signatureOk).toBe(true)
    if (provider === 'aliyun') {
      expect(request?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI5tTestAccessKey,/)
      expect(request?.headers['x-acs-action']).toBe('SendSms')
      expect(request?.params).toMatchObject({ PhoneNumbers: to.slice(3), SignName: '员工服务', TemplateCode: 'SMS_460775001', OutId: `test:${to}` })
      expect(JSON.parse(String(request?.params.TemplateParam))).toEqual({ code: value, minutes: '5' })
    } else {
      expect(request?.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDTestSecretId\//)
      expect(request?.headers['x-tc-action']).toBe('SendSms')
      expect(request?.params).toEqual({
        PhoneNumberSet: [to],
        SmsSdkAppId: '1400006666',
        SignName: '员工服务',
        TemplateId: '1100001',
        TemplateParamSet: [value, '5'],
        SessionContext: `test:${to}`,
      })
    }

    const [row] = await rawRows(to)
    expect(row).toMatchObject({ state: 'delivered', transport: provider, attempts: 1, provider_message_id: request?.messageId, last_error: null })
    expect(row.delivered_at).toBeTruthy()
    expect(JSON.stringify(row)).not.toContain(value)
  })

  it('maps the security notices to their templates, with the words translated and no free text', async () => {
    const to = phone()
    const sent = await notifier.send({ channel: 'sms', to, locale: 'zh-CN', template: 'contactChanged', params: { what: 'phone', time: '2026-05-04 09:00', device: 'iPhone · Safari', hotline: '400-820-6688' } })
    expect(await sent.outcome(5000)).toBe('delivered')
    const request = standin.requests.at(-1)
    if (provider === 'aliyun') {
      expect(request?.params.TemplateCode).toBe('SMS_460775003')
      expect(JSON.parse(String(request?.params.TemplateParam))).toEqual({ what: '手机号', time: '2026-05-04 09:00', device: 'iPhone · Safari', hotline: '400-820-6688' })
    } else {
      expect(request?.params).toMatchObject({ TemplateId: '1100003', TemplateParamSet: ['手机号', '2026-05-04 09:00', 'iPhone · Safari', '400-820-6688'] })
    }
  })

  it('sends one message for one idempotency key', async () => {
    const to = phone()
    const before = standin.requests.length
    const first = await notifier.send(codeMessage(to, code()), { idempotencyKey: `once:${to}` })
    const again = await notifier.send(codeMessage(to, code()), { idempotencyKey: `once:${to}` })
    expect(again.id).toBe(first.id)
    expect(await first.outcome(5000)).toBe('delivered')
    expect(await again.outcome(5000)).toBe('delivered')
    expect(await notifier.sweep()).toBe(0)
    expect(standin.requests.length - before).toBe(1)
    expect(await rawRows(to)).toHaveLength(1)
  })

  it("queues in the caller's transaction: nothing when it rolls back, delivered once it committed", async () => {
    const to = phone()
    const before = standin.requests.length
    await expect(
      database.db.transaction(async (tx) => {
        await notifier.send(codeMessage(to, code()), { tx })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await rawRows(to)).toHaveLength(0)
    const sent = await database.db.transaction((tx) => notifier.send(codeMessage(to, code()), { tx }))
    expect(await sent.outcome(5000)).toBe('delivered')
    expect(standin.requests.length - before).toBe(1)
  })

  it('retries a transient error (rate limited, provider down) with backoff, then delivers', async () => {
    const to = phone()
    const value = code()
    standin.plan('rateLimited', 'serverError')
    const before = standin.requests.length
    const sent = await notifier.send(codeMessage(to, value))
    expect(await sent.outcome(5000)).toBe('pending')
    let [row] = await rawRows(to)
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: provider === 'aliyun' ? 'isv.BUSINESS_LIMIT_CONTROL' : 'LimitExceeded.PhoneNumberDailyLimit' })

    // Not due before the backoff (5 s, then 10 s) ends.
    expect(await notifier.sweep()).toBe(0)
    clock.advance(5000)
    expect(await notifier.sweep()).toBe(1)
    ;[row] = await rawRows(to)
    expect(row).toMatchObject({ state: 'queued', attempts: 2, last_error: provider === 'aliyun' ? 'ServiceUnavailable' : 'InternalError.Timeout' })
    clock.advance(9999)
    expect(await notifier.sweep()).toBe(0)
    clock.advance(1)
    expect(await notifier.sweep()).toBe(1)
    ;[row] = await rawRows(to)
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, last_error: null })
    expect(JSON.stringify(row)).not.toContain(value)
    expect(standin.requests.length - before).toBe(3)
  })

  it('gives up after NOTIFIER_MAX_ATTEMPTS transient failures', async () => {
    const to = phone()
    standin.plan('serverError', 'serverError', 'serverError')
    const sent = await notifier.send(codeMessage(to, code()))
    expect(await sent.outcome(5000)).toBe('pending')
    clock.advance(5000)
    await notifier.sweep()
    clock.advance(10_000)
    await notifier.sweep()
    const [row] = await rawRows(to)
    expect(row).toMatchObject({ state: 'failed', attempts: 3 })
  })

  it.each(['invalidNumber', 'templateRefused'] as const)('never retries a permanent error (%s) and reports it', async (outcome) => {
    const to = phone()
    const value = code()
    standin.plan(outcome)
    const before = standin.requests.length
    const sent = await notifier.send(codeMessage(to, value))
    expect(await sent.outcome(5000)).toBe('failed')
    clock.advance(3_600_000)
    expect(await notifier.sweep()).toBe(0)
    expect(standin.requests.length - before).toBe(1)
    const [row] = await rawRows(to)
    const expected = {
      aliyun: { invalidNumber: 'isv.MOBILE_NUMBER_ILLEGAL', templateRefused: 'isv.SMS_TEMPLATE_ILLEGAL' },
      tencent: { invalidNumber: 'InvalidParameterValue.IncorrectPhoneNumber', templateRefused: 'FailedOperation.TemplateIncorrectOrUnapproved' },
    }[provider][outcome]
    expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: expected, provider_message_id: null })
    expect(JSON.stringify(row)).not.toContain(value)
  })

  it('is refused by the stand-in when signed with another secret (a permanent error)', async () => {
    const wrong = notifierOf(database, smsProviderEnv(standin, 'not-the-secret'), clock.now)
    try {
      const to = phone()
      expect(await (await wrong.send(codeMessage(to, code()))).outcome(5000)).toBe('failed')
      expect(standin.requests.at(-1)?.signatureOk).toBe(false)
      const [row] = await rawRows(to)
      expect(row.last_error).toBe(provider === 'aliyun' ? 'SignatureDoesNotMatch' : 'AuthFailure.SignatureFailure')
    } finally {
      await wrong.close()
    }
  })
})

describe('codes at rest by environment', () => {
  let standin: SmsStandin
  beforeAll(async () => {
    standin = await startSmsStandin('aliyun', SECRET)
  })
  afterAll(() => standin.close())

  it('keeps the code in clear in development only; production masks even the outbox', async () => {
    const development = notifierOf(database, { NODE_ENV: 'development', ...smsProviderEnv(standin, SECRET) })
    const production = notifierOf(database, { NODE_ENV: 'production', NOTIFIER: 'outbox' })
    try {
      const [dev, prod] = [phone(), phone()]
      const [devCode, prodCode] = [code(), code()]
      expect(await (await development.send(codeMessage(dev, devCode))).outcome(5000)).toBe('delivered')
      expect(await (await production.send(codeMessage(prod, prodCode))).outcome(5000)).toBe('delivered')
      expect((await rawRows(dev))[0]).toMatchObject({ transport: 'aliyun', params: { code: devCode } })
      const [masked] = await rawRows(prod)
      expect(masked).toMatchObject({ transport: 'outbox', params: { code: '******' } })
      expect(JSON.stringify(masked)).not.toContain(prodCode)
    } finally {
      await development.close()
      await production.close()
    }
  })
})
