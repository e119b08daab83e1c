// The micro-assistant's search over the help center (SPEC §1 AI customer service): Chinese by
// character bigrams, English by word stems; a clear question finds its answer in either language,
// an unrelated one finds nothing.
import { describe, expect, it } from 'vitest'
import { searchHelp, suggestedQuestions, termsOf } from './search'

describe('terms of a text', () => {
  it('cuts Chinese into bigrams between function characters, and English into stems without stop words', () => {
    expect(termsOf('忘记密码怎么办')).toEqual(['忘记', '记密', '密码', '办'])
    expect(termsOf('How do I change my phones?')).toEqual(['chang', 'phon'])
    expect(termsOf('社保base 2024')).toEqual(['社保', 'base', '2024'])
    expect(termsOf('   ')).toEqual([])
  })
})

describe('the help search', () => {
  const cases: Array<[string, string]> = [
    ['忘记密码怎么办', 'help-forgot-password'],
    ['密码忘了', 'help-forgot-password'],
    ['怎么换绑手机号', 'help-change-phone'],
    ['账号锁定了', 'help-account-locked'],
    ['为什么要实名', 'help-why-realname'],
    ['看不到工资条', 'help-payslip-missing'],
    ['公积金提取', 'help-housing-fund-withdraw'],
    ['导出个人信息', 'help-my-data'],
    ['I forgot my password', 'help-forgot-password'],
    ['change phone number', 'help-change-phone'],
    ['my account got locked', 'help-account-locked'],
    ['where is my payslip', 'help-payslip-missing'],
    ['withdraw housing fund', 'help-housing-fund-withdraw'],
    ['download my personal data', 'help-my-data'],
  ]
  it.each(cases)('answers %s with %s', (question, id) => {
    const result = searchHelp(question, 'zh-CN')
    expect(result.best?.id).toBe(id)
    expect(result.best?.answer.length).toBeGreaterThan(0)
    expect(result.related.map((r) => r.id)).not.toContain(id)
    expect(result.related.length).toBeLessThanOrEqual(3)
  })

  it('answers in the page language whatever the language of the question', () => {
    expect(searchHelp('忘记密码', 'en-US').best?.title).toBe('I forgot my password. What can I do?')
    expect(searchHelp('forgot password', 'zh-CN').best?.title).toBe('忘记密码怎么办？')
  })

  it.each(['今天天气怎么样', '你好', 'what is the weather tomorrow', 'hello', '🙂', 'asdfgh qwerty'])('finds nothing for %s', (question) => {
    expect(searchHelp(question, 'zh-CN').best).toBeNull()
  })

  it.each(['请问怎么联系人工客服', '转人工', 'I want to talk to a human', 'hotline please'])('hands %s to a person', (question) => {
    expect(searchHelp(question, 'en-US')).toEqual({ best: null, related: [] })
  })

  it('suggests the first question of each topic, in the language asked', () => {
    expect(suggestedQuestions('zh-CN').map((q) => q.id)).toEqual(suggestedQuestions('en-US').map((q) => q.id))
    expect(suggestedQuestions('en-US')[0]).toEqual({ id: 'help-forgot-password', title: 'I forgot my password. What can I do?' })
  })
})
