import type { AppAgreement } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { injectSigned } from '../../../test/helpers/signed'
import { renderMarkdown } from './markdown'
import { seedAgreements } from './service'
import { AGREEMENT_SEEDS } from './texts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { SERVICE_PHONE: '400-000-1234' } })
})
afterAll(() => t.close())

const agreements = async (query: Record<string, string>, locale?: string): Promise<AppAgreement[]> => {
  const response = await injectSigned(t.app, { path: '/app/user/api/agreement/getAppAgreements', query, locale })
  expect(response.statusCode).toBe(200)
  return response.json().data.data
}

describe('GET /app/user/api/agreement/getAppAgreements', () => {
  it('answers the user agreement and the privacy policy by default, in Chinese', async () => {
    const list = await agreements({})
    expect(list).toEqual([
      {
        agreementId: expect.stringMatching(/^\d+$/),
        agreementCode: 'user',
        agreementName: '用户服务协议',
        agreementUrl: '/app/agreements/user/1.0?lang=zh-CN',
        version: '1.0',
        publishedAt: '2024-12-31T16:00:00.000Z',
        required: true,
      },
      expect.objectContaining({ agreementCode: 'privacy', agreementName: '隐私政策', agreementUrl: '/app/agreements/privacy/1.0?lang=zh-CN' }),
    ])
    expect(await agreements({ type: '1' })).toEqual(list)
  })

  it('answers the account-cancellation agreement for type 2, in English when asked', async () => {
    const list = await agreements({ type: '2' }, 'en-US')
    expect(list).toEqual([
      expect.objectContaining({
        agreementCode: 'cancellation',
        agreementName: 'Account Cancellation Agreement',
        agreementUrl: '/app/agreements/cancellation/1.1?lang=en-US',
        required: true,
      }),
    ])
  })

  it('refuses an unknown type', async () => {
    const response = await injectSigned(t.app, { path: '/app/user/api/agreement/getAppAgreements', query: { type: '3' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: [{ field: 'type' }] })
  })

  it('answers the latest published version, and not one published in the future', async () => {
    const [user] = AGREEMENT_SEEDS
    const body = { 'zh-CN': '# 用户服务协议 1.1', 'en-US': '# User Service Agreement 1.1' }
    await seedAgreements(t.database.db, [
      { ...user, version: '1.1', publishedAt: '2025-06-01T00:00:00+08:00', body },
      { ...user, version: '9.0', publishedAt: '2999-01-01T00:00:00+08:00', body },
    ])
    const [current] = await agreements({})
    expect(current).toMatchObject({ agreementCode: 'user', version: '1.1', agreementUrl: '/app/agreements/user/1.1?lang=zh-CN' })
    expect((await t.app.inject({ url: '/app/agreements/user/9.0' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/app/agreements/user/1.0' })).statusCode).toBe(200)
  })
})

describe('agreement pages', () => {
  it('shows a readable, escaped, mobile-friendly page in Chinese', async () => {
    const response = await t.app.inject({ url: '/app/agreements/privacy/1.0?lang=zh-CN' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['content-security-policy']).toContain("default-src 'none'")
    const html = response.body
    expect(html).toContain('<html lang="zh-CN">')
    expect(html).toContain('<meta name="viewport"')
    expect(html).toContain('<title>隐私政策</title>')
    expect(html).toContain('<h1>隐私政策</h1>')
    expect(html).toContain('<strong>证件号码</strong>')
    expect(html).toContain('400-000-1234')
    expect(html).not.toContain('{{servicePhone}}')
    expect(html).not.toContain('**')
  })

  it('shows the English text with ?lang=en-US, or by accept-language', async () => {
    const byQuery = await t.app.inject({ url: '/app/agreements/user/1.0?lang=en-US' })
    expect(byQuery.body).toContain('<h1>User Service Agreement</h1>')
    expect(byQuery.body).toContain('<html lang="en-US">')
    const byHeader = await t.app.inject({ url: '/app/agreements/cancellation/1.1', headers: { 'accept-language': 'en-GB,en;q=0.8' } })
    expect(byHeader.body).toContain('<h1>Account Cancellation Agreement</h1>')
    expect(byHeader.body).toContain('cannot be restored')
    expect(byHeader.body).toContain('completes at once')
  })

  it.each(['/app/agreements/user/0.1', '/app/agreements/nothing/1.0', '/app/agreements/%3Cscript%3E/1.0?lang=%3Cx%3E'])(
    'answers 404 with a not-found page for %s',
    async (url) => {
      const response = await t.app.inject({ url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body).toContain('协议不存在')
      expect(response.body).not.toContain('<script>')
    },
  )

  it('answers the not-found page in English', async () => {
    const response = await t.app.inject({ url: '/app/agreements/user/7.7?lang=en-US' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Agreement not found')
  })
})

describe('agreement seeding', () => {
  it('refuses to change the text of a published version', async () => {
    const [user] = AGREEMENT_SEEDS
    await expect(seedAgreements(t.database.db, [{ ...user, body: { ...user.body, 'en-US': 'changed' } }])).rejects.toThrow(
      /"user" version 1.0 is already published with another text/,
    )
  })

  it('has every text in both languages, starting with its name', () => {
    for (const seed of AGREEMENT_SEEDS) {
      expect(seed.body['zh-CN']).toMatch(new RegExp(`^# ${seed.name['zh-CN']}\\n`))
      expect(seed.body['en-US']).toMatch(new RegExp(`^# ${seed.name['en-US']}\\n`))
      expect(seed.body['zh-CN']).toContain('{{servicePhone}}')
      expect(seed.body['en-US']).toContain('{{servicePhone}}')
    }
  })
})

describe('markdown', () => {
  it('renders headings, paragraphs, lists and bold', () => {
    expect(renderMarkdown('# Title\n\nLine one\nline two\n\n- a\n- **b**\n\n1. one\n2. two\n\n## Part')).toBe(
      [
        '<h1>Title</h1>',
        '<p>Line one<br>line two</p>',
        '<ul><li>a</li><li><strong>b</strong></li></ul>',
        '<ol><li>one</li><li>two</li></ol>',
        '<h2>Part</h2>',
      ].join('\n'),
    )
  })

  it('escapes every HTML character of the source', () => {
    expect(renderMarkdown('<script>alert("x")</script> & **<b>**')).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <strong>&lt;b&gt;</strong></p>',
    )
  })
})
