import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'

describe('dev tools outside production', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
    await t.app.notifier.send({ channel: 'sms', to: '13800000001', locale: 'zh-CN', template: 'verificationCode', params: { code: '123456', minutes: '5' } })
    await t.app.notifier.send({ channel: 'email', to: '<x>@example.com', locale: 'en-US', template: 'verificationCode', params: { code: '654321', minutes: '5' } })
  })
  afterAll(() => t.close())

  it('lists the outbox as JSON, newest first', async () => {
    const response = await t.app.inject({ url: '/dev/outbox.json' })
    expect(response.statusCode).toBe(200)
    const { code, data } = response.json()
    expect(code).toBe(200)
    expect(data.data).toEqual([
      expect.objectContaining({ channel: 'email', to: '<x>@example.com', params: { code: '654321', minutes: '5' } }),
      expect.objectContaining({
        channel: 'sms',
        to: '13800000001',
        locale: 'zh-CN',
        template: 'verificationCode',
        params: { code: '123456', minutes: '5' },
        body: expect.stringContaining('123456'),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ])
  })

  it('filters by recipient with ?to=', async () => {
    const { data } = (await t.app.inject({ url: '/dev/outbox.json?to=13800000001' })).json()
    expect(data.data.map((m: { params: { code: string } }) => m.params.code)).toEqual(['123456'])
    const none = (await t.app.inject({ url: '/dev/outbox.json?to=nobody' })).json()
    expect(none.data.data).toEqual([])
  })

  it('refuses a bad limit', async () => {
    const response = await t.app.inject({ url: '/dev/outbox.json?limit=0' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: [{ field: 'limit' }] })
  })

  it('shows the outbox as a readable page with the codes, escaped', async () => {
    const response = await t.app.inject({ url: '/dev/outbox' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = response.body
    expect(html).toContain('<div class="code">123456</div>')
    expect(html).toContain('<div class="code">654321</div>')
    expect(html.indexOf('654321')).toBeLessThan(html.indexOf('123456'))
    expect(html).toContain('&lt;x&gt;@example.com')
    expect(html).not.toContain('<x>@')
  })

  it('answers slowly on /dev/delay', async () => {
    const started = Date.now()
    const response = await t.app.inject({ url: '/dev/delay?ms=120' })
    expect(response.json().data.data).toEqual({ delayedMs: 120 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
  })
})

describe('dev tools in production', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', NOTIFIER: 'outbox' } })
  })
  afterAll(() => t.close())

  it.each(['/dev/outbox', '/dev/outbox.json', '/dev/delay'])('answers 404 NOT_FOUND for %s', async (url) => {
    const response = await t.app.inject({ url })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ errorCode: 'NOT_FOUND', data: { success: false, data: null } })
  })
})
