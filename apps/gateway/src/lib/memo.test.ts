import { describe, expect, it } from 'vitest'
import { memoByText } from './memo'

describe('memoByText', () => {
  it('computes each text once, null answers included, and forgets everything past its limit', () => {
    const calls: string[] = []
    const memo = memoByText((text) => {
      calls.push(text)
      return text === 'none' ? null : text.length
    }, 2)
    expect([memo('br'), memo('br'), memo('none'), memo('none')]).toEqual([2, 2, null, null])
    expect(calls).toEqual(['br', 'none'])
    // A third text: the two known ones are forgotten, and computed again when asked.
    expect(memo('gzip')).toBe(4)
    expect(memo('br')).toBe(2)
    expect(calls).toEqual(['br', 'none', 'gzip', 'br'])
  })
})
