import { ROUTES } from '@ess/contract/wire'
import { describe, expect, it } from 'vitest'
import enUS from '../src/i18n/en-US'
import type { Dictionary } from '../src/i18n/types'
import zhCN from '../src/i18n/zh-CN'
import { DOMAIN_TEXTS } from './domain-texts'

type Assert<T extends true> = T
// Compile-time: both dictionaries are exactly the base type (a missing key fails `npm run typecheck`).
export type _Checks = [Assert<typeof zhCN extends Dictionary ? true : false>, Assert<typeof enUS extends Dictionary ? true : false>]

function shape(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => shape(v, `${prefix}${k}.`))
  }
  return [prefix.slice(0, -1)]
}

/** Every key of `texts` holds a non-empty text (`label` names the key in a failure). */
function expectNonEmptyTexts(texts: object, label = '') {
  for (const key of shape(texts)) {
    const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts)
    expect(typeof value === 'string' && value.trim().length > 0, `${label}${key}`).toBe(true)
  }
}

describe('typed dictionaries', () => {
  it('have the same keys in zh-CN and en-US', () => {
    expect(shape(enUS).sort()).toEqual(shape(zhCN).sort())
  })

  it('have a non-empty text for every key, and a title for every contract route', () => {
    for (const dict of [zhCN, enUS]) {
      expectNonEmptyTexts(dict)
      expect(Object.keys(dict.titles).sort()).toEqual([...ROUTES].sort())
    }
  })

  it('give every domain the same keys and a non-empty text for each in zh-CN and en-US', () => {
    for (const [name, texts] of Object.entries(DOMAIN_TEXTS)) {
      const keys = shape(texts['zh-CN']).sort()
      expect(keys.length, name).toBeGreaterThan(0)
      expect(shape(texts['en-US']).sort(), name).toEqual(keys)
      for (const dict of [texts['zh-CN'], texts['en-US']]) expectNonEmptyTexts(dict, `${name}.`)
    }
  })

  it('keep placeholders in both languages', () => {
    expect(zhCN.agreements.updatedNote).toContain('{links}')
    expect(enUS.agreements.updatedNote).toContain('{links}')
    expect(zhCN.agreements.nameFormat).toContain('{name}')
    expect(enUS.agreements.nameFormat).toContain('{name}')
  })

  it('keep a space between English words and a link slot, and none in Chinese', () => {
    // Every text of every dictionary holding a {link} / {links} slot (issue 38: "agree to theAccount…").
    const slotted = (texts: object) =>
      shape(texts)
        .map((key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts))
        .filter((value): value is string => typeof value === 'string' && /\{links?\}/.test(value))
    const all = (locale: 'zh-CN' | 'en-US') => [...slotted(locale === 'zh-CN' ? zhCN : enUS), ...Object.values(DOMAIN_TEXTS).flatMap((texts) => slotted(texts[locale]))]
    const en = all('en-US')
    expect(en.length).toBeGreaterThanOrEqual(5)
    for (const text of en) expect(text, text).toMatch(/(^|[\s(“"])\{links?\}([\s.,;:!?)”"]|$)/)
    for (const text of all('zh-CN')) expect(text, text).not.toMatch(/\s\{links?\}|\{links?\}\s/)
  })

  it('use the SPEC wording for loading and the re-agreement prompt', () => {
    expect(enUS.common.loading).toBe('Loading...')
    expect(zhCN.common.loading).toBe('加载中...')
    expect(enUS.agreements.updateTitle).toBe('Update prompt')
    expect(enUS.agreements.and.trim()).toBe('and')
    expect(zhCN.agreements.and).toBe('和')
  })
})
