// The SMS adapters through their official SDKs against the providers' loopback stand-ins, and the
// send queue around them: the signed request, success, transient errors retried with backoff,
// permanent ones not retried, and no code in clear in the database afterwards (raw rows). The
// retries run on pg-boss's clock (the database's): these tests wait for them in real time.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifierOf, smsProviderEnv } from '../../../../test/helpers/notifier'
import { testDatabase } from '../../../../test/helpers/stores'
import type { DatabaseHandle } from '../../../db/client'
import { type SmsStandin, startSmsStandin } from '../../../modules/dev/sms-standins'
import type { OutgoingMessage } from '../notifier'
import { SEND_QUEUE } from '../queue'

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

/** Resolves once `check` holds (polling every 50 ms); fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The states of the pg-boss jobs of a message (one job per message). */
async function jobStates(messageId: number): Promise<string[]> {
  const result = await database.db.execute(sql`select state from pgboss.job where name = ${SEND_QUEUE} and (data->>'messageId')::int = ${messageId}`)
  return (result as unknown as { rows: Array<{ state: string }> }).rows.map((row) => row.state)
}

/** The row sent to `to` once its delivery ended (delivered or given up). */
async function settledRow(to: string): Promise<Record<string, unknown> & { id: number }> {
  let row: Record<string, unknown> | undefined
  await until(async () => {
    ;[row] = await rawRows(to)
    return row?.state !== 'queued'
  }, 20_000)
  return row as Record<string, unknown> & { id: number }
}

/** Every column of the rows sent to `to`, as the database holds them. */
async function rawRows(to: string): Promise<Array<Record<string, unknown>>> {
  const result = await database.db.execute(sql`select * from outbox_message where recipient = ${to} order by id`)
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows
}

