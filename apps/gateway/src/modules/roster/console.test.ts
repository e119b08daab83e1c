// The roster manager's console calls (issue 34): the import checked line by line and applied in
// one transaction (nothing on a rejected line), the search, the masked view, the edit and the end
// of an employment (the real-name link ends, the employee can verify again), the export (step-up,
// formula cells neutralised), the role matrix and the audit rows.
import { type ConsoleRole, type RosterImportReport, calls, idNumberCheckDigitValid } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedAccount } from '../../../test/helpers/accounts'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { testClock } from '../../../test/helpers/clock'
import { type ConsoleClient, consoleCall, createOperator, nextCode, signIn } from '../../../test/helpers/operators'
import { auditLog, employee } from '../../db/schema'
import { ROSTER_COLUMNS } from './rows'

const clock = testClock(new Date('2026-11-27T10:00:00Z'))
let t: TestApp
let manager: ConsoleClient & { secret: string }
const others: Partial<Record<ConsoleRole, ConsoleClient>> = {}
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
  const op = await createOperator(t.app, 'roster-manager@console.example', ['roster_manager'])
  manager = { ...(await signIn(t.app, clock, op)), secret: op.totpSecret }
  for (const role of ['admin', 'support_agent', 'auditor', 'content_editor'] as const) {
    others[role] = await signIn(t.app, clock, await createOperator(t.app, `${role}@console.example`, [role]))
  }
})
afterAll(() => t.close())

