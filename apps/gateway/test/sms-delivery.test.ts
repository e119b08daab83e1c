// The send queue across a crash (issue 20): a gateway killed with SIGKILL after it accepted a
// send-code request and while the SMS provider (its stand-in) still held the delivery; the gateway
// restarted on the same data delivers that message, once. And production refuses to start without
// a configured SMS provider and SMTP. On PGlite always; on PostgreSQL too when DATABASE_URL is set.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { calls } from '@ess/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { smsProviderEnv } from './helpers/notifier'
import { httpCall, httpCaptcha, ok, startGatewayProcess } from './helpers/process'
import { processHarness, stores } from './helpers/process-stores'
import { type SmsStandin, startSmsStandin } from '../src/modules/dev/sms-standins'

const SECRET = 'sigkill-test-secret'

/** Resolves once `check` holds, polling every 20 ms; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(stores)('a send-code request accepted by a gateway killed before delivery, on %s', (_name, makeStore) => {
  const harness = processHarness('ess-sms-crash-', makeStore)
  let standin: SmsStandin
  afterAll(async () => {
    await standin?.close()
  })

  // Two gateway starts (the first one creates pg-boss's tables): 20–30 s on a quiet 2-core machine, several times that on a loaded one.
  it('is delivered once after the restart', async () => {
    const { store } = await harness.open()
    standin = await startSmsStandin('tencent', SECRET)
    // The call answers after 200 ms whatever the provider does; a held call to the provider would end after 1.5 s.
    const env = { ...store.env, ...smsProviderEnv(standin, SECRET), SMS_SEND_WAIT_MS: '200', SMS_TIMEOUT_MS: '1500', NOTIFIER_POLL_MS: '500', NOTIFIER_RETRY_BASE_MS: '1000' }
    const first = harness.start(env)
    const url = await first.url

    standin.plan('hold')
    const phone = `1360${String(process.pid % 10_000).padStart(4, '0')}123`
    const sent = await ok(httpCall(url, calls.sendPhoneCode, { phone, scene: 'login', captchaToken: await httpCaptcha(url) } as never))
    expect(sent).toMatchObject({ resendAfter: 60 })
    await until(() => standin.requests.length === 1, 5000, 'the provider to receive the message')
    first.child.kill('SIGKILL')
    await first.exit
    standin.release()
    expect(standin.delivered()).toHaveLength(0)

    const second = harness.start(env)
    const restarted = await second.url
    await until(() => standin.delivered().length === 1, 15_000, 'the delivery after the restart')
    const [held, delivered] = standin.requests
    expect(delivered.params.SessionContext).toBe(held.params.SessionContext)
    expect(delivered.params.TemplateParamSet).toEqual(held.params.TemplateParamSet)

    // Recorded once, delivered, without the code; and never sent again.
    const outbox = async () =>
      ((await (await fetch(`${restarted}/dev/outbox.json?to=%2B86${phone}`)).json()) as { data: { data: Array<{ state: string; transport: string; params: { code: string } }> } }).data.data
    await until(async () => (await outbox())[0]?.state === 'delivered', 5000, 'the delivery to be recorded')
    expect(await outbox()).toMatchObject([{ state: 'delivered', transport: 'tencent', params: { code: '******' } }])
    expect(standin.requests.filter((r) => r.messageId)).toHaveLength(1)
  }, 240_000)
})

describe('a production gateway without an SMS provider and SMTP', () => {
  it('refuses to start, naming the missing variables', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-prod-config-'))
    try {
      const gateway = startGatewayProcess({ NODE_ENV: 'production', DATA_DIR: dataDir })
      expect((await gateway.exit).code).toBe(1)
      expect(gateway.lines.join('\n')).toMatch(/NOTIFIER: production sends real SMS and email: set SMS_PROVIDER .*SMTP_URL, MAIL_FROM/)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
