import { expect, test } from '@playwright/test'
import { LOCALES, type Locale } from '@ess/contract'
import { buttonIn, DICTIONARIES, exactly, expectRoute, field, onPage, signUpByCode, useLocale, watchErrors } from './support'

// Real-name verification in the browser: a new user taps "Verify now" on My account, verifies by ID
// number with an employee of the demo roster, comes back to My account verified, and sees the
// employee record (ID masked) on the personal-info page. Also: a wrong name gets the SPEC's failure
// page, and the form's own messages.

/** Demo roster employees (apps/gateway/src/modules/roster/data.ts), one per test so they never clash. */
const EMPLOYEE: Record<Locale, { name: string; idNo: string; company: string; employeeNo: string; pinyin: string }> = {
  'zh-CN': { name: '李伟', idNo: '110101198803151237', company: '华晟科技有限公司', employeeNo: 'HS-0001', pinyin: 'Li Wei' },
  'en-US': { name: '王芳', idNo: '310104199107222469', company: 'Huasheng Technology Co., Ltd.', employeeNo: 'HS-0002', pinyin: 'Wang Fang' },
}

for (const locale of LOCALES) {
  test(`verify by ID number from My account and see the employee record (${locale})`, async ({ page }) => {
    test.setTimeout(150_000)
    const t = DICTIONARIES[locale]
    const who = EMPLOYEE[locale]
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED', 'REAL_NAME_FAILED'])
    await useLocale(page, locale)
    await page.addInitScript(() => localStorage.setItem('user-agreed-privacy', '1'))

    // A visitor is sent to login from My account and comes back there.
    await page.goto('/#/pages/user-center/index')
    const uc = onPage(page, 'pages/user-center/index')
    await uc.getByTestId('login-register').click()
    await signUpByCode(page, locale)
    await expectRoute(page, 'pages/user-center/index', locale)
    await expect(uc.getByTestId('uc-certified')).toContainText(t.userCenter.notCertified)

    // The gated item: "Verify now" → the option page with origin → by ID number.
    await uc.getByTestId('uc-certified').click()
    await expectRoute(page, 'packages/auth/realNameAuthOption', locale)
    expect(page.url()).toContain('origin=userCenter')
    await onPage(page, 'packages/auth/realNameAuthOption').getByTestId('option-id-number').click()
    await expectRoute(page, 'packages/auth/idNumberAuthentication', locale)
    const form = onPage(page, 'packages/auth/idNumberAuthentication')

    // The form's own messages (SPEC §5), then the gateway's failure text for a wrong name.
    await field(form, t.realName.namePlaceholder).fill('Li3')
    await field(form, t.realName.idNoPlaceholder).fill(who.idNo.slice(0, 17) + (who.idNo.endsWith('1') ? '2' : '1'))
    await buttonIn(form, t.realName.submit).click()
    await expect(form.getByTestId('row-name-error')).toHaveText(locale === 'zh-CN' ? '请输入中文或字母组成的姓名' : 'Please enter name with Chinese characters or letters')
    await expect(form.getByTestId('row-idNo-error')).toHaveText(locale === 'zh-CN' ? '请输入正确的身份证号' : 'Please enter correct ID number')
    await field(form, t.realName.namePlaceholder).fill('张三')
    await field(form, t.realName.idNoPlaceholder).fill(who.idNo)
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/fail', locale)
    await expect(page.getByTestId('identity-fail')).toContainText(
      locale === 'zh-CN' ? '您的身份信息未通过实名认证，请核实后重新输入' : 'Your identity information has not passed the real-name authentication, please verify and re-enter',
    )
    await buttonIn(onPage(page, 'packages/users/identity/fail'), t.realName.retry).click()

    // The right name: verified, the masked record, Continue returns to the origin.
    await expectRoute(page, 'packages/auth/idNumberAuthentication', locale)
    await field(form, t.realName.namePlaceholder).fill(who.name)
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/success', locale)
    const record = page.getByTestId('certification-record')
    await expect(record.getByTestId('record-id')).toContainText(`${who.idNo.slice(0, 6)}********${who.idNo.slice(-4)}`)
    await expect(record.getByTestId('record-company')).toContainText(who.company)
    await expect(record).not.toContainText(who.idNo)
    await buttonIn(onPage(page, 'packages/users/identity/success'), t.realName.continue).click()
    await expectRoute(page, 'pages/user-center/index', locale)
    await expect(uc.getByTestId('uc-certified')).toHaveText(t.userCenter.certified)

    // Personal info: the roster record, the ID masked, nothing editable there.
    await uc.getByTestId('entry-personal-info').click()
    await expectRoute(page, 'pages/user-center/user-info/index', locale)
    const info = onPage(page, 'pages/user-center/user-info/index')
    await expect(info.getByTestId('info-name')).toContainText(who.name)
    await expect(info.getByTestId('info-pinyin')).toContainText(who.pinyin)
    await expect(info.getByTestId('info-company')).toContainText(who.company)
    await expect(info.getByTestId('info-employee-no')).toContainText(who.employeeNo)
    await expect(info.getByTestId('info-id-no')).toContainText(`${who.idNo.slice(0, 6)}********${who.idNo.slice(-4)}`)
    expect(await info.textContent()).not.toContain(who.idNo)

    // The user's own postcode: a bad one is refused inline, a good one saved.
    await info.getByTestId('info-postcode').click()
    const sheet = page.getByTestId('edit-postcode')
    await sheet.locator('input').fill('12')
    await page.getByTestId('edit-postcode-save').click()
    await expect(page.getByTestId('edit-postcode-error')).toHaveText(locale === 'zh-CN' ? '请输入6位邮政编码' : 'Please enter a 6-digit postcode')
    await sheet.locator('input').fill('200040')
    await page.getByTestId('edit-postcode-save').click()
    await expect(info.getByTestId('info-postcode')).toContainText('200040')

    expect(errors).toEqual([])
  })
}

