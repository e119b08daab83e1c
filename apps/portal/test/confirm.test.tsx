import Taro from '@tarojs/taro'
import { ERRORS, SERVICE_PHONE, wire } from '@ess/contract/wire'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmHost } from '../src/components/confirm-host'
import { joinAgreementNames, showAccountAbnormal, showAgreementsPrompt } from '../src/core/agreements'
import { confirm, confirmStore } from '../src/core/confirm'
import { userStore } from '../src/core/auth/user-store'
import { request } from '../src/core/http/request'
import { localeStore } from '../src/i18n/store'
import { fail, installTestPlatform, ok } from './helpers'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const AGREEMENTS = [
  { agreementId: 'a1', agreementCode: 'user', agreementName: 'User Agreement', agreementUrl: '/app/agreements/user/3', version: '3', publishedAt: '2025-01-01', required: true },
  { agreementId: 'a2', agreementCode: 'privacy', agreementName: 'Privacy Policy', agreementUrl: '/app/agreements/privacy/5', version: '5', publishedAt: '2025-01-01', required: true },
] as const

const ZH_AGREEMENTS = [
  { ...AGREEMENTS[0], agreementName: '用户协议' },
  { ...AGREEMENTS[1], agreementName: '隐私政策' },
]

/** The dialog buttons: NutUI renders them as Taro buttons; find them by their text. */
const button = (name: string) => screen.getByText(name, { selector: '.taro-button-core, .taro-button-core *' })