/** A well-formed resident ID number (check digit computed) for a birth date and sequence. */
function idNumber(birth: string, seq: number): string {
  const body = `110101${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i], 0)
  const id = body + '10X98765432'[sum % 11]
  if (!idNumberCheckDigitValid(id)) throw new Error('bad test id')
  return id
}
const header = ROSTER_COLUMNS.join(',')
const line = (employeeNo: string, name: string, idNo: string, more: Partial<Record<(typeof ROSTER_COLUMNS)[number], string>> = {}) => {
  const record: Record<string, string> = {
    company_code: 'HS001',
    company_name_zh: '华晟科技有限公司',
    company_name_en: '"Huasheng Technology Co., Ltd."',
    employee_no: employeeNo,
    name,
    pinyin_name: '',
    gender: '',
    birthdate: '',
    nationality: 'CN',
    id_type: 'ID_CARD',
    id_no: idNo,
    phone: '',
    email: '',
    address: '',
    postcode: '',
    ...more,
  }
  return ROSTER_COLUMNS.map((c) => record[c]).join(',')
}
const csv = (...lines: string[]) => Buffer.from([header, ...lines].join('\n'))

let serial = 0
function multipart(file: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----roster${++serial}`
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="roster.csv"\r\ncontent-type: text/csv\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
const check = async (file: Buffer, client: ConsoleClient | undefined = manager) => consoleCall(t.app, client, 'POST', '/app/console/roster/imports/check', multipart(file))
const apply = async (file: Buffer, sha256: string, client: ConsoleClient | undefined = manager) =>
  consoleCall(t.app, client, 'POST', '/app/console/roster/imports/apply', multipart(file, { sha256 }))
const report = async (file: Buffer) => payloadOf<RosterImportReport>(await check(file))
const employeeNos = async () => (await t.database.db.select({ no: employee.employeeNo }).from(employee)).map((r) => r.no)
const auditActions = async () => (await t.database.db.select().from(auditLog)).map((r) => r.action)
async function stepUp() {
  payloadOf(await consoleCall(t.app, manager, 'POST', '/app/console/auth/step-up', { payload: { code: await nextCode(clock, manager.secret) } }))
}
async function findOne(query: string) {
  const { items } = payloadOf<{ items: Array<{ id: string; name: string; idNo: string; verified: boolean }> }>(await consoleCall(t.app, manager, 'GET', `/app/console/roster/employees?${query}`))
  return items
}

describe('roster import in the console', () => {
  it('reports every rejected line with its column and reason: bad check digit, duplicate in file, unknown company, missing value', async () => {
    const good = idNumber('1990-01-01', 11)
    const badCheck = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`
    const r = await report(
      csv(
        line('HS-7001', '甲一', good),
        line('HS-7002', '甲二', badCheck),
        line('HS-7001', '甲三', idNumber('1990-01-02', 12)),
        line('ZZ-1', '甲四', idNumber('1990-01-03', 13), { company_code: 'ZZ999' }),
        line('HS-7005', '', idNumber('1990-01-04', 14)),
      ),
    )
    expect(r).toMatchObject({ rows: 5, rejectedCount: 4, written: null })
    expect(r.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(r.rejected).toEqual([
      { line: 3, issues: [{ column: 'id_no', code: 'id_no', params: {} }] },
      { line: 4, issues: [{ column: 'employee_no', code: 'duplicate_employee', params: { employee: 'HS001/HS-7001', line: 2 } }] },
      { line: 5, issues: [{ column: 'company_code', code: 'unknown_company', params: { company: 'ZZ999' } }] },
      { line: 6, issues: [{ column: 'name', code: 'required', params: {} }] },
    ])
    expect(await employeeNos()).not.toContain('HS-7001')
  })

  it('says a GBK file is not UTF-8, and names missing columns and an empty file', async () => {
    // 张三 as a Chinese Windows spreadsheet saves it (GBK: D5C5 C8FD).
    const [before, after] = [header, line('HS-7101', 'NAME', idNumber('1991-02-03', 21))].join('\n').split('NAME')
    const gbk = Buffer.concat([Buffer.from(before), Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]), Buffer.from(after)])
    expect((await report(gbk)).rejected).toEqual([{ line: 0, issues: [{ column: null, code: 'not_utf8', params: {} }] }])
    const noPhone = Buffer.from(header.replace(',phone', ''))
    expect((await report(noPhone)).rejected[0].issues).toEqual([{ column: null, code: 'missing_columns', params: { columns: 'phone' } }])
    expect((await report(Buffer.from(header))).rejected[0].issues[0].code).toBe('empty')
    expectRefusal(await consoleCall(t.app, manager, 'POST', '/app/console/roster/imports/check', { payload: { file: 'x' } }), 'ROSTER_FILE_MISSING', 400)
  })

  it('applies nothing when any line is rejected, even after earlier batches were written, in exactly one transaction', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => line(`HS-8${String(i).padStart(4, '0')}`, '乙', idNumber(`1985-06-${10 + Math.floor(i / 900)}`, (i % 900) + 1)))
    const bad = [...lines, line('HS-89999', '乙', idNumber('1985-06-10', 6))] // the ID of line 7 again, at the end
    const checked = await report(csv(...bad))
    expect(checked).toMatchObject({ rows: 1201, rejectedCount: 1, rejected: [{ line: 1202, issues: [{ code: 'duplicate_id', params: { line: 7 } }] }] })
    // Applying it anyway (a console bypassed): the first 1,200 rows were written in batches, then rolled back.
    const refused = payloadOf<RosterImportReport>(await apply(csv(...bad), checked.sha256))
    expect(refused).toMatchObject({ rejectedCount: 1, written: null })
    expect((await employeeNos()).filter((n) => n.startsWith('HS-8'))).toEqual([])

    const fixed = csv(...lines)
    const ok = await report(fixed)
    expect(ok).toMatchObject({ rows: 1200, rejectedCount: 0, rejected: [] })
    const transaction = vi.spyOn(t.database.db, 'transaction')
    try {
      expectRefusal(await apply(fixed, checked.sha256), 'ROSTER_FILE_CHANGED', 409)
      const applied = payloadOf<RosterImportReport>(await apply(fixed, ok.sha256))
      expect(applied.written).toEqual({ companies: 0, inserted: 1200, updated: 0, unchanged: 0, identityChanged: 0 })
      expect(transaction).toHaveBeenCalledTimes(1)
    } finally {
      transaction.mockRestore()
    }
    expect((await employeeNos()).filter((n) => n.startsWith('HS-8'))).toHaveLength(1200)
    const [row] = (await t.database.db.select().from(auditLog)).filter((r) => r.action === 'roster.import')
    expect(row.after).toMatchObject({ rows: 1200, inserted: 1200 })
    expect(row.resourceId).toBe(ok.sha256)
  })

  it('refuses the import to every role but the roster manager, and without a session', async () => {
    const file = csv(line('HS-7201', '丙', idNumber('1992-03-04', 31)))
    for (const client of Object.values(others)) expectRefusal(await check(file, client), 'CONSOLE_ROLE_DENIED', 403)
    expectRefusal(await consoleCall(t.app, undefined, 'POST', '/app/console/roster/imports/check', multipart(file)), 'CONSOLE_SESSION_INVALID', 401)
    expectRefusal(await apply(file, 'x', others.admin), 'CONSOLE_ROLE_DENIED', 403)
  })
})

describe('employees in the console', () => {
  it('finds an employee by exact ID number through the index, masked, and audits the look-up and the view', async () => {
    const [found] = await findOne('idNo=110101198803151237')
    expect(found).toMatchObject({ name: '*伟', idNo: '110101********1237' })
    expect(await findOne('idNo=11010119880315123')).toEqual([])
    expect((await findOne('name=伟&companyCode=HS001')).map((e) => e.name)).toContain('*伟')
    const list = payloadOf<{ total: number }>(await consoleCall(t.app, manager, 'GET', '/app/console/roster/employees?companyCode=LY002&pageSize=2'))
    expect(list.total).toBe(4)
    const shown = payloadOf(await consoleCall(t.app, manager, 'GET', `/app/console/roster/employees/${found.id}`))
    expect(shown).toMatchObject({ name: '*伟', idNo: '110101********1237', phone: '138****8001', birthdate: '1988-**-**', email: 'l***@huasheng.example.com' })
    expect(JSON.stringify(shown)).not.toContain('198803151237')
    expect(JSON.stringify(shown)).not.toContain('东长安街')
    expect(await auditActions()).toEqual(expect.arrayContaining(['roster.search', 'roster.view']))
    expectRefusal(await consoleCall(t.app, manager, 'GET', '/app/console/roster/employees/00000000-0000-4000-8000-000000000000'), 'ROSTER_EMPLOYEE_NOT_FOUND', 404)
    for (const client of Object.values(others)) expectRefusal(await consoleCall(t.app, client, 'GET', `/app/console/roster/employees/${found.id}`), 'CONSOLE_ROLE_DENIED', 403)
  })

  it('edits by the import rules; a change of name ends the real-name link, and the employee verifies again', async () => {
    const { accessToken } = await seedAccount(t)
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: '王芳', idNo: '310104199107222469' } as never, { token: accessToken }))
    const [found] = await findOne('idNo=310104199107222469')
    expect(found.verified).toBe(true)
    const url = `/app/console/roster/employees/${found.id}`

    const invalid = payloadOf(await consoleCall(t.app, manager, 'PATCH', url, { payload: { phone: '12345', idNo: '310104199107222468' } }))
    expect(invalid).toMatchObject({ employee: null, issues: expect.arrayContaining([{ column: 'phone', code: 'phone', params: {} }, { column: 'id_no', code: 'id_no', params: {} }]) })
    expectRefusal(await consoleCall(t.app, manager, 'PATCH', url, { payload: { idNo: '110101198803151237', birthdate: '1988-03-15' } }), 'ROSTER_ID_TAKEN', 409)

    const address = payloadOf(await consoleCall(t.app, manager, 'PATCH', url, { payload: { address: '上海市徐汇区漕溪北路99号' } }))
    expect(address).toMatchObject({ verificationEnded: false, employee: { verified: true } })
    expect((payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken })) as { isExpired: boolean }).isExpired).toBe(false)

    const renamed = payloadOf(await consoleCall(t.app, manager, 'PATCH', url, { payload: { name: '王芳芳' } }))
    expect(renamed).toMatchObject({ verificationEnded: true, employee: { name: '**芳', verified: false } })
    const info = payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken })) as { certificationStatus: number; isExpired: boolean }
    expect(info).toMatchObject({ certificationStatus: 1, isExpired: true })
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: '王芳芳', idNo: '310104199107222469' } as never, { token: accessToken }))
    expect((payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken })) as { isExpired: boolean }).isExpired).toBe(false)

    const [edit] = (await t.database.db.select().from(auditLog)).filter((r) => r.action === 'roster.edit' && r.changed.includes('name'))
    expect(edit.before).toEqual({ name: '*芳' })
    expect(edit.after).toEqual({ name: '**芳', verificationEnded: true })
    const [addressEdit] = (await t.database.db.select().from(auditLog)).filter((r) => r.action === 'roster.edit' && r.changed.includes('address'))
    expect(JSON.stringify(addressEdit)).not.toContain('漕溪北路99号')
    expectRefusal(await consoleCall(t.app, others.support_agent, 'PATCH', url, { payload: { address: 'x' } }), 'CONSOLE_ROLE_DENIED', 403)
  })

  it('ends an employment: the link ends, the employee can no longer verify as it, a re-import employs again', async () => {
    const { accessToken } = await seedAccount(t)
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: '张强', idNo: '440305198501093572' } as never, { token: accessToken }))
    const [found] = await findOne('idNo=440305198501093572')
    const url = `/app/console/roster/employees/${found.id}/end`
    expectRefusal(await consoleCall(t.app, manager, 'POST', url, { payload: { endedOn: '2026-12-31', reason: 'contract over' } }), 'ROSTER_END_DATE_INVALID', 400)
    expectRefusal(await consoleCall(t.app, manager, 'POST', url, { payload: { endedOn: '2026-11-27', reason: ' ' } }), 'VALIDATION_FAILED', 400)
    expectRefusal(await consoleCall(t.app, others.admin, 'POST', url, { payload: { endedOn: '2026-11-27', reason: 'contract over' } }), 'CONSOLE_ROLE_DENIED', 403)
    const ended = payloadOf(await consoleCall(t.app, manager, 'POST', url, { payload: { endedOn: '2026-11-27', reason: 'contract over' } }))
    expect(ended).toMatchObject({ employmentEndedOn: '2026-11-27', employmentEndReason: 'contract over', verified: false })
    expectRefusal(await consoleCall(t.app, manager, 'POST', url, { payload: { endedOn: '2026-11-27', reason: 'again' } }), 'ROSTER_EMPLOYMENT_ENDED', 409)
    expect(payloadOf(await callApi(t.app, calls.getUserInfo, undefined, { token: accessToken }))).toMatchObject({ isExpired: true })
    expectRefusal(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: '张强', idNo: '440305198501093572' } as never, { token: accessToken }), 'REAL_NAME_FAILED')
    expect(await findOne('idNo=440305198501093572')).toEqual([])
    expect(await findOne('idNo=440305198501093572&status=ended')).toHaveLength(1)
    const [row] = (await t.database.db.select().from(auditLog)).filter((r) => r.action === 'roster.employment_end')
    expect(row).toMatchObject({ reason: 'contract over', after: { employmentEndedOn: '2026-11-27', verificationEnded: true } })

    // On a file again: employed again, and the employee verifies again.
    const again = csv(line('HS-0003', '张强', '440305198501093572', { gender: 'M', birthdate: '1985-01-09', pinyin_name: 'Zhang Qiang', phone: '13800138003', email: 'zhang.qiang@huasheng.example.com', address: '深圳市南山区科技园南路16号', postcode: '518057' }))
    const checked = await report(again)
    expect(payloadOf<RosterImportReport>(await apply(again, checked.sha256)).written).toMatchObject({ updated: 1 })
    payloadOf(await callApi(t.app, calls.certificationCheck, { method: 'idNumber', name: '张强', idNo: '440305198501093572' } as never, { token: accessToken }))
  })
})

describe('roster export', () => {
  it('needs a step-up, is audited, streams the import columns, and neutralises formula cells', async () => {
    const [found] = await findOne('idNo=330106199304184680')
    payloadOf(await consoleCall(t.app, manager, 'PATCH', `/app/console/roster/employees/${found.id}`, { payload: { address: '=cmd|\' /C calc\'!A0', pinyinName: null } }))
    const { payload } = await (async () => {
      const url = '/app/console/roster/export?companyCode=HS001'
      expectRefusal(await consoleCall(t.app, manager, 'GET', url), 'STEP_UP_REQUIRED', 403)
      expectRefusal(await consoleCall(t.app, others.admin, 'GET', url), 'CONSOLE_ROLE_DENIED', 403)
      await stepUp()
      const response = await consoleCall(t.app, manager, 'GET', url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/csv')
      expect(response.headers['content-disposition']).toContain('roster-HS001-')
      return response
    })()
    const [head, ...rows] = payload.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(head).toBe(ROSTER_COLUMNS.join(','))
    const chen = rows.find((r) => r.includes('HS-0004'))!
    expect(chen).toContain(`,'=cmd|' /C calc'!A0,`)
    expect(chen).toContain('330106199304184680')
    expect(rows.some((r) => r.includes('LY-1001'))).toBe(false)
    expect(rows.some((r) => r.includes('HS-0003'))).toBe(true)
    const [row] = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'roster.export')))
    expect(row.after).toEqual({ companyCode: 'HS001' })
  })
})
