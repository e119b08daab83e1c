import { describe, expect, it } from 'vitest'
import { reportCsv } from './report'

describe('the import report download', () => {
  it('writes one row per reason in the language asked, with a BOM, and neutralises formula cells', () => {
    const csv = reportCsv(
      [
        { line: 3, issues: [{ column: 'id_no', code: 'id_no', params: {} }] },
        { line: 0, issues: [{ column: null, code: 'not_csv', params: { detail: '=cmd|x' } }] },
      ],
      ['行号', '列', '原因'],
      '（整行）',
      'zh-CN',
    )
    expect(csv.startsWith('\uFEFF行号,列,原因\r\n')).toBe(true)
    expect(csv).toContain('3,id_no,id_no 不是有效的居民身份证号（格式或校验位错误）\r\n')
    expect(csv).toContain('0,（整行）,文件不是有效的 CSV：=cmd|x\r\n')
    const en = reportCsv([{ line: 2, issues: [{ column: 'company_code', code: 'unknown_company', params: { company: '=HYPERLINK("x")' } }] }], ['Line', 'Column', 'Reason'], '(whole line)', 'en-US')
    expect(en).toContain('2,company_code,"company =HYPERLINK(""x"") is not a client company')
    const formula = reportCsv([{ line: 2, issues: [{ column: '@SUM(A1)', code: 'required', params: {} }] }], ['a', 'b', 'c'], '-', 'en-US')
    expect(formula).toContain(",'@SUM(A1),")
  })
})
