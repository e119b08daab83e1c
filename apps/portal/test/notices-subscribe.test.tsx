// WeChat subscribe messages on the client (issue 35): switching a push kind on in the mini-program
// asks wx.requestSubscribeMessage for that kind's template (from the gateway), and sends each
// 'accept' to the gateway; the web asks nothing.
import type { PushSettings, SubscribeTemplates } from '@ess/contract/wire'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type { TransportRequest } from '../src/platform/types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { askSubscription, askSubscriptions, loadSubscribeTemplates, remindableKinds, subscribeStore } from '../src/core/notices/subscribe'
import { loadPushSettings, pushStore, setPush } from '../src/core/push/settings'
import { clientStorage } from '../src/core/storage'
import PushSetPage from '../src/packages/users/setting/pushSet'
import { fail, installTestPlatform, ok } from './helpers'

const ALL_ON: PushSettings = (['salary', 'examReservation', 'examReport', 'flexibleEmployment'] as const).map((kind) => ({ kind, enabled: true }))
const ALL_OFF: PushSettings = (['salary', 'examReservation', 'examReport', 'flexibleEmployment'] as const).map((kind) => ({ kind, enabled: false }))
const TEMPLATES: SubscribeTemplates = [
  { kind: 'salary', templateId: 'tmpl-salary', remaining: 0 },
  { kind: 'examReport', templateId: 'tmpl-report', remaining: 0 },
]

afterEach(() => {
  cleanup()
  subscribeStore.setState({ templates: null })
  pushStore.setState({ settings: null, saving: null })
  vi.restoreAllMocks()
})

/** The mini-program, with WeChat's subscribe dialog answering `choice` and wx.login a code. */
function miniProgram(choice: string | null = 'accept') {
  const installed = installTestPlatform()
  installed.platform.kind = 'weapp'
  const requestSubscribeMessage = vi.fn(async (ids: string[]) => (choice === null ? null : Object.fromEntries(ids.map((id) => [id, choice]))))
  const wechatLoginCode = vi.fn(async () => 'login-code-0123456789')
  installed.platform.system = { ...installed.platform.system, requestSubscribeMessage, wechatLoginCode }
  return { ...installed, requestSubscribeMessage, wechatLoginCode }
}

const path = (req: TransportRequest) => new URL(req.url, 'http://x').pathname
/** Answers by path, whatever order the calls come in. */
const byPath = (answers: Record<string, unknown>) => (req: TransportRequest) => {
  const name = Object.keys(answers).find((suffix) => path(req).endsWith(suffix))
  if (!name) throw new Error(`unexpected ${req.url}`)
  return ok(answers[name])
}