describe.each(['aliyun', 'tencent'] as const)('the %s adapter and the send queue', (provider) => {
  let standin: SmsStandin
  let notifier: ReturnType<typeof notifierOf>
  beforeAll(async () => {
    standin = await startSmsStandin(provider, SECRET)
    notifier = notifierOf(database, { ...smsProviderEnv(standin, SECRET), NOTIFIER_RETRY_BASE_MS: '1000', NOTIFIER_MAX_ATTEMPTS: '3', NOTIFIER_POLL_MS: '500' })
    await notifier.start()
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
    expect(await jobStates(first.id)).toHaveLength(1)
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
    // No job left behind either: every job of the queue names a message that exists.
    const orphans = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job j where j.name = ${SEND_QUEUE} and not exists (select 1 from outbox_message m where m.id = (j.data->>'messageId')::int)`,
    )
    expect((orphans as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0)
    const sent = await database.db.transaction((tx) => notifier.send(codeMessage(to, code()), { tx }))
    expect(await sent.outcome(5000)).toBe('delivered')
    expect(standin.requests.length - before).toBe(1)
  })

  it('retries a transient error (rate limited, provider down) with growing backoff, then delivers', async () => {
    const to = phone()
    const value = code()
    standin.plan('rateLimited', 'serverError')
    const before = standin.requests.length
    const sent = await notifier.send(codeMessage(to, value))
    expect(await sent.outcome(5000)).toBe('pending')
    const [first] = await rawRows(to)
    expect(first).toMatchObject({ state: 'queued', attempts: 1, last_error: provider === 'aliyun' ? 'isv.BUSINESS_LIMIT_CONTROL' : 'LimitExceeded.PhoneNumberThirtySecondLimit' })

    const row = await settledRow(to)
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, last_error: null })
    expect(JSON.stringify(row)).not.toContain(value)
    const attempts = standin.requests.slice(before)
    expect(attempts).toHaveLength(3)
    // pg-boss's backoff with a 1 s base: 1–2 s before the second attempt, 2–4 s before the third.
    const gaps = attempts.slice(1).map((request, i) => request.at - attempts[i].at)
    expect(gaps[0]).toBeGreaterThanOrEqual(900)
    expect(gaps[1]).toBeGreaterThanOrEqual(1900)
    // The row settles inside the handler; pg-boss marks the job completed just after it returns.
    await until(async () => (await jobStates(Number(row.id))).join() === 'completed', 5000)
  }, 30_000)

  it('gives up after NOTIFIER_MAX_ATTEMPTS transient failures', async () => {
    const to = phone()
    standin.plan('serverError', 'serverError', 'serverError')
    const before = standin.requests.length
    const sent = await notifier.send(codeMessage(to, code()))
    expect(await sent.outcome(5000)).toBe('pending')
    const row = await settledRow(to)
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_error: provider === 'aliyun' ? 'ServiceUnavailable' : 'InternalError.Timeout' })
    expect(standin.requests.length - before).toBe(3)
    // The row settles inside the handler; pg-boss marks the job completed just after it returns.
    await until(async () => (await jobStates(Number(row.id))).join() === 'completed', 5000)
  }, 30_000)

  it.each(['invalidNumber', 'templateRefused'] as const)('never retries a permanent error (%s) and reports it', async (outcome) => {
    const to = phone()
    const value = code()
    standin.plan(outcome)
    const before = standin.requests.length
    const sent = await notifier.send(codeMessage(to, value))
    expect(await sent.outcome(5000)).toBe('failed')
    expect(standin.requests.length - before).toBe(1)
    const [row] = await rawRows(to)
    const expected = {
      aliyun: { invalidNumber: 'isv.MOBILE_NUMBER_ILLEGAL', templateRefused: 'isv.SMS_TEMPLATE_ILLEGAL' },
      tencent: { invalidNumber: 'InvalidParameterValue.IncorrectPhoneNumber', templateRefused: 'FailedOperation.TemplateIncorrectOrUnapproved' },
    }[provider][outcome]
    expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: expected, provider_message_id: null })
    expect(JSON.stringify(row)).not.toContain(value)
    // The job ended: nothing left for pg-boss to retry.
    await until(async () => (await jobStates(Number(row.id))).join() === 'completed', 5000)
  })

  it('sends a Hong Kong number as the provider documents it, with the international template and signature', async () => {
    const to = `+8529${String(++serial).padStart(7, '0')}`
    const value = code()
    expect(await (await notifier.send(codeMessage(to, value))).outcome(5000)).toBe('delivered')
    const request = standin.requests.at(-1)
    if (provider === 'aliyun') {
      expect(request?.params).toMatchObject({ PhoneNumbers: to.slice(1), SignName: 'Staff Services', TemplateCode: 'SMS_460775101' })
    } else {
      expect(request?.params).toMatchObject({ PhoneNumberSet: [to], SignName: 'Staff Services', TemplateId: '1100101', TemplateParamSet: [value, '5'] })
    }
  })

  it('refuses at once, writing nothing, a number of a region without a template configured', async () => {
    const env = { ...smsProviderEnv(standin, SECRET), SMS_INTL_TEMPLATE_VERIFICATION_CODE: '' }
    const without = notifierOf(database, env)
    try {
      const to = `+447700${String(++serial).padStart(6, '0')}`
      const before = standin.requests.length
      await expect(without.send(codeMessage(to, code()))).rejects.toMatchObject({ name: 'DeliveryError', permanent: true, code: 'no-template-for-region' })
      expect(await rawRows(to)).toHaveLength(0)
      // The notices with a template still go.
      const sent = await without.send({ channel: 'sms', to, locale: 'en-US', template: 'passwordChanged', params: { time: '2026-05-04 09:00', device: 'Chrome', hotline: '400-820-6688' } })
      expect(await sent.outcome(5000)).toBe('delivered')
      expect(standin.requests.length - before).toBe(1)
    } finally {
      await without.close()
    }
  })

  it("treats the daily limit as final for the message: one attempt, outcome 'limited'", async () => {
    const to = phone()
    standin.plan('dailyLimit')
    const before = standin.requests.length
    const sent = await notifier.send(codeMessage(to, code()))
    expect(await sent.outcome(5000)).toBe('limited')
    expect(standin.requests.length - before).toBe(1)
    const [row] = await rawRows(to)
    expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: provider === 'aliyun' ? 'isv.DAY_LIMIT_CONTROL' : 'LimitExceeded.PhoneNumberDailyLimit' })
  })

  if (provider === 'tencent') {
    it.each(['LimitExceeded.AppDailyLimit', 'InternalError.SigVerificationFail', 'InternalError.SigFieldMissing', 'InternalError.RequestTimeException', 'FailedOperation.JsonParseFail'])(
      'never retries %s (a limit of the day or a fault of the request)',
      async (error) => {
        const to = phone()
        standin.plan({ error })
        const before = standin.requests.length
        const outcome = await (await notifier.send(codeMessage(to, code()))).outcome(5000)
        expect(outcome).toBe(error === 'LimitExceeded.AppDailyLimit' ? 'limited' : 'failed')
        expect(standin.requests.length - before).toBe(1)
        expect((await rawRows(to))[0]).toMatchObject({ state: 'failed', attempts: 1, last_error: error })
      },
    )
  }

  it('is refused by the stand-in when signed with another secret (a permanent error)', async () => {
    const wrong = notifierOf(database, smsProviderEnv(standin, 'not-the-secret'))
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
