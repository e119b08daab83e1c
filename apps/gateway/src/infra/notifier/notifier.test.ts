import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifierOf } from '../../../test/helpers/notifier'
import { testDatabase } from '../../../test/helpers/stores'
import type { DatabaseHandle } from '../../db/client'
import { listOutboxMessages } from './outbox'
import { renderMessage } from './templates'

let database: DatabaseHandle
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(() => database.close())

describe('templates', () => {
  it('renders the verification code in both languages, for SMS and email', () => {
    const params = { code: '482910', minutes: '5' }
    expect(renderMessage('sms', 'verificationCode', params, 'zh-CN').body).toBe(
      '【员工服务】您的验证码是482910，5分钟内有效。请勿将验证码告诉他人。',
    )
    expect(renderMessage('sms', 'verificationCode', params, 'en-US').body).toContain('Your verification code is 482910')
    const email = renderMessage('email', 'verificationCode', params, 'en-US')
    expect(email.subject).toBe('Employee Services verification code: 482910')
    expect(email.body).toContain('valid for 5 minutes')
  })
})

describe('outbox adapter', () => {
  it('stores SMS and email in the outbox when no SMTP server is set, newest first', async () => {
    const notifier = notifierOf(database)
    await notifier.send({ channel: 'sms', to: '13800000001', locale: 'zh-CN', template: 'verificationCode', params: { code: '111111', minutes: '5' } })
    await notifier.send({ channel: 'email', to: 'li@example.com', locale: 'en-US', template: 'verificationCode', params: { code: '222222', minutes: '10' } })

    const all = await listOutboxMessages(database.db, { limit: 10 })
    expect(all.map((m) => m.to)).toEqual(['li@example.com', '13800000001'])
    expect(all[0]).toMatchObject({
      channel: 'email',
      locale: 'en-US',
      template: 'verificationCode',
      params: { code: '222222', minutes: '10' },
      subject: 'Employee Services verification code: 222222',
    })
    expect(all[1]).toMatchObject({ channel: 'sms', subject: null, body: expect.stringContaining('111111') })
    expect(all[1].createdAt).toBeInstanceOf(Date)

    const filtered = await listOutboxMessages(database.db, { to: '13800000001', limit: 10 })
    expect(filtered).toHaveLength(1)
  })
})

describe('SMTP adapter', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = []
  let server: SMTPServer
  let port: number

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends email through the SMTP server and SMS still to the outbox', async () => {
    const notifier = notifierOf(database, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'ESS <no-reply@ess.test>' })
    const email = await notifier.send({ channel: 'email', to: 'wang@example.com', locale: 'zh-CN', template: 'verificationCode', params: { code: '333333', minutes: '5' } })
    await notifier.send({ channel: 'sms', to: '13800000002', locale: 'zh-CN', template: 'verificationCode', params: { code: '444444', minutes: '5' } })
    expect(await email.outcome(5000)).toBe('delivered')
    await notifier.close()

    expect(received).toHaveLength(1)
    expect(received[0].from).toBe('no-reply@ess.test')
    expect(received[0].to).toEqual(['wang@example.com'])
    const [head, body] = received[0].data.split('\r\n\r\n')
    expect(head).toContain('Content-Transfer-Encoding: base64')
    expect(head).toContain(`Subject: =?UTF-8?B?${Buffer.from('员工服务验证码：333333').toString('base64')}?=`)
    expect(Buffer.from(body, 'base64').toString('utf8')).toContain('您的验证码是：333333')

    // The email's row records the delivery, without the code (outside development); the SMS sits in the outbox, readable.
    const [sent] = await listOutboxMessages(database.db, { to: 'wang@example.com', limit: 10 })
    expect(sent).toMatchObject({ transport: 'smtp', state: 'delivered', params: { code: '******' } })
    expect(`${sent.subject} ${sent.body}`).not.toContain('333333')
    expect(await listOutboxMessages(database.db, { to: '13800000002', limit: 10 })).toMatchObject([{ transport: 'outbox', params: { code: '444444' } }])
  })
})
