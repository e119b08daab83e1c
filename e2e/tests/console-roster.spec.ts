import { expect, test, type Page } from '@playwright/test'
import type { ConsoleRole, Locale } from '@ess/contract'
import { rosterReasonText } from '@ess/contract'
import { TEXTS, fill } from '../../apps/console/src/i18n'
import { buttonIn, DICTIONARIES, expectRoute, field, onPage, seriousA11yViolations, signUpByCode, typeOneTimeCode, visitor, watchErrors, demoOperator, screenshotIfAsked, claimOneTimeCode } from './support'

// The roster in the console (issue 34) at 1280 px: a roster manager imports a CSV with a bad row,
// reads the per-line report, fixes the file, applies it, and an employee of that file verifies
// (real name) in the portal; the manager then ends the employment and the employee sees the
// verification ended. The list, the employee drawer, the edit's translated refusal and the import
// page in the other language. axe-core on each roster page.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })



/** With SHOTS_DIR set, screenshots of the roster pages. */
const shot = (page: Page, name: string, locale: Locale) => screenshotIfAsked(page, `console-${name}`, locale)

/** Signs the roster manager in (password, then the TOTP code of now or of the next step when now's was used). */
async function signIn(page: Page, locale: Locale) {
  const operator = await demoOperator(page, 'roster_manager')
  const t = TEXTS[locale].auth.signIn
  await page.addInitScript((value) => localStorage.setItem('ess-console-locale', value), locale)
  await page.goto('/console/#/sign-in')
  await page.getByLabel(t.email).fill(operator.email)
  await page.getByLabel(t.password).fill(operator.password)
  await page.getByRole('button', { name: t.next }).click()
  await expect(page.getByRole('heading', { name: t.secondFactorTitle })).toBeVisible()
  for (const ahead of [0, 30, 60]) {
    const code = await claimOneTimeCode(operator)
    const answer = page.waitForResponse((response) => response.url().endsWith('/app/console/auth/totp'))
    await typeOneTimeCode(page, code)
    await page.getByRole('button', { name: t.submit }).click()
    if ((await answer).ok()) break
  }
  await expect(page.getByRole('heading', { level: 2 })).toContainText(TEXTS[locale].home.welcome.split('{')[0].trim())
}

