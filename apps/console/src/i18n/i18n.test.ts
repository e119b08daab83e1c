import { describe, expect, it } from 'vitest'
import { TEXTS, fill, translate } from '.'
import { initialLocale } from '../providers/i18n'

/** Every string leaf of a dictionary, by its dotted path. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) found.set(path, leaf)
  } else found.set(prefix, node)
  return found
}

describe('the console texts', () => {
  it('has every text in both languages, none empty, and the Chinese ones in Chinese', () => {
    const zh = leaves(TEXTS['zh-CN'])
    const en = leaves(TEXTS['en-US'])
    expect([...zh.keys()].filter((key) => !key.includes('.roles.')).sort()).toEqual([...en.keys()].filter((key) => !key.includes('.roles.')).sort())
    for (const [key, value] of [...zh, ...en]) if (typeof value === 'string') expect(value.trim(), key).not.toBe('')
    expect(TEXTS['zh-CN'].auth.signIn.title).toMatch(/[\u4e00-\u9fff]/)
    expect(TEXTS['en-US'].auth.signIn.title).not.toMatch(/[\u4e00-\u9fff]/)
  })

  it('answers Refine by dotted path or its own keys, else the default it gives', () => {
    expect(translate(TEXTS['en-US'], 'audit.columns.at')).toBe('Time')
    expect(translate(TEXTS['zh-CN'], 'buttons.refresh')).toBe('刷新')
    expect(translate(TEXTS['en-US'], 'buttons.unknown', 'Fallback')).toBe('Fallback')
    expect(fill('{total} entries', { total: 3 })).toBe('3 entries')
    expect(fill('{missing}', {})).toBe('{missing}')
  })

  it('opens in the language kept, else English for an English browser, else Chinese', () => {
    expect(initialLocale({ getItem: () => 'en-US' }, ['zh-CN'])).toBe('en-US')
    expect(initialLocale({ getItem: () => null }, ['en-GB', 'en'])).toBe('en-US')
    expect(initialLocale({ getItem: () => null }, ['zh-CN', 'en'])).toBe('zh-CN')
    expect(initialLocale({ getItem: () => 'fr' }, [])).toBe('zh-CN')
  })
})
