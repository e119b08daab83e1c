import { expect, test, type Locator, type Page } from '@playwright/test'
import { DICTIONARIES, expectRoute, findPuzzleGap, newPhone, onPage, readCode, visitor, watchErrors } from './support'

// Issue 18: the custom controls (views used as links and buttons, the slider puzzle, the tabs and
// the agreement checkbox) are reached with Tab and worked with the keys a native control answers;
// a dialog takes focus and gives it back.

/** Presses Tab until the element has focus (as a keyboard user gets there); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`not reached with ${max} Tabs`)
}

test('a home entry is reached with Tab and opened with Enter; Back works from the keyboard (en-US)', async ({ page }) => {
  const errors = watchErrors(page)
  await visitor(page, 'en-US')
  await page.goto('/#/pages/home/index')
  await expectRoute(page, 'pages/home/index', 'en-US')
  const guide = onPage(page, 'pages/home/index').getByTestId('link-guide')
  await expect(guide).toHaveAttribute('role', 'link')
  await expect(guide).toHaveAccessibleName('Service guide')
  await tabTo(page, guide)
  await page.keyboard.press('Enter')
  await expectRoute(page, 'packages/news/service-guide/index', 'en-US')
  const back = onPage(page, 'packages/news/service-guide/index').getByTestId('nav-back')
  await expect(back).toHaveAccessibleName('Back')
  await tabTo(page, back)
  await page.keyboard.press('Space')
  await expectRoute(page, 'pages/home/index', 'en-US')
  expect(errors).toEqual([])
})

test('the slider puzzle from the keyboard: focus moves into it, arrow keys and Enter solve it, focus comes back (zh-CN)', async ({ page }) => {
  test.setTimeout(120_000)
  const t = DICTIONARIES['zh-CN']
  const errors = watchErrors(page, ['IMAGE_CAPTCHA_FAILED'])
  await visitor(page, 'zh-CN')
  await page.goto('/#/packages/login/login-type/index')
  await expectRoute(page, 'packages/login/login-type/index', 'zh-CN')
  const login = onPage(page, 'packages/login/login-type/index')
  const codeTab = login.getByTestId('tab-code')
  await tabTo(page, codeTab)
  await page.keyboard.press('Enter')
  await expect(codeTab).toHaveAttribute('aria-selected', 'true')
  const phone = newPhone()
  await login.locator(`input[placeholder="${t.auth.phonePlaceholder}"]`).fill(phone)
  const agree = login.getByTestId('agree')
  await tabTo(page, agree)
  await page.keyboard.press('Space')
  await expect(agree).toHaveAttribute('aria-checked', 'true')

  // The puzzle opens as a named modal dialog holding the focus, and gives it back when solved.
  const getCode = login.getByTestId('get-code')
  await tabTo(page, getCode)
  await page.keyboard.press('Enter')
  const popup = page.getByTestId('captcha-popup')
  await expect(popup).toBeVisible()
  await expect(popup).toHaveAttribute('aria-modal', 'true')
  await expect(popup).toHaveAccessibleName(t.captcha.title)
  await expect.poll(() => popup.evaluate((el) => el.contains(document.activeElement))).toBe(true)

  // Solved with the keys: Shift+→ moves 10 px, → 1 px, with a person's uneven pauses.
  const slider = popup.getByTestId('slider-captcha')
  const handle = popup.getByTestId('captcha-handle')
  for (let attempt = 1; ; attempt++) {
    await expect(slider).toHaveAttribute('data-status', 'idle')
    await tabTo(page, handle, 10)
    const gap = await findPuzzleGap(page)
    let x = 0
    for (; gap - x >= 10; x += 10) {
      await page.keyboard.press('Shift+ArrowRight')
      await page.waitForTimeout(40 + (x % 30) * 2)
    }
    for (; x < gap; x++) {
      await page.keyboard.press('ArrowRight')
      await page.waitForTimeout(60 + (x % 2) * 50)
    }
    await expect(handle).toHaveAttribute('aria-valuenow', String(gap))
    await page.keyboard.press('Enter')
    await expect(slider).not.toHaveAttribute('data-status', /dragging|checking/).catch(() => undefined)
    if ((await slider.getAttribute('data-status').catch(() => 'gone')) !== 'failure') break
    if (attempt === 3) throw new Error('the puzzle was refused three times')
  }
  await expect(popup).toBeHidden()
  await expect(getCode).toBeFocused()
  expect(await readCode(page, `+86${phone}`)).toMatch(/^\d{6}$/)
  expect(errors).toEqual([])
})

test('Escape closes the puzzle; without the picture, the other way earns the code from the keyboard, its status read out (en-US)', async ({ page }) => {
  const t = DICTIONARIES['en-US']
  const errors = watchErrors(page)
  await visitor(page, 'en-US')
  await page.goto('/#/packages/login/login-type/index')
  await expectRoute(page, 'packages/login/login-type/index', 'en-US')
  const login = onPage(page, 'packages/login/login-type/index')
  await login.getByTestId('tab-code').click()
  const phone = newPhone()
  await login.locator(`input[placeholder="${t.auth.phonePlaceholder}"]`).fill(phone)
  await login.getByTestId('agree').click()
  const getCode = login.getByTestId('get-code')
  await tabTo(page, getCode)
  await page.keyboard.press('Enter')
  const popup = page.getByTestId('captcha-popup')
  await expect(popup).toBeVisible()
  // Escape closes the dialog as its close button does (no empty popup left), focus back on the opener.
  await expect.poll(() => popup.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(popup).toBeHidden()
  await expect(page.locator('.captcha-popup')).toBeHidden()
  await expect(getCode).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(popup).toBeVisible()

  // The switch is a named button in the dialog; the device does the work, the status says so.
  const other = popup.getByRole('button', { name: t.captcha.otherWay })
  await tabTo(page, other, 10)
  await page.keyboard.press('Enter')
  await expect(popup.getByTestId('captcha-other-way')).toHaveText(t.captcha.backToPuzzle)
  await expect(popup.getByTestId('captcha-other-way')).toBeFocused()
  await expect(popup.getByRole('status').filter({ hasText: /\S/ })).toHaveText(new RegExp(`${t.captcha.workRunning}|${t.captcha.success}`))
  await expect(popup).toBeHidden()
  await expect(getCode).toBeFocused()
  expect(await readCode(page, `+86${phone}`)).toMatch(/^\d{6}$/)
  expect(errors).toEqual([])
})
