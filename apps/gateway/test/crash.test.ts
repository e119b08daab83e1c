// Crash safety (issue 19 goal 2): concurrent writes against a gateway process killed with SIGKILL
// mid-load, then a gateway restarted on the same data. The database opens; every write answered
// 200 is there and whole (its user, its agreement signatures, its session, its values); nothing is
// half-written anywhere (a user without its agreements, a session without its user). On PGlite
// (a data dir) always; on PostgreSQL too when DATABASE_URL is set (CI's second run).
import { type AppAgreement, type LoginState, type PasswordPubKey, calls } from '@ess/contract'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sealPassword } from './helpers/password'
import { processHarness, stores } from './helpers/process-stores'
import { httpCall, httpCaptcha, httpSmsCode, ok, send, signedCall } from './helpers/process'

const REGISTRATIONS = 16
const EXISTING = 8
const PASSWORD = 'Crash2026pass'

let serial = 0
const phone = () => `137${String(process.pid % 10_000).padStart(4, '0')}${String(++serial).padStart(4, '0')}`
const device = () => `crash-device-${process.pid}-${++serial}`

describe.each(stores)('a gateway killed with SIGKILL mid-load, on %s', (_name, makeStore) => {
  const harness = processHarness('ess-crash-', makeStore)

  it('keeps every acknowledged write, whole, and nothing half-written', async () => {
    const { store } = await harness.open()
    const first = harness.start(store.env)
    const url = await first.url

    // Before the load: accounts to edit and to sign in to, and a code for every registration.
    const agreementIds = (await ok<AppAgreement[]>(httpCall(url, calls.getAppAgreements, { type: '1' }))).map((a) => a.agreementId)
    const { publicKey } = await ok<PasswordPubKey>(httpCall(url, calls.getPasswordPubKey))
    const existing: Array<{ phone: string; deviceId: string; token: string; userId: string }> = []
    for (let i = 0; i < EXISTING; i++) {
      const p = phone()
      const deviceId = device()
      // The first half by code (to edit and re-sign), the second half with a password (to sign in to).
      const withPassword = i >= EXISTING / 2
      const code = await httpSmsCode(url, p, withPassword ? 'register' : 'login', deviceId)
      const sealed = withPassword ? await sealPassword(publicKey, PASSWORD) : ''
      const state = withPassword
        ? await ok<LoginState>(httpCall(url, calls.registerByPhonePwd, { phone: p, code, password: sealed, confirmPassword: sealed, agreementIds } as never, { deviceId }))
        : await ok<LoginState>(httpCall(url, calls.loginSignupByPhoneCode, { phone: p, code, agreementIds } as never, { deviceId }))
      existing.push({ phone: p, deviceId, token: state.accessToken, userId: state.userId })
    }
    const signInUsers = existing.slice(EXISTING / 2)
    const registrations = []
    for (let i = 0; i < REGISTRATIONS; i++) {
      const p = phone()
      const deviceId = device()
      registrations.push({ phone: p, deviceId, code: await httpSmsCode(url, p, 'login', deviceId) })
    }
    const signIns = []
    for (const user of signInUsers) {
      signIns.push({ user, body: { account: user.phone, password: await sealPassword(publicKey, PASSWORD), captchaToken: await httpCaptcha(url, user.deviceId) } })
    }

    // The load: every write at once; SIGKILL once a third of them are answered.
    type Write = { kind: 'register' | 'edit' | 'sign' | 'signIn'; request: ReturnType<typeof signedCall>; check: (answer: any) => Promise<void> }
    const writes: Write[] = []
    const acknowledged: Array<{ write: Write; payload: any }> = []
    for (const r of registrations) {
      writes.push({
        kind: 'register',
        request: signedCall(calls.loginSignupByPhoneCode, { phone: r.phone, code: r.code, agreementIds } as never, { deviceId: r.deviceId }),
        check: async (state: LoginState) => {
          const info = await ok(httpCall(restartedUrl, calls.getUserInfo, undefined, { token: state.accessToken, deviceId: r.deviceId }))
          expect(info).toMatchObject({ userId: state.userId, phone: r.phone })
          const { signed, pending } = await ok(httpCall(restartedUrl, calls.getUserAgreements, undefined, { token: state.accessToken, deviceId: r.deviceId }))
          expect(pending).toEqual([])
          expect(signed.map((s: { agreementId: string }) => s.agreementId).sort()).toEqual([...agreementIds].sort())
        },
      })
    }
    existing.slice(0, EXISTING / 2).forEach((user, i) => {
      const edit = { username: `crash${process.pid}u${i}`, address: `上海市浦东新区世纪大道 ${i} 号`, postcode: '200120' }
      writes.push({
        kind: 'edit',
        request: signedCall(calls.editUserPersonalInfo, edit as never, { token: user.token, deviceId: user.deviceId }),
        check: async () => {
          const info = await ok(httpCall(restartedUrl, calls.getUserPersonalInfo, undefined, { token: user.token, deviceId: user.deviceId }))
          expect(info).toMatchObject({ username: edit.username, address: edit.address, postcode: edit.postcode })
        },
      })
      writes.push({
        kind: 'sign',
        request: signedCall(calls.signAgreements, { agreementIds } as never, { token: user.token, deviceId: user.deviceId }),
        check: async () => {
          const { pending } = await ok(httpCall(restartedUrl, calls.getUserAgreements, undefined, { token: user.token, deviceId: user.deviceId }))
          expect(pending).toEqual([])
        },
      })
    })
    for (const { user, body } of signIns) {
      writes.push({
        kind: 'signIn',
        request: signedCall(calls.loginByAccount, body as never, { deviceId: user.deviceId }),
        check: async (state: LoginState) => {
          const info = await ok(httpCall(restartedUrl, calls.getUserInfo, undefined, { token: state.accessToken, deviceId: user.deviceId }))
          expect(info).toMatchObject({ userId: user.userId })
        },
      })
    }
    writes.sort(() => Math.random() - 0.5)

    let restartedUrl = ''
    let killed = false
    const killAt = Math.ceil(writes.length / 3)
    const outcomes = await Promise.all(
      writes.map(async (write) => {
        try {
          const answer = await send(url, write.request)
          if (answer.status === 200 && answer.body.code === 200) {
            acknowledged.push({ write, payload: answer.body.data.data })
            if (!killed && acknowledged.length >= killAt) {
              killed = true
              first.child.kill('SIGKILL')
            }
            return 'acknowledged'
          }
          return `refused ${answer.body.errorCode}`
        } catch {
          return 'cut off'
        }
      }),
    )
    expect((await first.exit).signal).toBe('SIGKILL')
    console.info(`crash test: ${writes.length} writes, ${outcomes.filter((o) => o === 'acknowledged').length} acknowledged, ${outcomes.filter((o) => o === 'cut off').length} cut off by the SIGKILL`)
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAt)
    // Refusals other than the crash itself would mean the load was wrong, not the crash handling.
    expect(outcomes.filter((o) => o.startsWith('refused'))).toEqual([])

    // Restart on the same data: it opens, and every acknowledged write is there, whole.
    const second = harness.start(store.env)
    restartedUrl = await second.url
    for (const { write, payload } of acknowledged) await write.check(payload)

    // Nothing half-written: looked at in the database itself once the gateway has stopped.
    second.child.kill('SIGTERM')
    expect((await second.exit).code).toBe(0)
    const database = await store.open()
    try {
      const count = async (query: ReturnType<typeof sql>) =>
        Number(((await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0].n)
      expect(await count(sql`select count(*)::int as n from app_user u where not exists (select 1 from user_agreement a where a.user_id = u.id)`)).toBe(0)
      expect(await count(sql`select count(*)::int as n from user_session s where not exists (select 1 from app_user u where u.id = s.user_id)`)).toBe(0)
      expect(await count(sql`select count(*)::int as n from user_agreement a where not exists (select 1 from app_user u where u.id = a.user_id)`)).toBe(0)
    } finally {
      await database.close()
    }
  }, 480_000)
})
