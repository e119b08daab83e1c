// The notices API seen by the employee (issue 35): a provider's payroll job — the sample script's
// code path (apps/gateway/scripts/send-notice.ts: the payroll app's secret from the server's
// KEYS_DIR, a signed POST /open/api/v1/notices) — sends a salary notice to a verified demo
// employee; the notice is in their inbox in their language, and its link opens the payslip page of
// the provider's older system (the payment inner jump, signed in as that employee).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type Locale } from '@ess/contract/wire'
import { expect, test } from '@playwright/test'
import { expectRoute, onPage, seriousA11yViolations, signInVerified, watchErrors } from './support'

const run = promisify(execFile)
const repo = join(__dirname, '../..')
// The server of playwright.config.ts (E2E_PORT).
const port = process.env.E2E_PORT ?? '18080'
const baseURL = `http://127.0.0.1:${port}`

/** The employee signInVerified signs in for each language, as the payroll system knows them (the demo roster). */
const EMPLOYEE: Record<Locale, { companyCode: string; employeeNo: string }> = {
  'zh-CN': { companyCode: 'LY002', employeeNo: 'LY-1004' },
  'en-US': { companyCode: 'BH003', employeeNo: 'BH-2003' },
}

/** The sample payroll job against this server: sends the salary notice of `month`; answers its output. */
async function payrollJob(locale: Locale, month: string): Promise<string> {
  const dataDir = readFileSync(join(tmpdir(), `ess-e2e-${port}.data-dir`), 'utf8').trim()
  const { companyCode, employeeNo } = EMPLOYEE[locale]
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/gateway/scripts/send-notice.ts', '--url', baseURL, '--company', companyCode, '--employee', employeeNo, '--month', month],
    { cwd: repo, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }, timeout: 120_000 },
  )
  return stdout
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a salary notice from the payroll system is in the inbox in the employee's language and opens the payslip (${locale})`, async ({ page }) => {
    test.setTimeout(240_000)
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    await signInVerified(page, locale)
    // A month of its own per language: a second run on the same server finds the first answer (Idempotency-Key).
    const month = locale === 'zh-CN' ? '2026-09' : '2026-10'
    const output = await payrollJob(locale, month)
    expect(output).toContain('"queued": 1')

    await page.goto('/#/packages/users/notices/index')
    const route = 'packages/users/notices/index'
    await expectRoute(page, route, locale)
    const inbox = onPage(page, route)
    const title = locale === 'zh-CN' ? `${month}工资已发放` : `Your salary for ${month} has been paid`
    const notice = inbox.locator('[data-testid^="notice-"][data-read]').filter({ hasText: title })
    await expect(notice).toHaveCount(1)
    await expect(notice).toContainText(locale === 'zh-CN' ? '工资' : 'salary')
    // axe on the inbox with a linked notice (its card holds the text's control and the link's side by side).
    expect(await seriousA11yViolations(page)).toEqual([])

    // Its link: the payment page of the older system, signed in as this employee.
    await notice.locator('[data-testid^="notice-open-"]').click()
    await expect(page.getByTestId('sample-signed-in')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('sample-dest')).toContainText('payment')
    await expect(page.getByTestId('sample-employee-no')).toContainText(EMPLOYEE[locale].employeeNo)
    expect(new URL(page.url()).pathname).toBe('/sample-provider/loginByCodeAndRedirect')
    expect(new URL(page.url()).searchParams.get('lang')).toBe(locale)
    expect(errors).toEqual([])
  })
}