/** Employees for the personal-info path (not used by the other specs); one ID ends in X, typed as x. */
const FROM_INFO: Record<Locale, { name: string; idNo: string; employeeNo: string }> = {
  'zh-CN': { name: '孙磊', idNo: '110105199502037959', employeeNo: 'LY-1003' },
  'en-US': { name: '林雪', idNo: '50010319961021246X', employeeNo: 'BH-2004' },
}

for (const locale of LOCALES) {
  test(`personal info gates itself; after verifying, Back leaves it for My account, not the option page (${locale})`, async ({ page }) => {
    test.setTimeout(120_000)
    const t = DICTIONARIES[locale]
    const who = FROM_INFO[locale]
    const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
    await useLocale(page, locale)
    await page.addInitScript(() => localStorage.setItem('user-agreed-privacy', '1'))
    await page.goto('/#/pages/user-center/index')
    const uc = onPage(page, 'pages/user-center/index')
    await uc.getByTestId('login-register').click()
    await signUpByCode(page, locale)
    await expectRoute(page, 'pages/user-center/index', locale)

    await uc.getByTestId('entry-personal-info').click()
    await expectRoute(page, 'pages/user-center/user-info/index', locale)
    const info = onPage(page, 'pages/user-center/user-info/index')
    await expect(info.getByTestId('info-not-verified')).toBeVisible()
    await info.getByTestId('verify-now').click()
    await expectRoute(page, 'packages/auth/realNameAuthOption', locale)
    await onPage(page, 'packages/auth/realNameAuthOption').getByTestId('option-id-number').click()
    const form = onPage(page, 'packages/auth/idNumberAuthentication')
    await field(form, t.realName.namePlaceholder).fill(who.name)
    await field(form, t.realName.idNoPlaceholder).fill(who.idNo.toLowerCase())
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/success', locale)
    await buttonIn(onPage(page, 'packages/users/identity/success'), t.realName.continue).click()

    // Back on the same personal-info page, now with the record; Back again is My account.
    await expectRoute(page, 'pages/user-center/user-info/index', locale)
    await expect(info.getByTestId('info-employee-no')).toContainText(who.employeeNo)
    await expect(info.getByTestId('info-id-no')).toContainText(`${who.idNo.slice(0, 6)}********${who.idNo.slice(-4)}`)
    expect(await info.textContent()).not.toContain(who.idNo)
    await page.goBack()
    await expectRoute(page, 'pages/user-center/index', locale)
    await expect(uc.getByTestId('uc-certified')).toHaveText(t.userCenter.certified)
    expect(errors).toEqual([])
  })
}
