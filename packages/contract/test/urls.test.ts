import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileUrls } from '../src/testing'
import { AllowListError, allowedUrl, isAllowedUrl, parseAllowList, parseAllowedUrl } from '../src/wire'

const PORTAL = parseAllowList('https://portal.example.com')
const HOSTILE = hostileUrls('https://portal.example.com')
const UNDER_PATH = parseAllowList('https://hr.example.com/portal/')


describe('allow-list entries', () => {
  it('are normalised by the URL parser: case, default port, IDN, trailing slash, dot segments', () => {
    expect(parseAllowedUrl('https://Portal.Example.COM').href).toBe('https://portal.example.com/')
    expect(parseAllowedUrl('https://portal.example.com:443/').href).toBe('https://portal.example.com/')
    expect(parseAllowedUrl('http://localhost:8080').href).toBe('http://localhost:8080/')
    expect(parseAllowedUrl('https://例子.cn/hr').href).toBe('https://xn--fsqu00a.cn/hr/')
    expect(parseAllowedUrl('https://a.example/x/../hr//')).toMatchObject({ path: '/hr', href: 'https://a.example/hr/' })
    expect(parseAllowList(' https://a.example/, https://A.example ,https://b.example/x').map((e) => e.href)).toEqual(['https://a.example/', 'https://b.example/x/'])
  })

  it('that are not absolute http(s) URLs are refused, named', () => {
    for (const bad of ['portal.example.com', '//portal.example.com', 'javascript:alert(1)', 'ftp://a.example', 'https://', 'https://a.example\\b', 'https://u:p@a.example/', 'https://a.example/?x=1', 'https://a.example/#x']) {
      expect(() => parseAllowedUrl(bad), bad).toThrow(AllowListError)
    }
    expect(() => parseAllowList('https://a.example/, portal.example.com')).toThrow('"portal.example.com": must be an absolute http:// or https:// URL')
    expect(() => parseAllowList('http://a.example/', { httpsOnly: true })).toThrow('"http://a.example/": must be an https:// URL')
    expect(parseAllowList('https://a.example/', { httpsOnly: true })).toHaveLength(1)
  })
})

describe('isAllowedUrl', () => {
  it('allows the allowed address itself and what is under it (the control)', () => {
    for (const ok of ['https://portal.example.com', 'https://portal.example.com/', 'https://PORTAL.example.com:443/#/pages/home/index?x=1', 'https://portal.example.com/a/b?c=d']) {
      expect(isAllowedUrl(ok, PORTAL), ok).toBe(true)
    }
    expect(allowedUrl('https://portal.example.com', PORTAL)?.href).toBe('https://portal.example.com/')
  })

  it.each(HOSTILE)('refuses %j', (hostile) => {
    expect(isAllowedUrl(hostile, PORTAL)).toBe(false)
  })

  it('keeps the path on a / boundary', () => {
    expect(isAllowedUrl('https://hr.example.com/portal', UNDER_PATH)).toBe(true)
    expect(isAllowedUrl('https://hr.example.com/portal/x', UNDER_PATH)).toBe(true)
    expect(isAllowedUrl('https://hr.example.com/portalx', UNDER_PATH)).toBe(false)
    expect(isAllowedUrl('https://hr.example.com/portal/../admin', UNDER_PATH)).toBe(false)
    expect(isAllowedUrl('https://hr.example.com/portal/%2e%2e/admin', UNDER_PATH)).toBe(false)
    expect(isAllowedUrl('https://hr.example.com/', UNDER_PATH)).toBe(false)
  })

  it('refuses what is not a string, and everything when the list is empty', () => {
    for (const value of [undefined, null, 42, {}, ['https://portal.example.com/']]) expect(isAllowedUrl(value, PORTAL)).toBe(false)
    expect(isAllowedUrl('https://portal.example.com/', [])).toBe(false)
  })

  it('never allows another host, whatever is written around the allowed name (property)', () => {
    const piece = fc.stringMatching(/^[a-z0-9.@:%\\/_\-]{0,12}$/)
    fc.assert(
      fc.property(piece, piece, fc.constantFrom('https://', 'http://', '//', 'https:', ''), (before, after, scheme) => {
        const candidate = `${scheme}${before}portal.example.com${after}`
        const url = allowedUrl(candidate, PORTAL)
        if (url) {
          expect(url.protocol).toBe('https:')
          expect(url.host).toBe('portal.example.com')
          expect(url.username + url.password).toBe('')
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('allows any path, query and fragment under the allowed address (property)', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), fc.webFragments(), (path, query, fragment) => {
        const candidate = `https://portal.example.com${path}?${query}#${fragment}`
        if (/%(2f|5c)/i.test(path)) return
        expect(allowedUrl(candidate, PORTAL)?.origin).toBe('https://portal.example.com')
      }),
      { numRuns: 300 },
    )
  })
})
