import type { ArticleSummary, InformationTree, Notice } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadHelpCategories, sendHelpVote } from '../src/core/help/api'
import { fold, questionContext, searchHelp } from '../src/core/help/search'
import { inboxStore, loadInbox, openNoticeTarget, readAllNotices, readNotice } from '../src/core/notices/inbox'
import { storeTokens } from '../src/core/session'
import * as toastModule from '../src/core/toast'
import { installTestPlatform, ok } from './helpers'

beforeEach(() => {
  vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => vi.restoreAllMocks())

const question = (id: string, title: string, summary: string): ArticleSummary => ({
  id,
  title,
  summary,
  cover: { url: '/app/media/cms/icon.svg', width: 690, height: 300 },
  publishedAt: '2026-08-01T00:00:00.000Z',
  source: '',
})

const ZH: InformationTree = [
  { code: 'news', name: '政策资讯', kind: 'news', articles: [question('si-base-2026', '社保基数调整', '密码')] },
  {
    code: 'help-account',
    name: '账号与登录',
    kind: 'help',
    articles: [
      question('help-forgot-password', '忘记密码怎么办？', '在登录页点击"忘记密码"，可通过手机、邮箱或实名信息找回。'),
      question('help-account-locked', '账号被锁定了怎么办？', '连续输错密码会暂时锁定账号，等待解锁或通过找回密码立即解锁。'),
    ],
  },
  { code: 'help-pay', name: '薪资与社保', kind: 'help', articles: [question('help-payslip-missing', '为什么看不到本月工资条？', '工资条在公司发薪后发布；请确认已登录并完成实名认证。')] },
]

const EN: InformationTree = [
  {
    code: 'help-account',
    name: 'Account and sign-in',
    kind: 'help',
    articles: [
      question('help-forgot-password', 'I forgot my password. What can I do?', 'Tap "Forgot password" on the sign-in page and recover it by phone, email or your real-name record.'),
      question('help-account-locked', 'My account is locked. What now?', 'Too many wrong passwords lock the account for a while; wait, or reset your password to unlock it at once.'),
    ],
  },
  { code: 'help-pay', name: 'Pay and insurance', kind: 'help', articles: [question('help-payslip-missing', "Why can't I see this month's payslip?", 'Payslips appear once your company has paid; make sure you are signed in and verified.')] },
]

const help = (tree: InformationTree) => tree.filter((c) => c.kind === 'help')
const ids = (hits: ReturnType<typeof searchHelp>) => hits.map((h) => h.question.id)

describe('help search (client side, over the help categories of the tree)', () => {
  it('finds Chinese questions by a phrase without spaces, the question title first, then the short answers', () => {
    expect(ids(searchHelp(help(ZH), '密码'))).toEqual(['help-forgot-password', 'help-account-locked'])
    expect(ids(searchHelp(help(ZH), '锁定'))).toEqual(['help-account-locked'])
    expect(ids(searchHelp(help(ZH), '工资条'))).toEqual(['help-payslip-missing'])
    // every word must be there; the category name counts
    expect(ids(searchHelp(help(ZH), '账号 手机'))).toEqual(['help-forgot-password'])
    expect(ids(searchHelp(help(ZH), '薪资 锁定'))).toEqual([])
    expect(searchHelp(help(ZH), '工资条')[0].category).toEqual({ code: 'help-pay', name: '薪资与社保' })
  })

  it('finds English questions case-insensitively, by words in any order, ignoring punctuation', () => {
    expect(ids(searchHelp(help(EN), 'PASSWORD'))).toEqual(['help-forgot-password', 'help-account-locked'])
    expect(ids(searchHelp(help(EN), 'locked account?'))).toEqual(['help-account-locked'])
    expect(ids(searchHelp(help(EN), "can't see payslip"))).toEqual(['help-payslip-missing'])
    expect(ids(searchHelp(help(EN), 'mortgage'))).toEqual([])
  })

  it('reads full-width letters and digits as a Chinese keyboard types them, and finds nothing for an empty query', () => {
    expect(fold('ＰＡＳＳＷＯＲＤ？')).toBe('password')
    expect(ids(searchHelp(help(EN), 'ｐａｓｓｗｏｒｄ'))).toHaveLength(2)
    expect(searchHelp(help(ZH), '   ')).toEqual([])
  })

  it('searches only the help categories it is given, and places a question in its category', () => {
    expect(ids(searchHelp(help(ZH), '社保基数'))).toEqual([])
    const context = questionContext(help(ZH), 'help-account-locked')
    expect(context?.category.code).toBe('help-account')
    expect(context?.others.map((q) => q.id)).toEqual(['help-forgot-password'])
    expect(questionContext(help(ZH), 'si-base-2026')).toBeUndefined()
  })

  it('loads the help categories of the tree, and a vote is sent and thanked', async () => {
    const { server } = installTestPlatform()
    const toast = vi.spyOn(toastModule, 'toast')
    server.reply(ok(ZH))
    expect((await loadHelpCategories())?.map((c) => c.code)).toEqual(['help-account', 'help-pay'])
    server.reply(ok({ informationId: 'help-forgot-password', helpful: true }))
    expect(await sendHelpVote('help-forgot-password', true)).toEqual({ informationId: 'help-forgot-password', helpful: true })
    expect(JSON.parse(server.requests[1].body!)).toEqual({ informationId: 'help-forgot-password', helpful: true })
    expect(toast).toHaveBeenLastCalledWith('感谢您的反馈')
  })
})

describe('notices inbox', () => {
  const notice = (id: string, read: boolean): Notice => ({ id, kind: 'salary', title: 't', body: 'b', at: '2026-11-20T02:00:00.000Z', read })

  it('is empty for a visitor without asking the server', async () => {
    const { server } = installTestPlatform()
    inboxStore.setState({ notices: [notice('a', false)], unread: 1, status: 'ready' })
    await loadInbox()
    expect(inboxStore.getState()).toEqual({ notices: [], unread: 0, status: 'idle' })
    expect(server.requests).toHaveLength(0)
  })

  it('loads the list and count, reads one (only once), then all; the badge count follows the server', async () => {
    const { server } = installTestPlatform()
    storeTokens({ accessToken: 'token', refreshToken: 'refresh' })
    server.reply(ok({ unread: 2, notices: [notice('a', false), notice('b', false)] }))
    await loadInbox()
    expect(inboxStore.getState().unread).toBe(2)
    server.reply(ok({ unread: 1 }))
    await readNotice('a')
    await readNotice('a')
    expect(server.requests).toHaveLength(2)
    expect(inboxStore.getState().notices.map((n) => n.read)).toEqual([true, false])
    expect(inboxStore.getState().unread).toBe(1)
    server.reply(ok({ unread: 0 }))
    await readAllNotices()
    expect(JSON.parse(server.requests[2].body!)).toEqual({})
    expect(inboxStore.getState()).toMatchObject({ unread: 0, status: 'ready' })
    expect(inboxStore.getState().notices.every((n) => n.read)).toBe(true)
  })
  it("follows a notice's link: a portal route, or an inner jump with a one-time code for the older pages", async () => {
    const { server, platform, nav } = installTestPlatform()
    storeTokens({ accessToken: 'token', refreshToken: 'refresh' })
    await openNoticeTarget({ type: 'route', path: 'packages/users/notices/index' })
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/users/notices/index')
    const leave = vi.spyOn(platform.system, 'leaveTo').mockReturnValue(true)
    server.reply(ok({ code: 'C0DE', expiresIn: 120, legacyLoginUrl: 'https://ouc.example.com/loginByCodeAndRedirect', redirect: '/salary/payslip' }))
    await openNoticeTarget({ type: 'jump', dest: 'payment' })
    expect(server.requests.at(-1)?.url).toMatch(/grantCode.*dest=payment|dest=payment.*grantCode/)
    expect(leave).toHaveBeenCalledWith(expect.stringContaining('redirect=%2Fsalary%2Fpayslip'))
  })
})