describe('global confirm dialog', () => {
  it('shows title, message and both labels, and resolves with the answer', async () => {
    installTestPlatform()
    render(<ConfirmHost />)
    let answer: boolean | undefined
    act(() => {
      void confirm({ title: 'Delete?', message: 'This cannot be undone', confirmText: 'Delete', cancelText: 'Keep' }).then((v) => (answer = v))
    })
    // On H5 the dialog arrives with the first request (a chunk of its own): found once it is there
    // (the first import compiles NutUI's dialog for the test run: slow on a loaded machine).
    expect(await screen.findByText('Delete?', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('This cannot be undone')).toBeTruthy()
    fireEvent.click(button('Keep'))
    await act(async () => undefined)
    expect(answer).toBe(false)
    expect(confirmStore.getState().current).toBeNull()

    act(() => {
      void confirm({ title: 'Again?' }).then((v) => (answer = v))
    })
    expect(screen.getByText('取消')).toBeTruthy()
    fireEvent.click(button('确定'))
    await act(async () => undefined)
    expect(answer).toBe(true)
  })

  it('a destructive request: the danger button above one that says what is kept, each answering', async () => {
    installTestPlatform()
    render(<ConfirmHost />)
    let answer: boolean | undefined
    const ask = () =>
      act(() => {
        void confirm({ message: 'Gone for good?', confirmText: 'Cancel my account', cancelText: 'Keep my account', destructive: true }).then((v) => (answer = v))
      })
    ask()
    expect(await screen.findByText('Gone for good?', {}, { timeout: 10_000 })).toBeTruthy()
    const stack = document.querySelector('.confirm-host--destructive .confirm-host__stack')!
    const buttons = [...stack.querySelectorAll('.taro-button-core')]
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel my account', 'Keep my account'])
    expect(buttons[0].className).toContain('nut-button-danger')
    expect(buttons[1].className).not.toContain('nut-button-primary')
    expect(document.querySelector('.nut-dialog-footer-ok')).toBeNull()
    fireEvent.click(button('Keep my account'))
    await act(async () => undefined)
    expect(answer).toBe(false)
    ask()
    fireEvent.click(await screen.findByText('Cancel my account', { selector: '.taro-button-core, .taro-button-core *' }))
    await act(async () => undefined)
    expect(answer).toBe(true)
  })

  it('renders HTML content and queues a second request until the first is answered', async () => {
    installTestPlatform()
    const { container } = render(<ConfirmHost />)
    let first: Promise<boolean> | undefined
    act(() => {
      first = confirm({ title: 'One', html: '<b>bold</b> text' })
      void confirm({ title: 'Two' })
    })
    await screen.findByText('One')
    expect(container.innerHTML).toContain('bold')
    expect(screen.queryByText('Two')).toBeNull()
    fireEvent.click(button('确定'))
    await act(async () => undefined)
    await expect(first).resolves.toBe(true)
    expect(screen.getByText('Two')).toBeTruthy()
  })

  it('joins agreement names with "and" / "和"', () => {
    expect(joinAgreementNames(['User Agreement', 'Privacy Policy'], 'en-US')).toBe('User Agreement and Privacy Policy')
    expect(joinAgreementNames(['A', 'B', 'C'], 'en-US')).toBe('A, B and C')
    expect(joinAgreementNames(['用户协议', '隐私政策'], 'zh-CN')).toBe('《用户协议》和《隐私政策》')
    expect(joinAgreementNames(['甲', '乙', '丙'], 'zh-CN')).toBe('《甲》、《乙》和《丙》')
    expect(joinAgreementNames(['Only'], 'en-US')).toBe('Only')
  })

  it('the agreements variant shows "Loading..." then the agreements as links joined by "and"', async () => {
    const { server } = installTestPlatform()
    localeStore.setState({ locale: 'en-US' })
    let release: () => void = () => undefined
    server.reply(() => new Promise((resolve) => (release = () => resolve(ok(AGREEMENTS)))))
    render(<ConfirmHost />)
    act(() => void showAgreementsPrompt())

    expect(await screen.findByText('Update prompt')).toBeTruthy()
    expect(screen.getByTestId('agreements-loading').textContent).toBe('Loading...')
    expect(screen.getByText('Agree')).toBeTruthy()
    expect(screen.getByText('Exit')).toBeTruthy()
    expect(server.requests[0].url).toBe('/app/user/api/agreement/getAppAgreements?type=1')

    await act(async () => release())
    const notice = screen.getByTestId('agreements-notice')
    expect(notice.textContent).toBe('We have updated the User Agreement and Privacy Policy. Please read them carefully and agree to continue.')
    expect(within(notice).getAllByTestId('agreement-link').map((a) => a.textContent)).toEqual(['User Agreement', 'Privacy Policy'])
  })

  it('in Chinese: 加载中... then 《用户协议》和《隐私政策》', async () => {
    const { server } = installTestPlatform()
    let release: () => void = () => undefined
    server.reply(() => new Promise((resolve) => (release = () => resolve(ok(ZH_AGREEMENTS)))))
    render(<ConfirmHost />)
    act(() => void showAgreementsPrompt())
    expect(await screen.findByText('更新提示')).toBeTruthy()
    expect(screen.getByTestId('agreements-loading').textContent).toBe('加载中...')
    await act(async () => release())
    expect(screen.getByTestId('agreements-notice').textContent).toBe('我们更新了《用户协议》和《隐私政策》，请您仔细阅读并同意后继续使用。')
  })

  it('a link opens the agreement page; Exit goes to the login page; Agree signs the pending versions', async () => {
    const { server, nav } = installTestPlatform()
    server.reply(ok(ZH_AGREEMENTS), ok(ZH_AGREEMENTS))
    render(<ConfirmHost />)
    let outcome: Promise<boolean> | undefined
    act(() => void (outcome = showAgreementsPrompt()))
    await act(async () => undefined)
    fireEvent.click((await screen.findAllByTestId('agreement-link'))[1])
    expect(nav.navigateTo).toHaveBeenCalledWith(`/packages/webview/index?url=${encodeURIComponent('/app/agreements/privacy/5')}`)

    fireEvent.click(button('退出'))
    await act(async () => undefined)
    await expect(outcome).resolves.toBe(false)
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/packages/login/login-type/index')

    const toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
    const pending = { signed: [], pending: ZH_AGREEMENTS }
    server.reply(ok(pending), ok({ signed: [], pending: [] }))
    act(() => void (outcome = showAgreementsPrompt()))
    await act(async () => undefined)
    fireEvent.click(button('同意'))
    await act(async () => undefined)
    await expect(outcome).resolves.toBe(true)
    expect(confirmStore.getState().current).toBeNull()
    const sign = server.requests.at(-1)!
    expect(sign.url).toContain('/agreement/signAgreements')
    expect(JSON.parse(sign.body!)).toEqual({ agreementIds: ZH_AGREEMENTS.map((a) => a.agreementId) })
    expect(toastSpy).toHaveBeenLastCalledWith(expect.objectContaining({ title: '用户协议签署成功' }))
  })

  it('in the mini-program: reads the agreements again, opens My account, flags the popup there, clears it once settled', async () => {
    const { server, nav, platform } = installTestPlatform()
    platform.reSignOnMyAccount = true
    const pending = { signed: [], pending: ZH_AGREEMENTS }
    server.reply(ok(pending), ok(ZH_AGREEMENTS), ok(pending), ok({ signed: ZH_AGREEMENTS, pending: [] }))
    render(<ConfirmHost />)
    let outcome: Promise<boolean> | undefined
    act(() => void (outcome = showAgreementsPrompt()))
    await act(async () => undefined)
    expect(server.requests[0].url).toContain('/agreement/getUserAgreements')
    expect(nav.switchTab).toHaveBeenCalledWith('/pages/user-center/index')
    expect(userStore.getState()).toMatchObject({ reSignPending: true, agreements: pending })
    expect(await screen.findByText('更新提示')).toBeTruthy()
    vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
    fireEvent.click(button('同意'))
    await act(async () => undefined)
    await expect(outcome).resolves.toBe(true)
    expect(userStore.getState().reSignPending).toBe(false)
  })

  it('one 430 prompt at a time', async () => {
    const { server } = installTestPlatform()
    server.reply(fail(430, {}, 403), fail(430, {}, 403))
    await Promise.all([request(wire.dictList, { type: 'gender' }), request(wire.dictList, { type: 'idType' })])
    expect(showAgreementsPrompt()).toBe(showAgreementsPrompt())
  })

  it('the 100400 dialog has the text, a tap-to-call service phone and no cancel button', async () => {
    const { platform } = installTestPlatform()
    localeStore.setState({ locale: 'en-US' })
    const call = vi.spyOn(platform.system, 'makePhoneCall').mockImplementation(() => undefined)
    render(<ConfirmHost />)
    let outcome: Promise<boolean> | undefined
    act(() => void (outcome = showAccountAbnormal()))
    expect(await screen.findByText(ERRORS.ACCOUNT_ABNORMAL.message['en-US'])).toBeTruthy()
    expect(screen.getByText(SERVICE_PHONE)).toBeTruthy()
    expect(screen.queryByText('Cancel')).toBeNull()
    fireEvent.click(screen.getByTestId('service-phone'))
    expect(call).toHaveBeenCalledWith(SERVICE_PHONE)
    fireEvent.click(button('Got it'))
    await act(async () => undefined)
    await expect(outcome).resolves.toBe(true)
  })
})
