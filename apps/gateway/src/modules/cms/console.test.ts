// The console's content calls of the CMS (issue 33): page drafts, preview links, publish with
// step-up, versions and restore, planned publishes (once across runs), image uploads and articles
// with hostile HTML; each change with its audit row, and none without.
import { deflateSync } from 'node:zlib'
import { type CmsPage, type ConsolePageCode, type ConsoleRole, type Floor, type PageDraft, calls } from '@ess/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { type ConsoleClient, consoleCall, createOperator, nextCode, signIn } from '../../../test/helpers/operators'
import { auditLog, cmsPageDraft } from '../../db/schema'
import { eq } from 'drizzle-orm'
import { restoreArticleVersion } from './articles-console'
import { saveDraft, withdrawVersion } from './pages-console'
import { publishPageVersion } from './service'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp
const clients: Partial<Record<string, ConsoleClient & { secret: string }>> = {}
let serial = 0

async function operator(roles: ConsoleRole[]) {
  const key = roles.join('+')
  if (!clients[key]) {
    const op = await createOperator(t.app, `${key.replace(/[+_]/g, '-')}-${++serial}@console.example`, roles)
    clients[key] = { ...(await signIn(t.app, clock, op)), secret: op.totpSecret }
  }
  return clients[key] as ConsoleClient & { secret: string }
}
const editor = () => operator(['content_editor'])
const publisher = () => operator(['content_publisher'])

async function stepUp(client: ConsoleClient & { secret: string }) {
  payloadOf(await consoleCall(t.app, client, 'POST', '/app/console/auth/step-up', { payload: { code: await nextCode(clock, client.secret) } }))
}

const page = async (code: string, lang = 'zh-CN') => payloadOf<CmsPage>(await callApi(t.app, calls.cmsPage, { pageCode: code }, { locale: lang }))
const auditActions = async () => (await t.database.db.select({ action: auditLog.action, resourceId: auditLog.resourceId }).from(auditLog)).map((r) => r.action)