/** A well-formed resident ID number of a random birth date (check digit computed): new on every run. */
function newIdNumber(): { idNo: string; birthdate: string } {
  const day = new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 10_000) * 86_400_000).toISOString().slice(0, 10)
  const body = `110101${day.replaceAll('-', '')}${String(100 + Math.floor(Math.random() * 899))}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i], 0)
  return { idNo: body + '10X98765432'[sum % 11], birthdate: day }
}
const HEADER = 'company_code,company_name_zh,company_name_en,employee_no,name,pinyin_name,gender,birthdate,nationality,id_type,id_no,phone,email,address,postcode'
const row = (employeeNo: string, name: string, idNo: string, birthdate: string) =>
  `BH003,博汇咨询（上海）有限公司,"Bohui Consulting (Shanghai) Co., Ltd.",${employeeNo},${name},,,${birthdate},CN,ID_CARD,${idNo},,,,`

/** axe-core with the pointer away (a hovered button shows its lighter hover colour). */
async function axe(page: Page) {
  await page.mouse.move(0, 0)
  await page.waitForTimeout(300)
  return seriousA11yViolations(page)
}

async function chooseFile(page: Page, name: string, text: string) {
  await page.locator('.ant-upload input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
}

test('zh-CN: a roster manager imports a file with a bad row, fixes it, applies it; the employee verifies, then the employment ends', async ({ page, context }) => {
  test.setTimeout(240_000)
  const locale: Locale = 'zh-CN'
  const t = TEXTS[locale].roster
  const errors = watchErrors(page, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR'])
  const stamp = Date.now().toString(36).toUpperCase()
  const person = { ...newIdNumber(), name: '韩梅梅', employeeNo: `E2E-${stamp}` }
  const other = newIdNumber()
  const badIdNo = `${other.idNo.slice(0, 17)}${other.idNo[17] === '1' ? '2' : '1'}`
  const good = row(person.employeeNo, person.name, person.idNo, person.birthdate)

  await signIn(page, locale)
  await page.locator('.ant-layout-sider .ant-menu').getByText(TEXTS[locale].common.menu.roster).click()
  await expect(page.locator('.ant-table-row').first()).toBeVisible()
  await page.getByTestId('roster-import').click()
  await expect(page.getByText(t.importPage.drop)).toBeVisible()
  expect(await axe(page)).toEqual([])

  // A bad check digit on line 3: the report names the line, the column and the reason in Chinese.
  await chooseFile(page, 'roster.csv', [HEADER, good, row(`E2E-${stamp}-2`, '李雷', badIdNo, other.birthdate)].join('\n'))
  await page.getByTestId('import-check').click()
  await expect(page.getByText(fill(t.importPage.rejected, { count: 1 }))).toBeVisible()
  const reason = rosterReasonText({ column: 'id_no', code: 'id_no', params: {} }, locale)
  const reportRow = page.getByRole('row').filter({ hasText: reason })
  await expect(reportRow).toContainText('3')
  await expect(page.getByTestId('import-apply')).toHaveCount(0)
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-report', locale)
  const download = page.waitForEvent('download')
  await page.getByTestId('import-report').click()
  const report = await (await download).path()
  const { readFileSync } = await import('node:fs')
  expect(readFileSync(report, 'utf8')).toContain(reason)

  // Fixed: checked clean, applied after the confirmation.
  await chooseFile(page, 'roster-fixed.csv', [HEADER, good, row(`E2E-${stamp}-2`, '李雷', other.idNo, other.birthdate)].join('\n'))
  await page.getByTestId('import-check').click()
  await expect(page.getByText(t.importPage.clean)).toBeVisible()
  await page.getByTestId('import-apply').click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: TEXTS[locale].common.actions.confirm }).click()
  await expect(page.getByText(t.importPage.applied)).toBeVisible()
  await expect(page.getByText(fill(t.importPage.written, { inserted: 2, updated: 0, identityChanged: 0, unchanged: 0 }))).toBeVisible()
  await shot(page, 'roster-applied', locale)

  // The employee of the file verifies in the portal.
  const portal = await context.newPage()
  const p = DICTIONARIES[locale]
  await visitor(portal, locale)
  await portal.goto('/#/pages/user-center/index')
  const uc = onPage(portal, 'pages/user-center/index')
  await uc.getByTestId('login-register').click()
  await signUpByCode(portal, locale)
  await expectRoute(portal, 'pages/user-center/index', locale)
  await portal.goto('/#/packages/auth/idNumberAuthentication')
  const form = onPage(portal, 'packages/auth/idNumberAuthentication')
  await field(form, p.realName.namePlaceholder).fill(person.name)
  await field(form, p.realName.idNoPlaceholder).fill(person.idNo)
  await buttonIn(form, p.realName.submit).click()
  await expectRoute(portal, 'packages/users/identity/success', locale)

  // The manager finds them by ID number (exact), sees them verified, ends the employment.
  await page.goto('/console/#/roster')
  await page.getByLabel(t.filters.idNo).fill(person.idNo)
  await page.getByRole('button', { name: TEXTS[locale].common.actions.search }).click()
  // The row of this number exactly (another test's number may begin with it).
  const personRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: person.employeeNo, exact: true }) })
  await expect(personRow).toContainText(t.verified)
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-list', locale)
  await personRow.click()
  const drawer = page.locator('.ant-drawer-content')
  await expect(drawer).toContainText(`${person.idNo.slice(0, 6)}********${person.idNo.slice(-4)}`)
  await expect(drawer).toContainText('**梅')
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-employee', locale)
  await page.getByTestId('roster-end').click()
  await page.getByTestId('end-reason').fill('合同到期')
  await page.locator('.ant-modal').getByRole('button', { name: t.end.confirm }).click()
  await expect(drawer).toContainText(t.notVerified)
  await expect(drawer).toContainText('合同到期')

  // The employee sees the verification ended, and may verify again (the form is offered).
  await portal.goto('about:blank')
  await portal.goto('/#/pages/user-center/index')
  await expect(onPage(portal, 'pages/user-center/index').getByTestId('uc-certified')).toContainText(p.userCenter.certificationExpired)
  expect(errors).toEqual([])
})

test('en-US: the roster list, an employee masked, a translated refusal of an edit, and the import page', async ({ page }) => {
  test.setTimeout(120_000)
  const locale: Locale = 'en-US'
  const t = TEXTS[locale].roster
  const errors = watchErrors(page, ['CONSOLE_SESSION_INVALID', 'TOTP_CODE_REUSED', 'WRONG_SECOND_FACTOR'])
  await signIn(page, locale)
  await page.goto('/console/#/roster')
  await page.getByRole('combobox', { name: t.filters.company }).click()
  await page.locator('.ant-select-dropdown').getByText('Lvyuan Food Group (LY002)').click()
  await page.getByRole('button', { name: TEXTS[locale].common.actions.search }).click()
  const first = page.getByRole('row').filter({ hasText: 'LY-1001' })
  await expect(first).toContainText('510107********5790')
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-list', locale)

  await first.click()
  const drawer = page.locator('.ant-drawer-content')
  await expect(drawer).toContainText('*洋')
  await expect(drawer).toContainText('138****8005')
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-employee', locale)
  await page.getByTestId('roster-edit').click()
  await page.getByTestId('edit-phone').fill('12345')
  await page.locator('.ant-modal').getByRole('button', { name: t.edit.save }).click()
  await expect(page.locator('.ant-modal')).toContainText('phone must be an 11-digit mainland mobile number')
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-edit', locale)
  await page.locator('.ant-modal').getByRole('button', { name: TEXTS[locale].common.actions.cancel }).click()

  await page.goto('/console/#/roster/import')
  await expect(page.getByText(t.importPage.drop)).toBeVisible()
  expect(await axe(page)).toEqual([])
  await shot(page, 'roster-import', locale)
  expect(errors).toEqual([])
})
