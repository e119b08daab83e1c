import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniquePhone } from '../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../test/helpers/calls'
import { passCaptcha, smsCode } from '../../test/helpers/flows'
import { sealPassword } from '../../test/helpers/password'
import { loadConfig } from '../config'
import { packageDir } from '../paths'

const PROMTOOL = '/usr/bin/promtool'

/** Whether promtool is there: CI installs Debian's prometheus package (.ci/run), where a missing one fails. */
function havePromtool(): boolean {
  if (existsSync(PROMTOOL)) return true
  if (process.env.CI) throw new Error(`${PROMTOOL} is missing: install Debian's prometheus package`)
  console.warn(`skipped: ${PROMTOOL} is missing (apt-get install prometheus)`)
  return false
}

/** The value of one sample of a scrape (labels as written by prom-client), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('Prometheus metrics on their own listener (METRICS_PORT)', () => {
  let t: TestApp
  let url: string
  const scrape = async () => {
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return response.text()
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_PORT: '0' } })
    url = t.app.metrics?.url as string
  })
  afterAll(() => t.close())

  it('answers only GET /metrics there, and nothing of them on the public routes', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
    expect((await fetch(new URL('/', url))).status).toBe(404)
    expect((await fetch(url, { method: 'POST' })).status).toBe(404)
    expect((await t.app.inject({ url: '/metrics' })).body).not.toContain('ess_http_request_duration_seconds')
  })

  it('counts requests by route pattern and status, sign-in failures and lockouts, codes by channel, cache reads, store calls', async () => {
    const before = await scrape()
    expect((await t.app.inject({ url: '/app/health/live' })).statusCode).toBe(200)
    await t.app.inject({ url: '/app/nothing/here/12345?code=secret' })
    // A page read twice: loaded once, then from the read cache.
    payloadOf(await callApi(t.app, calls.cmsPage, { pageCode: 'homepage' }))
    payloadOf(await callApi(t.app, calls.cmsPage, { pageCode: 'homepage' }))
    // A code by SMS, then five wrong passwords for an account that does not exist: the fifth locks it.
    await smsCode(t.app, uniquePhone(), 'login')
    const account = uniquePhone()
    for (let i = 0; i < 5; i++) {
      const deviceId = `metrics-device-${i}`
      const password = await sealPassword(t.app.passwordKey.publicKeyPem, 'Wrong2026pass')
      const refused = await callApi(t.app, calls.loginByAccount, { account, password, captchaToken: await passCaptcha(t.app, deviceId) }, { deviceId })
      expectRefusal(refused, i < 4 ? 'WRONG_CREDENTIALS' : 'ACCOUNT_LOCKED')
    }
    const after = await scrape()
    const grew = (name: string, labels = '') => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0)

    expect(grew('ess_http_request_duration_seconds_count', 'route="/app/health/live",method="GET",status="200"')).toBe(1)
    // The raw URL (with its id and query) never becomes a label.
    expect(grew('ess_http_request_duration_seconds_count', 'route="unmatched",method="GET",status="404"')).toBe(1)
    expect(after).not.toContain('12345')
    expect(after).not.toContain('secret')
    expect(grew('ess_http_request_duration_seconds_count', `route="/app${calls.loginByAccount.path}",method="POST",status="400"`)).toBe(4)
    expect(grew('ess_sign_in_failures_total')).toBe(5)
    expect(grew('ess_sign_in_lockouts_total')).toBe(1)
    expect(grew('ess_messages_queued_total', 'channel="sms",template="verificationCode"')).toBe(1)
    expect(grew('ess_read_cache_hits_total', 'cache="cms_page"')).toBeGreaterThanOrEqual(1)
    expect(grew('ess_kv_call_duration_seconds_count', 'operation="incr"')).toBeGreaterThanOrEqual(5)
    if (t.database.kind === 'postgres') expect(grew('ess_db_query_duration_seconds_count')).toBeGreaterThan(10)
    // The outbox delivers at once: nothing waits, nothing failed, and both channels are named.
    for (const channel of ['sms', 'email']) {
      expect(sample(after, 'ess_send_queue_waiting', `channel="${channel}"`)).toBe(0)
      expect(sample(after, 'ess_send_queue_failed', `channel="${channel}"`)).toBe(0)
      expect(sample(after, 'ess_send_queue_oldest_waiting_seconds', `channel="${channel}"`)).toBe(0)
    }
    expect(sample(after, 'ess_password_hash_in_flight')).toBe(0)
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect(sample(after, name)).toBeGreaterThan(0)
    }
  })

  it("passes Prometheus' own check (promtool check metrics)", async (context) => {
    if (!havePromtool()) return context.skip()
    const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' })
    expect(checked.stderr + checked.stdout).toBe('')
    expect(checked.status).toBe(0)
  })

  it('the Grafana dashboard asks only for metrics the gateway has, in queries promtool parses', async (context) => {
    const dashboard = JSON.parse(readFileSync(path.join(packageDir, '../../deploy/grafana/ess-gateway.json'), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>
    }
    const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr)
    expect(queries.length).toBeGreaterThan(10)
    const scraped = await scrape()
    for (const name of new Set(queries.flatMap((query) => query.match(/\b(?:ess|nodejs|process)_[a-z0-9_]+/g) ?? []))) {
      expect(scraped, name).toContain(`\n${name.replace(/_(bucket|count|sum)$/, '')}`)
    }
    if (!havePromtool()) return context.skip()
    // Grafana's variables as Prometheus would see them once substituted; each query a recording rule.
    const rules = path.join(os.tmpdir(), `ess-dashboard-rules-${process.pid}.yaml`)
    const expressions = queries.map((query) => query.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*'))
    writeFileSync(rules, JSON.stringify({ groups: [{ name: 'dashboard', rules: expressions.map((expr, i) => ({ record: `dashboard:query${i}`, expr })) }] }))
    const checked = spawnSync(PROMTOOL, ['check', 'rules', rules], { encoding: 'utf8' })
    rmSync(rules, { force: true })
    expect(checked.status, checked.stdout + checked.stderr).toBe(0)
  })
})

describe('metrics off (no METRICS_PORT)', () => {
  // That prom-client is not even loaded: test/observe-off.test.ts (a process of its own).
  it('has no metrics and adds no hook', async () => {
    const t = await buildTestApp()
    try {
      expect(t.app.metrics).toBeUndefined()
      expect(t.app.printPlugins()).toContain('metrics')
      // The KV as opened, not timed.
      expect(t.app.kv).toBe(t.kv)
    } finally {
      await t.close()
    }
  })

  it('refuses METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/)
  })
})
