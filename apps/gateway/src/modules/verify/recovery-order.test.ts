import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TEST_ORIGIN, seedAccount, uniqueEmail, uniquePhone } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { MINUTE, testClock } from '../../../test/helpers/clock'
import { latestCode, passCaptcha } from '../../../test/helpers/flows'
import { collectionRecord } from '../../db/schema'
import { backgroundDeliveriesSettled } from '../../infra/notifier/background'
import { answerWritten } from '../../lib/answered'
import { type VerifyDeps, sendEmailCode, sendPhoneCode } from './service'

const clock = testClock(new Date('2026-05-04T01:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())
afterEach(() => {
  vi.restoreAllMocks()
  clock.advance(MINUTE)
})

/** The call's deps with an answer that is written only when the test says so. */
function withHeldAnswer() {
  let write!: () => void
  const written = new Promise<void>((resolve) => (write = resolve))
  const deps: VerifyDeps = {
    db: t.database.db,
    kv: t.kv,
    now: clock.now,
    hmacKey: t.app.hmacKey,
    notifier: t.app.notifier,
    log: t.app.log,
    captchasPerMinute: t.app.config.captchasPerClientPerMinute,
    captchaWorkBits: t.app.config.captchaWorkBits,
    codeResendSeconds: t.app.config.codeResendSeconds,
    answered: () => written,
  }
  return { deps, write }
}

const ledgerOf = (userId: string) => t.database.db.select({ scene: collectionRecord.scene }).from(collectionRecord).where(eq(collectionRecord.userId, userId))

describe('password recovery codes: the answer first, then the work for a registered contact', () => {
  it('renders, queues and records nothing for a registered phone until the answer is written', async () => {
    const phone = uniquePhone()
    const account = await seedAccount(t, { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` })
    const send = vi.spyOn(t.app.notifier, 'send')
    const { deps, write } = withHeldAnswer()
    const answer = await sendPhoneCode(deps, { region: 'CN', phone, scene: 'resetPassword', captchaToken: await passCaptcha(t.app) }, TEST_ORIGIN, 'en-US')
    expect(answer).toEqual({ sentTo: `${phone.slice(0, 3)}****${phone.slice(7)}`, resendAfter: 60, expiresIn: 300 })
    // Let every started promise and I/O callback run: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(send).not.toHaveBeenCalled()
    expect(await ledgerOf(account.userId)).toEqual([])
    write()
    await backgroundDeliveriesSettled()
    expect(send).toHaveBeenCalledTimes(1)
    expect(await latestCode(t.app, `+86${phone}`)).toMatch(/^\d{6}$/)
    expect(await ledgerOf(account.userId)).toEqual([{ scene: 'codeSent' }])
  })

  it('does the same for a registered email; an unknown one gets the same answer and never any work', async () => {
    const email = uniqueEmail()
    const account = await seedAccount(t, { email })
    const send = vi.spyOn(t.app.notifier, 'send')
    const held = withHeldAnswer()
    const known = await sendEmailCode(held.deps, { email, scene: 'resetPassword', captchaToken: await passCaptcha(t.app) }, TEST_ORIGIN, 'zh-CN')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(send).not.toHaveBeenCalled()
    expect(await ledgerOf(account.userId)).toEqual([])
    held.write()
    await backgroundDeliveriesSettled()
    expect(send).toHaveBeenCalledTimes(1)
    expect(await ledgerOf(account.userId)).toEqual([{ scene: 'codeSent' }])

    send.mockClear()
    const other = withHeldAnswer()
    const stranger = uniqueEmail()
    const unknown = await sendEmailCode(other.deps, { email: stranger, scene: 'resetPassword', captchaToken: await passCaptcha(t.app) }, TEST_ORIGIN, 'zh-CN')
    expect(Object.keys(unknown)).toEqual(Object.keys(known))
    other.write()
    await backgroundDeliveriesSettled()
    expect(send).not.toHaveBeenCalled()
  })
})

describe('answerWritten', () => {
  it('resolves only once the answer has been written out to the socket, whatever the handler started', async () => {
    const app = Fastify()
    const seen: boolean[] = []
    app.get('/', async (_request, reply) => {
      void answerWritten(reply).then(() => seen.push(reply.raw.writableFinished))
      return { ok: true }
    })
    try {
      await app.listen({ host: '127.0.0.1', port: 0 })
      const { port } = app.server.address() as { port: number }
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).json()).toEqual({ ok: true })
      expect(seen).toEqual([true])
    } finally {
      await app.close()
    }
  })
})
