import type { Floor } from '@ess/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { articlesQuery } from '../../providers/data'
import { diffRows } from './agreements/diff-rows'
import { editorHtml } from './articles/rich-text'
import { addFloor, draftInput, freshId, linkItemIssues, moveFloor, newLinkItem, removeFloor, sameDraft, setVisibility, updateShared, updateText, usedIds, visibilityOf, type DraftFloors } from './floors/model'
import { chinaNowWallClock, chinaWallClockToIso, formatChinaTime } from './shared/china-time'
import { formFieldErrors } from './shared/form-errors'

const banner = (id: string, title: string): Floor => ({ id, sort: 10, component: 'banner', slides: [{ image: { url: '/app/media/cms/banner.0123456789ab.svg', width: 690, height: 300 }, title, item: null }] })
const draft = (): DraftFloors => ({ zh: [banner('banner-1', '横幅'), { ...banner('hero', '第二'), sort: 20 }], en: [banner('banner-1', 'Banner'), { ...banner('hero', 'Second'), sort: 20 }] })

describe('the floors editor model', () => {
  it('adds a floor of a kind to both languages with an unused id, and removes it from both', () => {
    const added = addFloor(draft(), 'grid')
    expect(added.zh.map((floor) => floor.id)).toEqual(['banner-1', 'hero', 'grid-1'])
    expect(added.en.map((floor) => `${floor.component}:${floor.id}`)).toEqual(added.zh.map((floor) => `${floor.component}:${floor.id}`))
    expect(added.zh[2]).toMatchObject({ component: 'grid', columns: 4, items: [{ id: 'grid-1-1', link: 'service' }] })
    expect(added.zh[2]).not.toBe(added.en[2])
    expect(addFloor(added, 'banner').zh[3].id).toBe('banner-2')
    const removed = removeFloor(added, 0)
    expect(removed.zh.map((floor) => floor.id)).toEqual(['hero', 'grid-1'])
    expect(removed.en.map((floor) => floor.id)).toEqual(['hero', 'grid-1'])
  })

  it('moves a floor in both languages and numbers the order on save', () => {
    const moved = moveFloor(draft(), 1, 0)
    expect(moved.zh.map((floor) => floor.id)).toEqual(['hero', 'banner-1'])
    expect(moved.en.map((floor) => floor.id)).toEqual(['hero', 'banner-1'])
    expect(moveFloor(draft(), 0, 5).zh.map((floor) => floor.id)).toEqual(['banner-1', 'hero'])
    const input = draftInput(moved)
    expect(input.floorsZh.map((floor) => floor.sort)).toEqual([10, 20])
    expect(input.floorsEn.map((floor) => [floor.id, floor.sort])).toEqual([['hero', 10], ['banner-1', 20]])
  })

  it('writes a shared value into both languages and a text into one, leaving the old draft as it was', () => {
    const start = draft()
    const image = { url: '/app/media/cms/u/' + 'a'.repeat(64) + '.png', width: 750, height: 320 }
    const shared = updateShared(start, 0, (floor) => {
      if (floor.component === 'banner') floor.slides[0].image = image
    })
    expect(shared.zh[0]).toMatchObject({ slides: [{ image, title: '横幅' }] })
    expect(shared.en[0]).toMatchObject({ slides: [{ image, title: 'Banner' }] })
    expect(start.zh[0]).toMatchObject({ slides: [{ image: { url: '/app/media/cms/banner.0123456789ab.svg' } }] })
    const text = updateText(shared, 'en', 0, (floor) => {
      if (floor.component === 'banner') floor.slides[0].title = 'Winter benefits'
    })
    expect(text.en[0]).toMatchObject({ slides: [{ title: 'Winter benefits' }] })
    expect(text.zh[0]).toBe(shared.zh[0])
    expect(sameDraft(text, shared)).toBe(false)
    expect(sameDraft(shared, structuredClone(shared))).toBe(true)
  })

  it('knows the ids of floors and link items, and makes fresh ones', () => {
    const withItem = updateShared(draft(), 0, (floor) => {
      if (floor.component === 'banner') floor.slides[0].item = newLinkItem('banner-1-link-1')
    })
    expect(usedIds(withItem)).toEqual(['banner-1', 'banner-1-link-1', 'hero'])
    expect(freshId('banner-1-link', usedIds(withItem))).toBe('banner-1-link-2')
  })

  it('checks a link item against the contract link rules as it is typed', () => {
    const item = newLinkItem('x')
    expect(linkItemIssues(item)).toEqual({})
    expect(linkItemIssues({ ...item, link: '' })).toEqual({ link: 'field.required' })
    expect(linkItemIssues({ ...item, link: 'http://example.com' })).toEqual({ link: 'link.httpsOnly' })
    expect(linkItemIssues({ ...item, link: 'inner:nowhere' })).toEqual({ link: 'link.innerUnknown' })
    expect(linkItemIssues({ ...item, link: '/pages/nowhere' })).toEqual({ link: 'link.routeUnknown' })
    expect(linkItemIssues({ ...item, link: 'inner:payment' })).toEqual({})
    expect(linkItemIssues({ ...item, miniLink: 'wx:abc' })).toEqual({ miniLink: 'link.miniInvalid' })
    expect(linkItemIssues({ ...item, appLink: 'ftp://x' })).toEqual({ appLink: 'link.httpsOnly' })
    expect(linkItemIssues({ ...item, external: 1 })).toEqual({ external: 'link.externalNeedsHttps' })
    expect(linkItemIssues({ ...item, link: 'https://partner.example/page', external: 1 })).toEqual({})
  })

  it('sets who may open a link: a verified-only item is a signed-in one too', () => {
    const item = newLinkItem('x')
    expect(visibilityOf(item)).toBe('visitor')
    setVisibility(item, 'verified')
    expect(item).toMatchObject({ loginRequired: true, authenticationRequired: true })
    expect(visibilityOf(item)).toBe('verified')
    setVisibility(item, 'signedIn')
    expect(item).toMatchObject({ loginRequired: true, authenticationRequired: false })
    setVisibility(item, 'visitor')
    expect(item).toMatchObject({ loginRequired: false, authenticationRequired: false })
  })
})