describe('subscribe messages in the mini-program', () => {
  it('loads the templates with the push settings, asks for the kind switched on, and records the accept with a fresh login code', async () => {
    const { server, requestSubscribeMessage } = miniProgram()
    const answers = byPath({
      '/push/settings': ALL_OFF,
      '/wechat/subscribeTemplates': TEMPLATES,
      '/push/updateSetting': ALL_OFF.map((row) => (row.kind === 'salary' ? { ...row, enabled: true } : row)),
      '/wechat/subscribeAccept': TEMPLATES.map((row) => (row.kind === 'salary' ? { ...row, remaining: 1 } : row)),
    })
    server.reply(answers, answers, answers, answers)
    await loadPushSettings()
    expect(subscribeStore.getState().templates).toEqual(TEMPLATES)

    const done = setPush('salary', true)
    // The dialog is opened in the tap itself, before anything is awaited.
    expect(requestSubscribeMessage).toHaveBeenCalledWith(['tmpl-salary'])
    expect(await done).toBe(true)
    const accept = server.requests.find((req) => path(req).endsWith('/wechat/subscribeAccept'))
    expect(JSON.parse(accept?.body ?? '{}')).toEqual({ templateIds: ['tmpl-salary'], loginCode: 'login-code-0123456789' })
    expect(subscribeStore.getState().templates?.[0]).toEqual({ kind: 'salary', templateId: 'tmpl-salary', remaining: 1 })
    expect(pushStore.getState().settings?.[0]).toEqual({ kind: 'salary', enabled: true })
  })

  it('records nothing when the employee rejects, or WeChat fails; asks nothing when switching off or for a kind without a template', async () => {
    for (const choice of ['reject', 'ban', null]) {
      const { server } = miniProgram(choice)
      subscribeStore.setState({ templates: TEMPLATES })
      expect(await askSubscription('salary')).toBe(choice === null ? 'failed' : 'declined')
      expect(server.requests).toHaveLength(0)
    }
    const { server, requestSubscribeMessage } = miniProgram()
    subscribeStore.setState({ templates: TEMPLATES })
    server.reply(ok(ALL_OFF))
    await setPush('examReport', false)
    expect(await askSubscription('examReservation')).toBe('noTemplate')
    expect(requestSubscribeMessage).not.toHaveBeenCalled()
    expect(server.requests.map(path)).toEqual(['/app/user/api/push/updateSetting'])
  })

  it('keeps the switch when the accept cannot be recorded (quietly)', async () => {
    const { server } = miniProgram()
    subscribeStore.setState({ templates: TEMPLATES })
    server.reply((req) =>
      path(req).endsWith('/wechat/subscribeAccept') ? fail(400, { errorCode: 'WECHAT_OPENID_UNKNOWN' }) : ok(salaryOn()),
    )
    server.reply((req) =>
      path(req).endsWith('/wechat/subscribeAccept') ? fail(400, { errorCode: 'WECHAT_OPENID_UNKNOWN' }) : ok(salaryOn()),
    )
    expect(await setPush('salary', true)).toBe(true)
    expect(subscribeStore.getState().templates).toEqual(TEMPLATES)
  })
})

const salaryOn = () => ALL_OFF.map((row) => (row.kind === 'salary' ? { ...row, enabled: true } : row))

describe('on the web', () => {
  it('asks nothing and reads no templates: H5 has no subscribe messages', async () => {
    const { server } = installTestPlatform()
    await loadSubscribeTemplates()
    expect(server.requests).toHaveLength(0)
    subscribeStore.setState({ templates: TEMPLATES })
    expect(await askSubscription('salary')).toBe('unsupported')
    server.reply(ok(salaryOn()))
    expect(await setPush('salary', true)).toBe(true)
    expect(server.requests.map(path)).toEqual(['/app/user/api/push/updateSetting'])
  })
})

