// Rolling restarts behind nginx (issue 36): Debian's nginx, run as a child process with the shipped
// deploy/nginx/nginx.conf (its upstream addresses, listen port and paths replaced), in front of
// two gateway processes on one PostgreSQL, one Redis and one KEYS_DIR. A bounded mixed load (reads,
// code sends, sign-ups, sign-ins) runs through nginx while each gateway in turn is stopped with
// SIGTERM and started again: no request fails, and every acknowledged sign-up is there afterwards.
// The load goes through the HTTPS server (a certificate made for the run); plain HTTP only redirects.
// Runs when DATABASE_URL and REDIS_URL are set and nginx is installed (CI's second run).
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'
import { type AppAgreement, type LoginState, type PasswordPubKey, calls } from '@ess/contract'
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { packageDir } from '../src/paths'
import { databaseUrl } from './helpers/database-url'
import { freePort } from './helpers/free-port'
import { NGINX, type ShippedNginx, startShippedNginx } from './helpers/nginx'
import { sealPassword } from './helpers/password'
import { type GatewayProcess, type HttpAnswer, httpCall, httpCaptcha, httpSmsCode, signedCall, startGatewayProcess } from './helpers/process'
import { adminQuery } from './helpers/stores'

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL)
/** Load workers running side by side through nginx. */
const WORKERS = 3