/** The draft with the first banner's first slide titled `title` in both languages. */
async function draftWithTitle(client: ConsoleClient, title: string) {
  const draft = payloadOf<PageDraft>(await consoleCall(t.app, client, 'GET', '/app/console/cms/pages/homepage'))
  const retitle = (floors: Floor[], suffix: string) =>
    floors.map((f) => (f.component === 'banner' ? { ...f, slides: f.slides.map((s, i) => (i === 0 ? { ...s, title: `${title}${suffix}` } : s)) } : f))
  return { floorsZh: retitle(draft.floorsZh, ''), floorsEn: retitle(draft.floorsEn, ' (en)') }
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

describe('page floors: draft, preview, publish, versions', () => {
  it('keeps a draft apart from what is live, previews it through a signed link, publishes it with step-up, everywhere at once', async () => {
    const ed = await editor()
    const before = await page('homepage')
    const body = await draftWithTitle(ed, '春季福利')
    const saved = payloadOf<PageDraft>(await consoleCall(t.app, ed, 'PUT', '/app/console/cms/pages/homepage/draft', { payload: body }))
    expect(saved.changed).toBe(true)
    expect(saved.publishedVersion).toBe(before.version)
    // The portal still shows what is live (the cached read too).
    expect(JSON.stringify(await page('homepage'))).not.toContain('春季福利')

    const link = payloadOf<{ url: string; expiresAt: string }>(await consoleCall(t.app, ed, 'POST', '/app/console/cms/pages/homepage/preview'))
    expect(link.url).toMatch(/\/#\/pages\/home\/index\?preview=/)
    const token = decodeURIComponent(link.url.split('preview=')[1])
    const preview = payloadOf<CmsPage>(await callApi(t.app, calls.cmsPreview, { pageCode: 'homepage', token }, { locale: 'en-US' }))
    expect(JSON.stringify(preview)).toContain('春季福利 (en)')
    // Altered, for another page, or expired: refused.
    expectRefusal(await callApi(t.app, calls.cmsPreview, { pageCode: 'homepage', token: token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) }), 'PREVIEW_INVALID', 403)
    expectRefusal(await callApi(t.app, calls.cmsPreview, { pageCode: 'servicegrid', token }), 'PREVIEW_INVALID', 403)

    // An editor may not publish; a publisher must step up first.
    expectRefusal(await consoleCall(t.app, ed, 'POST', '/app/console/cms/pages/homepage/publish'), 'CONSOLE_ROLE_DENIED', 403)
    const pub = await publisher()
    expectRefusal(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/homepage/publish'), 'STEP_UP_REQUIRED', 403)
    expectRefusal(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/homepage/publish', { csrf: false }), 'CONSOLE_CSRF_INVALID', 403)
    await stepUp(pub)
    const { version } = payloadOf<{ version: number }>(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/homepage/publish'))
    expect(version).toBe(before.version + 1)
    const live = await page('homepage')
    expect(live.version).toBe(version)
    expect(JSON.stringify(live)).toContain('春季福利')
    expect(JSON.stringify(await page('homepage', 'en-US'))).toContain('春季福利 (en)')
    // The preview link expires.
    clock.advance(16 * 60_000)
    expectRefusal(await callApi(t.app, calls.cmsPreview, { pageCode: 'homepage', token }), 'PREVIEW_INVALID', 403)

    // Nothing left to publish.
    await stepUp(pub)
    expectRefusal(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/homepage/publish'), 'CONTENT_NO_CHANGE', 409)
    expect(await auditActions()).toEqual(expect.arrayContaining(['cms.page.draft', 'cms.page.publish']))
  })

  it('keeps every published version and restores one as a new version', async () => {
    const pub = await publisher()
    const versions = payloadOf<Array<{ version: number }>>(await consoleCall(t.app, pub, 'GET', '/app/console/cms/pages/homepage/versions'))
    expect(versions.length).toBeGreaterThanOrEqual(2)
    const first = versions[versions.length - 1].version
    const old = payloadOf<{ floorsZh: Floor[] }>(await consoleCall(t.app, pub, 'GET', `/app/console/cms/pages/homepage/versions/${first}`))
    clock.advance(6 * 60_000) // past the last step-up
    expect(JSON.stringify(old.floorsZh)).not.toContain('春季福利')
    expectRefusal(await consoleCall(t.app, pub, 'POST', `/app/console/cms/pages/homepage/versions/${first}/restore`), 'STEP_UP_REQUIRED', 403)
    await stepUp(pub)
    const restored = payloadOf<{ version: number }>(await consoleCall(t.app, pub, 'POST', `/app/console/cms/pages/homepage/versions/${first}/restore`))
    expect(restored.version).toBe(versions[0].version + 1)
    expect(JSON.stringify(await page('homepage'))).not.toContain('春季福利')
    expectRefusal(await consoleCall(t.app, pub, 'GET', '/app/console/cms/pages/homepage/versions/999'), 'CONTENT_NOT_FOUND', 404)
  })

  it('refuses link items and images outside the rules, per field, in the caller language, storing nothing', async () => {
    const ed = await editor()
    const body = await draftWithTitle(ed, 'x')
    const grid = body.floorsZh.findIndex((f) => f.component === 'grid')
    const banner = body.floorsZh.findIndex((f) => f.component === 'banner')
    const bad = structuredClone(body)
    const g = bad.floorsZh[grid] as Extract<Floor, { component: 'grid' }>
    g.items[0] = { ...g.items[0], link: 'http://example.com/a' }
    g.items[1] = { ...g.items[1], link: 'javascript:alert(1)' }
    g.items[2] = { ...g.items[2], link: 'inner:nowhere' }
    g.items[3] = { ...g.items[3], link: '/packages/nowhere/index' }
    g.items[4] = { ...g.items[4], link: 'https://user@evil.example/' }
    g.items[5] = { ...g.items[5], miniLink: 'mini:unknownMini/pages/x' }
    g.items[6] = { ...g.items[6], link: 'service', authenticationRequired: true, loginRequired: false }
    g.items[7] = { ...g.items[7], link: '/pages/service/index', external: 1 }
    const b = bad.floorsZh[banner] as Extract<Floor, { component: 'banner' }>
    b.slides[0] = { ...b.slides[0], image: { ...b.slides[0].image, url: 'https://evil.example/x.png' } }
    const draftBefore = await t.database.db.select().from(cmsPageDraft)
    const response = await consoleCall(t.app, ed, 'PUT', '/app/console/cms/pages/homepage/draft', { payload: bad, headers: { 'accept-language': 'en-US' } })
    const fields = Object.fromEntries((expectRefusal(response, 'VALIDATION_FAILED', 400).fields ?? []).map((f: { field: string; message: string }) => [f.field, f.message]))
    const at = (i: number, name: string) => fields[`floorsZh.${grid}.items.${i}.${name}`]
    expect(at(0, 'link')).toBe('An outside link must start with https://')
    expect(at(1, 'link')).toBe('An outside link must start with https://')
    expect(at(2, 'link')).toBe('Unknown inner jump destination')
    expect(at(3, 'link')).toBe('The portal has no such page')
    expect(at(4, 'link')).toBe('The link is not valid')
    expect(at(5, 'miniLink')).toMatch(/mini-program link/)
    expect(at(6, 'loginRequired')).toMatch(/must also require sign-in/)
    expect(at(7, 'external')).toMatch(/https address/)
    expect(fields[`floorsZh.${banner}.slides.0.image.url`]).toBe('Please use an uploaded image')
    // Floors of the two languages must match.
    const mismatch = { floorsZh: body.floorsZh, floorsEn: body.floorsEn.slice(1) }
    const zh = await consoleCall(t.app, ed, 'PUT', '/app/console/cms/pages/homepage/draft', { payload: mismatch })
    expect(expectRefusal(zh, 'VALIDATION_FAILED', 400).fields).toContainEqual(expect.objectContaining({ field: 'floorsEn', message: '中英文楼层的顺序和类型必须一致' }))
    expect(await t.database.db.select().from(cmsPageDraft)).toEqual(draftBefore)
  })

  it('writes the draft and its audit row together: a failing audit leaves no draft', async () => {
    const ed = await editor()
    const body = await draftWithTitle(ed, '不应保存')
    const deps = { db: t.database.db, kv: t.kv, now: clock.now }
    await expect(saveDraft(deps, 'homepage', body, 'nobody', async () => Promise.reject(new Error('audit down')))).rejects.toThrow('audit down')
    expect(JSON.stringify(await t.database.db.select().from(cmsPageDraft))).not.toContain('不应保存')
  })

  it('refuses the console to employees and to operators without a content role', async () => {
    expectRefusal(await consoleCall(t.app, undefined, 'GET', '/app/console/cms/pages/homepage'), 'CONSOLE_SESSION_INVALID', 401)
    const auditor = await operator(['auditor'])
    expectRefusal(await consoleCall(t.app, auditor, 'GET', '/app/console/cms/pages/homepage'), 'CONSOLE_ROLE_DENIED', 403)
    const agreements = await operator(['agreement_manager'])
    expectRefusal(await consoleCall(t.app, agreements, 'PUT', '/app/console/cms/pages/homepage/draft', { payload: await draftWithTitle(await editor(), 'x') }), 'CONSOLE_ROLE_DENIED', 403)
  })
})

describe('planned publishes', () => {
  it('publishes the draft as it was planned, once, at its time; a past time is refused; a cancelled plan does nothing', async () => {
    const ed = await editor()
    const pub = await publisher()
    payloadOf(await consoleCall(t.app, ed, 'PUT', '/app/console/cms/pages/servicegrid/draft', { payload: await servicesWithTitle(ed, '计划发布') }))
    await stepUp(pub)
    const past = await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/schedules', { payload: { runAt: new Date(clock.now().getTime() - 1000).toISOString() } })
    expectRefusal(past, 'VALIDATION_FAILED', 400)
    const runAt = new Date(clock.now().getTime() + 10 * 60_000).toISOString()
    const planned = payloadOf<{ id: number; state: string }>(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/schedules', { payload: { runAt } }))
    expect(planned.state).toBe('pending')
    // An edit after the plan is not what gets published.
    payloadOf(await consoleCall(t.app, ed, 'PUT', '/app/console/cms/pages/servicegrid/draft', { payload: await servicesWithTitle(ed, '计划之后的编辑') }))
    // Not due yet.
    expect(await t.app.contentScheduler.run(planned.id)).toBe('skipped')
    clock.advance(10 * 60_000)
    // Two runs at once (a job delivered twice, two gateways): one publishes.
    const outcomes = await Promise.all([t.app.contentScheduler.run(planned.id), t.app.contentScheduler.run(planned.id)])
    expect(outcomes.sort()).toEqual(['done', 'skipped'])
    const live = JSON.stringify(await page('servicegrid'))
    expect(live).toContain('计划发布')
    expect(live).not.toContain('计划之后的编辑')
    const listed = payloadOf<Array<{ id: number; state: string }>>(await consoleCall(t.app, pub, 'GET', '/app/console/cms/pages/servicegrid/schedules'))
    expect(listed.find((s) => s.id === planned.id)?.state).toBe('done')
    const rows = await t.database.db.select().from(auditLog)
    const run = rows.find((r) => r.action === 'cms.page.publish_scheduled')
    expect(run?.operatorId).toBeTruthy()
    expect(run?.traceId).toBe(`cms-schedule-${planned.id}`)

    await stepUp(pub)
    const again = payloadOf<{ id: number }>(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/schedules', { payload: { runAt: new Date(clock.now().getTime() + 60_000).toISOString() } }))
    const cancelled = payloadOf<{ state: string }>(await consoleCall(t.app, pub, 'DELETE', `/app/console/cms/pages/servicegrid/schedules/${again.id}`))
    expect(cancelled.state).toBe('cancelled')
    expectRefusal(await consoleCall(t.app, pub, 'DELETE', `/app/console/cms/pages/servicegrid/schedules/${again.id}`), 'SCHEDULE_NOT_PENDING', 409)
    clock.advance(120_000)
    expect(await t.app.contentScheduler.run(again.id)).toBe('skipped')
  })
})

async function servicesWithTitle(client: ConsoleClient, title: string) {
  const draft = payloadOf<PageDraft>(await consoleCall(t.app, client, 'GET', '/app/console/cms/pages/servicegrid'))
  const retitle = (floors: Floor[]) => floors.map((f, i) => (f.component === 'grid' && i === floors.findIndex((x) => x.component === 'grid') ? { ...f, title } : f))
  return { floorsZh: retitle(draft.floorsZh), floorsEn: retitle(draft.floorsEn) }
}

/** A PNG of the given size (valid header and one IDAT), enough for type and size checks. */
function png(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1))), chunk('IEND', Buffer.alloc(0))])
}

function upload(client: ConsoleClient | undefined, bytes: Buffer, contentType: string, filename = 'a.png') {
  const boundary = `----content${++serial}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return consoleCall(t.app, client, 'POST', '/app/console/cms/media', { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
}

describe('image uploads', () => {
  it('keeps an image by the hash of its bytes and serves it immutable', async () => {
    const ed = await editor()
    const media = payloadOf<{ url: string; width: number; height: number; contentType: string }>(await upload(ed, png(690, 300), 'image/png'))
    expect(media).toMatchObject({ width: 690, height: 300, contentType: 'image/png' })
    expect(media.url).toMatch(/^\/app\/media\/cms\/u\/[0-9a-f]{64}\.png$/)
    expect(payloadOf<{ url: string }>(await upload(ed, png(690, 300), 'image/png')).url).toBe(media.url)
    const served = await t.app.inject({ method: 'GET', url: media.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const clean = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><circle cx="24" cy="24" r="20" fill="url(#g)"/></svg>')
    expect(payloadOf<{ width: number }>(await upload(ed, clean, 'image/svg+xml', 'a.svg')).width).toBe(48)
    expect(await auditActions()).toContain('cms.media.upload')
  })

  it('refuses hostile and oversized images, and bytes that are not the type they claim', async () => {
    const ed = await editor()
    const svg = (inner: string, attributes = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attributes}>${inner}</svg>`)
    for (const hostile of [
      svg('<script>alert(1)</script>'),
      svg('', ' onload="alert(1)"'),
      svg('<image href="https://evil.example/x.png" width="10" height="10"/>'),
      svg('<rect width="10" height="10" fill="url(https://evil.example/#x)"/>'),
      svg('<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"></iframe></foreignObject>'),
      Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text>&x;</text></svg>'),
      svg('<style>@import url(https://evil.example/x.css);</style>'),
    ]) {
      expectRefusal(await upload(ed, hostile, 'image/svg+xml', 'x.svg'), 'MEDIA_SVG_UNSAFE', 400)
    }
    expectRefusal(await upload(ed, png(10, 10), 'image/jpeg', 'x.jpg'), 'MEDIA_TYPE_MISMATCH', 415)
    expectRefusal(await upload(ed, Buffer.from('GIF89a not really'), 'image/png'), 'MEDIA_TYPE_INVALID', 415)
    expectRefusal(await upload(ed, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'), 'MEDIA_TYPE_INVALID', 415)
    expectRefusal(await upload(ed, png(5000, 10), 'image/png'), 'MEDIA_DIMENSIONS', 400)
    expectRefusal(await upload(ed, Buffer.concat([png(10, 10), Buffer.alloc(2 * 1024 * 1024)]), 'image/png'), 'MEDIA_TOO_LARGE', 413)
    const zh = await upload(ed, png(10, 10), 'image/jpeg', 'x.jpg')
    expect(JSON.parse(zh.body).msg).toBe('文件内容与声明的类型不符')
    expectRefusal(await upload(await operator(['auditor']), png(10, 10), 'image/png'), 'CONSOLE_ROLE_DENIED', 403)
  })
})