describe('the push settings page in the mini-program', () => {
  /**
   * A tap as Taro's mini-program reconciler delivers it: the switch's handler called outside any
   * DOM event, so React gives its updates the default priority (@tarojs/react's
   * getCurrentEventPriority), while the push store's update renders at once (a store read with
   * useSyncExternalStore). Not fireEvent: react-dom renders a DOM click's updates together.
   */
  const tap = (element: Element) => {
    const key = Object.keys(element).find((k) => k.startsWith('__reactProps$')) as string
    ;(element as unknown as Record<string, { onClick: () => void }>)[key].onClick()
  }

  it('a switch turned off can be turned on again at once, and that asks for its subscription', async () => {
    const { server, requestSubscribeMessage } = miniProgram()
    clientStorage.set('token', 'tk')
    const salaryOff = ALL_ON.map((row) => (row.kind === 'salary' ? { ...row, enabled: false } : row))
    server.reply(byPath({ '/push/settings': ALL_ON, '/wechat/subscribeTemplates': TEMPLATES }), byPath({ '/push/settings': ALL_ON, '/wechat/subscribeTemplates': TEMPLATES }))
    render(<PushSetPage />)
    const salary = await screen.findByTestId('push-switch-salary')
    await waitFor(() => expect(subscribeStore.getState().templates).toEqual(TEMPLATES))

    server.reply(ok(salaryOff))
    await act(async () => tap(salary))
    await waitFor(() => expect(salary.classList.contains('nut-switch-close')).toBe(true))
    await waitFor(() => expect(pushStore.getState().saving).toBeNull())
    expect(requestSubscribeMessage).not.toHaveBeenCalled()
    // Not left spinning: NutUI's own loading state must not outlive the save.
    expect(salary.querySelector('.nut-icon-Loading1')).toBeNull()

    server.reply(ok(ALL_ON), ok(TEMPLATES.map((row) => (row.kind === 'salary' ? { ...row, remaining: 1 } : row))))
    await act(async () => tap(salary))
    await waitFor(() => expect(salary.classList.contains('nut-switch-close')).toBe(false))
    expect(requestSubscribeMessage).toHaveBeenCalledWith(['tmpl-salary'])
    await waitFor(() => expect(server.requests.map(path)).toContain('/app/user/api/wechat/subscribeAccept'))
    expect(server.requests.filter((req) => path(req) === '/app/user/api/push/updateSetting').map((req) => JSON.parse(req.body ?? '{}'))).toEqual([
      { kind: 'salary', enabled: false },
      { kind: 'salary', enabled: true },
    ])
  })
})

describe("the inbox's WeChat reminders", () => {
  const FOUR: SubscribeTemplates = [
    { kind: 'salary', templateId: 'tmpl-salary', remaining: 1 },
    { kind: 'examReservation', templateId: 'tmpl-booking', remaining: 0 },
    { kind: 'examReport', templateId: 'tmpl-report', remaining: 2 },
    { kind: 'flexibleEmployment', templateId: 'tmpl-flex', remaining: 0 },
  ]

  it('offers the kinds switched on that have a template, with what their accepts still allow; nothing without templates or settings', () => {
    const someOff = ALL_ON.map((row) => (row.kind === 'examReservation' ? { ...row, enabled: false } : row))
    expect(remindableKinds(FOUR, someOff)).toEqual([
      { kind: 'salary', remaining: 1 },
      { kind: 'examReport', remaining: 2 },
      { kind: 'flexibleEmployment', remaining: 0 },
    ])
    expect(remindableKinds(TEMPLATES, ALL_OFF)).toEqual([])
    expect(remindableKinds(null, ALL_ON)).toEqual([])
    expect(remindableKinds(FOUR, null)).toEqual([])
  })

  it('asks for at most three templates in one dialog and records every accept', async () => {
    const { server, requestSubscribeMessage } = miniProgram('accept')
    subscribeStore.setState({ templates: FOUR })
    const saved = FOUR.map((row) => (row.kind === 'flexibleEmployment' ? row : { ...row, remaining: row.remaining + 1 }))
    server.reply(ok(saved))
    const done = askSubscriptions(['salary', 'examReservation', 'examReport', 'flexibleEmployment'])
    // WeChat's dialog, opened within the tap: the first three templates.
    expect(requestSubscribeMessage).toHaveBeenCalledWith(['tmpl-salary', 'tmpl-booking', 'tmpl-report'])
    expect(await done).toBe('recorded')
    expect(JSON.parse(server.requests[0].body as string)).toEqual({ templateIds: ['tmpl-salary', 'tmpl-booking', 'tmpl-report'], loginCode: 'login-code-0123456789' })
    expect(subscribeStore.getState().templates).toEqual(saved)
  })

  it('records nothing when every template is refused, and asks nothing on the web', async () => {
    const { server } = miniProgram('reject')
    subscribeStore.setState({ templates: FOUR })
    expect(await askSubscriptions(['salary', 'examReport'])).toBe('declined')
    expect(server.requests).toEqual([])
    installTestPlatform()
    expect(await askSubscriptions(['salary'])).toBe('unsupported')
  })
})