describe.runIf(enabled && existsSync(NGINX))('rolling restart of two gateways behind nginx', () => {
  const name = `ess_rolling_${process.pid}_${randomBytes(4).toString('hex')}`
  let keysDir: string
  let nginx: ShippedNginx
  /** The HTTPS port: the load goes through TLS as browsers' requests do. */
  let front: string
  let dispatcher: Dispatcher
  const ports: number[] = []
  const envs: Array<Record<string, string>> = []
  const gateways: GatewayProcess[] = []
  /** Every gateway process started, the stopped ones too (their warnings explain a failure). */
  const started: GatewayProcess[] = []

  beforeAll(async () => {
    await adminQuery(`create database ${name} template ${inject('pgTemplate')}`)
    keysDir = await mkdtemp(path.join(os.tmpdir(), 'ess-keys-'))
    for (let i = 0; i < 2; i++) {
      ports.push(await freePort())
      envs.push({
        PORT: String(ports[i]),
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'ess-rolling-')),
        KEYS_DIR: keysDir,
        DATABASE_URL: databaseUrl(process.env.DATABASE_URL as string, name),
        REDIS_URL: process.env.REDIS_URL as string,
        TRUST_PROXY: '1',
        DRAIN_DELAY_MS: '1500',
      })
      gateways.push(startGatewayProcess(envs[i]))
      started.push(gateways[i])
    }
    await Promise.all(gateways.map((gateway) => gateway.url))
    nginx = await startShippedNginx(path.join(packageDir, '../../deploy/nginx/nginx.conf'), ports.map((port) => `127.0.0.1:${port}`))
    front = nginx.https
    // The load's fetch trusts the run's certificate (HTTP/1.1 over TLS; HTTP/2 is checked below).
    dispatcher = getGlobalDispatcher()
    setGlobalDispatcher(new Agent({ connect: { ca: nginx.ca } }))
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${front}/app/health/ready`).then((r) => r.ok, () => false)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 180_000)
  afterAll(async () => {
    if (dispatcher) setGlobalDispatcher(dispatcher)
    for (const gateway of gateways) gateway.child.kill('SIGTERM')
    await Promise.all(gateways.map((gateway) => gateway.exit))
    await nginx?.stop()
    await adminQuery(`drop database if exists ${name} with (force)`)
    for (const dir of [keysDir, ...envs.map((env) => env.DATA_DIR)]) if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('ends TLS with HTTP/2 on its HTTPS port and only redirects on plain HTTP', async () => {
    // Plain HTTP answers nothing itself: a page or a call is sent to the same address over HTTPS.
    const plain = await fetch(`${nginx.http}/app/user/api/dict/list?type=phoneRegion`, { redirect: 'manual' })
    expect(plain.status).toBe(301)
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/app/user/api/dict/list?type=phoneRegion')

    // HTTPS negotiates h2 (ALPN) and passes a signed call, its underscore headers included, to a gateway.
    const session = http2.connect(front, { ca: nginx.ca })
    try {
      const alpn = await new Promise<string | false | undefined>((resolve, reject) => {
        session.once('connect', () => resolve(session.alpnProtocol))
        session.once('error', reject)
      })
      expect(alpn).toBe('h2')
      const request = signedCall(calls.dictList, { type: 'phoneRegion' })
      const stream = session.request({ ':method': request.method, ':path': request.path, ...request.headers })
      const [headers, body] = await new Promise<[http2.IncomingHttpHeaders, string]>((resolve, reject) => {
        let text = ''
        let received: http2.IncomingHttpHeaders = {}
        stream.setEncoding('utf8')
        stream.on('response', (h) => (received = h))
        stream.on('data', (chunk: string) => (text += chunk))
        stream.on('end', () => resolve([received, text]))
        stream.on('error', reject)
      })
      expect(headers[':status']).toBe(200)
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/)
      const answer = JSON.parse(body)
      expect(answer.code).toBe(200)
      expect(answer.data.data.items.length).toBeGreaterThan(0)
    } finally {
      session.close()
    }
    // Both requests are in the access log, the second as HTTP/2.0.
    expect(await nginx.accessLog()).toMatch(/"GET \/app\/user\/api\/dict\/list\?type=phoneRegion HTTP\/2\.0" 200 /)
  })

  it('loses no request and no acknowledged write while each gateway is restarted with SIGTERM', async () => {
    // The log from here on: the start's and the test before's redirects are not this load's.
    const logStart = (await nginx.accessLog()).length
    const failures: string[] = []
    const counts = { reads: 0, codes: 0, signUps: 0, signIns: 0 }
    const signedUp: Array<{ phone: string; token: string; deviceId: string }> = []
    /** Every request of the load: any refusal or network error is a failure. */
    const must = async (what: string, answer: Promise<HttpAnswer>): Promise<any> => {
      try {
        const { status, body } = await answer
        if (status !== 200 || body.code !== 200) throw new Error(`${status} ${JSON.stringify(body).slice(0, 200)}`)
        return body.data.data
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`)
        // A worker that failed waits a little: a window of refusals is not a flood of them.
        await new Promise((resolve) => setTimeout(resolve, 100))
        return undefined
      }
    }
    const agreements = (await must('agreements', httpCall(front, calls.getAppAgreements, { type: '1' }))) as AppAgreement[] | undefined
    const key = (await must('key', httpCall(front, calls.getPasswordPubKey))) as PasswordPubKey | undefined
    expect(failures).toEqual([])
    const agreementIds = (agreements as AppAgreement[]).map((a) => a.agreementId)
    const { publicKey } = key as PasswordPubKey

    let running = true
    let serial = 0
    async function worker(w: number) {
      while (running) {
        const n = ++serial
        const phone = `135${String(process.pid % 10_000).padStart(4, '0')}${String(n).padStart(4, '0')}`
        const deviceId = `rolling-${process.pid}-${n}`
        if (await must('dict', httpCall(front, calls.dictList, { type: 'phoneRegion' }, { deviceId }))) counts.reads++
        if (await must('page', httpCall(front, calls.cmsPage, { pageCode: 'homepage' }, { deviceId }))) counts.reads++
        let code: string
        try {
          code = await httpSmsCode(front, phone, 'register', deviceId)
          counts.codes++
        } catch (error) {
          failures.push(`code send (worker ${w}): ${(error as Error).message}`)
          await new Promise((resolve) => setTimeout(resolve, 100))
          continue
        }
        const password = await sealPassword(publicKey, 'Rolling2026pass')
        const state = (await must('sign-up', httpCall(front, calls.registerByPhonePwd, { phone, code, password, confirmPassword: password, agreementIds } as never, { deviceId }))) as LoginState | undefined
        if (!state) continue
        counts.signUps++
        signedUp.push({ phone, token: state.accessToken, deviceId })
        const captchaToken = await httpCaptcha(front, deviceId).catch((error: Error) => void failures.push(`captcha: ${error.message}`))
        if (!captchaToken) continue
        const signIn = await must('sign-in', httpCall(front, calls.loginByAccount, { account: phone, password: await sealPassword(publicKey, 'Rolling2026pass'), captchaToken } as never, { deviceId }))
        if (signIn) counts.signIns++
      }
    }
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))

    for (let i = 0; i < gateways.length; i++) {
      // Some load on both first, then this one leaves and comes back while the load goes on.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      gateways[i].child.kill('SIGTERM')
      expect((await gateways[i].exit).code).toBe(0)
      // Read from here on: requests the stopped process finished while draining are logged with its
      // address and 200 too, but say nothing of nginx taking the new process back (it still counts
      // the refused connections of the restart against that address for fail_timeout).
      const logged = (await nginx.accessLog()).length
      gateways[i] = startGatewayProcess(envs[i])
      started.push(gateways[i])
      await gateways[i].url
      // As an operator does before the next one: wait until nginx sends it traffic again.
      const serving = `upstream=127.0.0.1:${ports[i]} status=200`
      while (!(await nginx.accessLog()).slice(logged).includes(serving)) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    await new Promise((resolve) => setTimeout(resolve, 1500))
    running = false
    await load

    const log = (await nginx.accessLog()).slice(logStart)
    if (failures.length) {
      // What CI shows is the end of the output: the failures in short, then what nginx saw.
      const kinds = [...new Set(failures.map((f) => f.replace(/ \(worker \d\)/, '').slice(0, 160)))]
      const statuses = log.split('\n').filter((line) => line && !line.includes('" 200 '))
      throw new Error(
        [
          `${failures.length} requests failed; ${kinds.length} kinds: ${kinds.slice(0, 5).join(' | ')}`,
          `gateway lines: ${started.flatMap((g) => g.lines.filter((l) => /"level":(40|50|60)/.test(l))).slice(-6).join('\n')}`,
          `nginx error.log: ${(await nginx.errorLog()).slice(-1500)}`,
          `access log, not 200 (${statuses.length}): ${statuses.slice(0, 12).join('\n')}`,
        ].join('\n'),
      )
    }
    expect(counts.signUps).toBeGreaterThan(0)
    expect(counts.signIns).toBeGreaterThan(0)
    // Both gateways served, before and after their restarts.
    for (const port of ports) expect(log).toContain(`127.0.0.1:${port}`)
    // nginx answered nothing but 200 to the load (a request moved to the other gateway is one line, 200).
    const statuses = new Set(log.split('\n').filter(Boolean).map((line) => /" (\d{3}) /.exec(line)?.[1]))
    expect(statuses).toEqual(new Set(['200']))
    // Every acknowledged sign-up is there: its session opens its account, on either gateway.
    for (const user of signedUp) {
      const info = await must('user info', httpCall(front, calls.getUserInfo, undefined, { token: user.token, deviceId: user.deviceId }))
      expect(info?.phone).toBe(user.phone)
    }
    expect(failures).toEqual([])
    console.info(`rolling restart: ${JSON.stringify(counts)} through nginx, 0 failed`)
  }, 240_000)
})