describe('China time', () => {
  it('reads a picked wall clock as UTC+8 whatever the computer zone, and shows instants in it', () => {
    expect(chinaWallClockToIso('2026-11-28 09:30')).toBe('2026-11-28T01:30:00.000Z')
    expect(chinaWallClockToIso('2026-01-01T00:15:00')).toBe('2025-12-31T16:15:00.000Z')
    expect(() => chinaWallClockToIso('tomorrow')).toThrow(RangeError)
    expect(formatChinaTime('2026-11-28T01:30:00.000Z', 'en-US')).toMatch(/11\/28\/2026,? 09:30/)
    expect(formatChinaTime('2026-11-27T16:30:00.000Z', 'zh-CN')).toMatch(/2026\/11\/28 00:30/)
    expect(chinaNowWallClock(new Date('2026-11-27T20:00:00.000Z'))).toBe('2026-11-28 04:00')
  })
})

describe('the agreement difference', () => {
  it('numbers the lines of each side and folds unchanged lines far from a change', () => {
    const same = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
    const rows = diffRows([
      { op: 'same', text: same },
      { op: 'removed', text: 'old clause\n' },
      { op: 'added', text: 'new clause\nanother\n' },
      { op: 'same', text: 'end\n' },
    ])
    expect(rows[0]).toEqual({ kind: 'skip', count: 8 })
    expect(rows.slice(1)).toEqual([
      { kind: 'same', text: 'line 9', oldLine: 9, newLine: 9 },
      { kind: 'same', text: 'line 10', oldLine: 10, newLine: 10 },
      { kind: 'removed', text: 'old clause', oldLine: 11, newLine: null },
      { kind: 'added', text: 'new clause', oldLine: null, newLine: 11 },
      { kind: 'added', text: 'another', oldLine: null, newLine: 12 },
      { kind: 'same', text: 'end', oldLine: 12, newLine: 13 },
    ])
    expect(diffRows([{ op: 'same', text: 'a\nb\n' }])).toEqual([{ kind: 'skip', count: 2 }])
  })
})

describe('content helpers', () => {
  it('turns the fields of a refusal into form fields', () => {
    const refusal = new ApiError('VALIDATION_FAILED', 'Check the fields', 400, [
      { field: 'floorsZh.0.slides.1.item.link', message: 'https only' },
      { field: 'titleEn', message: 'Required' },
      { field: 'titleEn', message: 'Too long' },
      { field: '', message: 'whole input' },
    ])
    expect(formFieldErrors(refusal)).toEqual([
      { name: ['floorsZh', 0, 'slides', 1, 'item', 'link'], errors: ['https only'] },
      { name: ['titleEn'], errors: ['Required', 'Too long'] },
    ])
    expect(formFieldErrors(new Error('x'))).toEqual([])
  })

  it('treats an empty editor document as no body', () => {
    expect(editorHtml('<p></p>')).toBe('')
    expect(editorHtml('<p></p><p></p>')).toBe('')
    expect(editorHtml('<h2>Title</h2><p></p>')).toBe('<h2>Title</h2><p></p>')
  })

  it('maps the articles list filters and paging onto the call', () => {
    expect(
      articlesQuery({
        pagination: { currentPage: 2, pageSize: 50 },
        filters: [
          { field: 'kind', operator: 'eq', value: 'guide' },
          { field: 'state', operator: 'eq', value: 'bogus' },
          { field: 'categoryCode', operator: 'eq', value: ' news-hr ' },
        ],
      }),
    ).toEqual({ page: 2, pageSize: 50, kind: 'guide', state: undefined, categoryCode: 'news-hr' })
  })
})