describe('articles', () => {
  it('sanitises hostile HTML on the server, publishes with step-up, unpublishes, and the news floor follows', async () => {
    const ed = await editor()
    const cover = payloadOf<{ url: string }>(await upload(ed, png(690, 300), 'image/png')).url
    const hostile =
      '<h1 onclick="steal()">标题</h1><p>正文<a href="javascript:alert(1)">链接</a><script>alert(1)</script></p>' +
      `<img src="https://evil.example/t.png"><img src="${cover}" onerror="alert(1)" alt="图注" width="690" height="300">` +
      '<iframe src="https://evil.example">x</iframe><ul><li>一</li><li style="x">二</li></ul>'
    const input = { categoryCode: 'news', cover, titleZh: '新政策', titleEn: 'New policy', summaryZh: '摘要', summaryEn: 'Summary', sourceZh: '', sourceEn: '', htmlZh: hostile, htmlEn: '<p>Body</p>' }
    const created = payloadOf<{ htmlZh: string; state: string }>(await consoleCall(t.app, ed, 'POST', '/app/console/articles', { payload: { id: 'policy-2026', ...input } }))
    expect(created.state).toBe('draft')
    for (const bad of ['onclick', 'javascript:', '<script', 'evil.example', 'onerror', 'iframe', 'style=']) expect(created.htmlZh).not.toContain(bad)
    expect(created.htmlZh).toContain('<h2>标题</h2>')
    expectRefusal(await consoleCall(t.app, ed, 'POST', '/app/console/articles', { payload: { id: 'policy-2026', ...input } }), 'ARTICLE_ID_TAKEN', 409)
    const empty = await consoleCall(t.app, ed, 'PUT', '/app/console/articles/policy-2026', { payload: { ...input, htmlEn: '<script>only()</script>' } })
    expect(expectRefusal(empty, 'VALIDATION_FAILED', 400).fields?.[0].field).toBe('htmlEn')
    // Not live before publishing.
    expectRefusal(await callApi(t.app, calls.informationDetail, { id: 'policy-2026' }), 'ARTICLE_NOT_FOUND')

    const pub = await publisher()
    expectRefusal(await consoleCall(t.app, ed, 'POST', '/app/console/articles/policy-2026/publish'), 'CONSOLE_ROLE_DENIED', 403)
    await stepUp(pub)
    const published = payloadOf<{ state: string; changed: boolean }>(await consoleCall(t.app, pub, 'POST', '/app/console/articles/policy-2026/publish'))
    expect(published).toMatchObject({ state: 'published', changed: false })
    const detail = payloadOf<{ blocks: unknown[] }>(await callApi(t.app, calls.informationDetail, { id: 'policy-2026' }))
    expect(detail.blocks).toEqual([
      { type: 'heading', text: '标题' },
      { type: 'paragraph', text: '正文链接' },
      { type: 'image', image: { url: cover, width: 690, height: 300 }, caption: '图注' },
      { type: 'list', items: ['一', '二'] },
    ])
    // The home page's news floor now leads with it.
    const news = (await page('homepage')).floorList.find((f) => f.component === 'news') as Extract<Floor, { component: 'news' }>
    expect(news.articles[0].id).toBe('policy-2026')

    await stepUp(pub)
    payloadOf(await consoleCall(t.app, pub, 'POST', '/app/console/articles/policy-2026/unpublish'))
    expectRefusal(await callApi(t.app, calls.informationDetail, { id: 'policy-2026' }), 'ARTICLE_NOT_FOUND')
    const list = payloadOf<{ items: Array<{ id: string; state: string }> }>(await consoleCall(t.app, ed, 'GET', '/app/console/articles?state=unpublished'))
    expect(list.items.map((a) => a.id)).toContain('policy-2026')
    expect(await auditActions()).toEqual(expect.arrayContaining(['cms.article.create', 'cms.article.publish', 'cms.article.unpublish']))
  })

  it('plans an unpublish of an article published before the console existed', async () => {
    const pub = await publisher()
    const list = payloadOf<{ items: Array<{ id: string; state: string }>; total: number }>(await consoleCall(t.app, pub, 'GET', '/app/console/articles?kind=guide'))
    const seeded = list.items.find((a) => a.state === 'published')
    expect(seeded).toBeTruthy()
    await stepUp(pub)
    const planned = payloadOf<{ id: number }>(
      await consoleCall(t.app, pub, 'POST', `/app/console/articles/${seeded?.id}/schedules`, { payload: { action: 'unpublish', runAt: new Date(clock.now().getTime() + 60_000).toISOString() } }),
    )
    clock.advance(60_000)
    expect(await t.app.contentScheduler.run(planned.id)).toBe('done')
    expectRefusal(await callApi(t.app, calls.informationDetail, { id: seeded?.id as string }), 'ARTICLE_NOT_FOUND')
  })
})

describe('page unpublish (withdrawing the live version)', () => {
  it('takes the page back to the version before, keeps the draft, audits it; refuses wrong role, no step-up, unknown page, stale and first versions', async () => {
    const ed = await editor()
    const pub = await publisher()
    const live = await page('servicegrid')
    clock.advance(6 * 60_000) // past any step-up
    await stepUp(pub)
    expect(live.version).toBeGreaterThanOrEqual(1)
    // A new version, then withdrawn.
    const draft = payloadOf<PageDraft>(await consoleCall(t.app, ed, 'GET', '/app/console/cms/pages/servicegrid'))
    const renamed = (floors: Floor[], name: string) => floors.map((f) => (f.component === 'grid' ? { ...f, items: f.items.map((item, i) => (i === 0 ? { ...item, name } : item)) } : f))
    payloadOf(await consoleCall(t.app, ed, 'PUT', '/app/console/cms/pages/servicegrid/draft', { payload: { floorsZh: renamed(draft.floorsZh, '撤回我'), floorsEn: renamed(draft.floorsEn, 'Withdraw me') } }))
    const { version } = payloadOf<{ version: number }>(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/publish'))
    expect(JSON.stringify(await page('servicegrid'))).toContain('撤回我')

    expectRefusal(await consoleCall(t.app, ed, 'POST', '/app/console/cms/pages/servicegrid/unpublish', { payload: { version } }), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/nowhere/unpublish', { payload: { version } }), 'VALIDATION_FAILED', 400)
    expectRefusal(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/unpublish', { payload: { version: version - 1 } }), 'CONTENT_STALE', 409)
    clock.advance(6 * 60_000)
    expectRefusal(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/unpublish', { payload: { version } }), 'STEP_UP_REQUIRED', 403)
    expect(JSON.stringify(await page('servicegrid'))).toContain('撤回我')

    await stepUp(pub)
    const withdrawn = payloadOf<{ version: number }>(await consoleCall(t.app, pub, 'POST', '/app/console/cms/pages/servicegrid/unpublish', { payload: { version } }))
    expect(withdrawn.version).toBe(version + 1)
    const now = await page('servicegrid', 'en-US')
    expect(JSON.stringify(now)).not.toContain('Withdraw me')
    expect(now.floorList).toEqual((await page('servicegrid', 'en-US')).floorList)
    // The draft still holds the withdrawn change, to be mended and published again.
    const kept = payloadOf<PageDraft>(await consoleCall(t.app, ed, 'GET', '/app/console/cms/pages/servicegrid'))
    expect(JSON.stringify(kept.floorsZh)).toContain('撤回我')
    expect(kept.changed).toBe(true)
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'cms.page.unpublish'))
    expect(rows.map((row) => row.resourceId)).toEqual(['servicegrid'])
  })

  it('refuses to withdraw a first version: there is nothing before it', async () => {
    const deps = { db: t.database.db, kv: t.kv, now: clock.now }
    await publishPageVersion(t.database.db, t.kv, 'first-only', { zh: [], en: [] }, clock.now())
    const audit = async () => undefined
    await expect(withdrawVersion(deps, 'first-only' as ConsolePageCode, 1, 'nobody', audit)).rejects.toMatchObject({ errorCode: 'PAGE_NO_EARLIER_VERSION' })
    await expect(withdrawVersion(deps, 'no-such-page' as ConsolePageCode, 1, 'nobody', audit)).rejects.toMatchObject({ errorCode: 'CONTENT_NOT_FOUND' })
  })
})

describe('article versions and restore', () => {
  it('keeps every publish as a version and restores one as the draft; refuses wrong role, no step-up, unknown ids and a stale draft', async () => {
    const ed = await editor()
    const pub = await publisher()
    const cover = payloadOf<{ url: string }>(await upload(ed, png(690, 300), 'image/png')).url
    const input = { categoryCode: 'news', cover, titleZh: '第一版', titleEn: 'First', summaryZh: '摘要', summaryEn: 'Summary', sourceZh: '', sourceEn: '', htmlZh: '<p>一</p>', htmlEn: '<p>One</p>' }
    payloadOf(await consoleCall(t.app, ed, 'POST', '/app/console/articles', { payload: { id: 'versions-2026', ...input } }))
    clock.advance(6 * 60_000)
    await stepUp(pub)
    payloadOf(await consoleCall(t.app, pub, 'POST', '/app/console/articles/versions-2026/publish'))
    payloadOf(await consoleCall(t.app, ed, 'PUT', '/app/console/articles/versions-2026', { payload: { ...input, titleZh: '第二版', titleEn: 'Second', htmlEn: '<p>Two</p>' } }))
    payloadOf(await consoleCall(t.app, pub, 'POST', '/app/console/articles/versions-2026/publish'))

    const versions = payloadOf<Array<{ version: number; titleEn: string }>>(await consoleCall(t.app, ed, 'GET', '/app/console/articles/versions-2026/versions'))
    expect(versions.map((v) => [v.version, v.titleEn])).toEqual([
      [2, 'Second'],
      [1, 'First'],
    ])
    expectRefusal(await consoleCall(t.app, ed, 'GET', '/app/console/articles/no-such-article/versions'), 'CONTENT_NOT_FOUND', 404)

    const current = payloadOf<{ updatedAt: string }>(await consoleCall(t.app, ed, 'GET', '/app/console/articles/versions-2026'))
    const restore = (client: ConsoleClient, version: number, draftUpdatedAt = current.updatedAt, id = 'versions-2026') =>
      consoleCall(t.app, client, 'POST', `/app/console/articles/${id}/versions/${version}/restore`, { payload: { draftUpdatedAt } })
    expectRefusal(await restore(ed, 1), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await restore(pub, 9), 'CONTENT_NOT_FOUND', 404)
    expectRefusal(await restore(pub, 1, current.updatedAt, 'no-such-article'), 'CONTENT_NOT_FOUND', 404)
    expectRefusal(await restore(pub, 1, new Date(Date.parse(current.updatedAt) - 1000).toISOString()), 'CONTENT_STALE', 409)
    clock.advance(6 * 60_000)
    expectRefusal(await restore(pub, 1), 'STEP_UP_REQUIRED', 403)

    await stepUp(pub)
    const restored = payloadOf<{ titleEn: string; htmlEn: string; state: string; changed: boolean }>(await restore(pub, 1))
    expect(restored).toMatchObject({ titleEn: 'First', htmlEn: '<p>One</p>', state: 'published', changed: true })
    // What is live waits for a publish.
    expect(payloadOf<{ title: string }>(await callApi(t.app, calls.informationDetail, { id: 'versions-2026' }, { locale: 'en-US' })).title).toBe('Second')
    // The draft the operator saw is gone now: the same restore again is stale.
    expectRefusal(await restore(pub, 1), 'CONTENT_STALE', 409)
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'cms.article.restore'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ resourceId: 'versions-2026' })
  })

  it('writes the restore and its audit row together: a failing audit leaves the draft as it was', async () => {
    const ed = await editor()
    const before = payloadOf<{ updatedAt: string; titleEn: string }>(await consoleCall(t.app, ed, 'GET', '/app/console/articles/versions-2026'))
    const deps = { db: t.database.db, kv: t.kv, now: clock.now }
    await expect(restoreArticleVersion(deps, 'versions-2026', 2, before.updatedAt, 'nobody', async () => Promise.reject(new Error('audit down')))).rejects.toThrow('audit down')
    const after = payloadOf<{ updatedAt: string; titleEn: string }>(await consoleCall(t.app, ed, 'GET', '/app/console/articles/versions-2026'))
    expect(after).toMatchObject({ updatedAt: before.updatedAt, titleEn: before.titleEn })
  })
})
