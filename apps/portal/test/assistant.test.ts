// The micro-assistant client (SPEC §4: its login after a portal login and the skip rules; §3 its
// token and key stored and cleared on logout; §8 100400 during it) and the AI page's start (§1).
import { ERRORS, SAMPLE_ASSISTANT_API_PATH, SERVICE_PHONE, assistantSignature, type AssistantAnswer } from '@ess/contract/wire'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  askAssistant,
  assistantAfterLogin,
  assistantPageQuery,
  loadAssistantSuggestions,
  resetAssistantState,
  startAssistant,
} from '../src/core/assistant'
import { chatStore, offerHuman, resetChat, sendQuestion } from '../src/core/assistant/chat'
import { logout } from '../src/core/auth/session'
import { confirmStore } from '../src/core/confirm'
import { clientStorage } from '../src/core/storage'
import { fail, flush, installTestPlatform, ok } from './helpers'

const API = SAMPLE_ASSISTANT_API_PATH
const GRANT = (code = 'code-101') =>
  ok({ code, expiresIn: 120, legacyLoginUrl: '/sample-provider/loginByCodeAndRedirect', redirect: null, legacyApiUrl: '/sample-provider/api', assistantApiUrl: API, deviceAlias: 'alias-of-this-device-for-101' })
const LOGGED_IN = (token = 'ma-token', key = 'ma-key') => ok({ token, key, expiresIn: 7200 })
const ANSWER: AssistantAnswer = { matched: true, answer: ['Tap "Forgot password".'], article: { id: 'help-forgot-password', title: 'Forgot password' }, related: [], hotline: SERVICE_PHONE }
const assistantFail = (errorCode: keyof typeof ERRORS) => fail(ERRORS[errorCode].code, { errorCode }, ERRORS[errorCode].status)

beforeEach(() => {
  resetAssistantState()
  resetChat()
})

function signedIn(overrides: Parameters<typeof installTestPlatform>[0] = {}) {
  const installed = installTestPlatform(overrides)
  localStorage.setItem('token', 'at-1')
  return installed
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname

describe('the micro-assistant login after a portal login (SPEC §4)', () => {
  it('gets a code of app 101, logs in with the device pseudonym (never the device id) and source h5, and stores the token and key', async () => {
    const { server } = signedIn()
    server.reply(GRANT(), LOGGED_IN())
    expect(await assistantAfterLogin()).toBe('ok')
    const [grant, login] = server.requests
    expect(new URL(grant.url, 'http://x').searchParams.get('authAppId')).toBe('101')
    expect(login).toMatchObject({ method: 'POST', url: `${API}/login` })
    expect(JSON.parse(login.body ?? '')).toEqual({ sessionId: 'alias-of-this-device-for-101', source: 'h5', code: 'code-101' })
    expect(login.body).not.toContain(localStorage.getItem('uuid'))
    expect(clientStorage.get('microAssistantToken')).toBe('ma-token')
    expect(clientStorage.get('microAssistantKey')).toBe('ma-key')
  })

  it('sends source mp in the mini-program', async () => {
    const { server } = signedIn({ kind: 'weapp' })
    server.reply(GRANT(), LOGGED_IN())
    expect(await assistantAfterLogin()).toBe('ok')
    expect(JSON.parse(server.requests[1].body ?? '').source).toBe('mp')
  })

  it('is skipped without an access token, when a token exists, when done, and while in progress', async () => {
    const { server } = installTestPlatform()
    expect(await assistantAfterLogin()).toBe('skipped')
    localStorage.setItem('token', 'at-1')
    clientStorage.set('microAssistantToken', 'existing')
    expect(await assistantAfterLogin()).toBe('skipped')
    expect(server.requests).toHaveLength(0)

    clientStorage.remove('microAssistantToken')
    let release: (value: ReturnType<typeof GRANT>) => void = () => undefined
    server.reply(() => new Promise((resolve) => (release = resolve)), LOGGED_IN())
    const first = assistantAfterLogin()
    const second = assistantAfterLogin()
    await flush()
    expect(server.requests).toHaveLength(1)
    release(GRANT())
    expect(await first).toBe('ok')
    expect(await second).toBe('ok')
    expect(server.requests).toHaveLength(2)

    // Done for this login: even with the token gone, no second login until the next portal login.
    clientStorage.remove('microAssistantToken')
    expect(await assistantAfterLogin()).toBe('skipped')
    expect(server.requests).toHaveLength(2)
    localStorage.setItem('token', 'at-2')
    server.reply(GRANT('code-2'), LOGGED_IN('ma-2', 'key-2'))
    expect(await assistantAfterLogin()).toBe('ok')
    expect(clientStorage.get('microAssistantToken')).toBe('ma-2')
  })

  it('shows the account-abnormal dialog on 100400 and stores nothing', async () => {
    const { server } = signedIn()
    server.reply(GRANT(), assistantFail('ACCOUNT_ABNORMAL'))
    expect(await assistantAfterLogin()).toBe('abnormal')
    await flush()
    const dialog = confirmStore.getState().current
    expect(dialog?.message).toBe(ERRORS.ACCOUNT_ABNORMAL.message['zh-CN'])
    expect(dialog?.body).toEqual({ kind: 'servicePhone', phone: SERVICE_PHONE })
    expect(dialog?.showCancel).toBe(false)
    expect(clientStorage.get('microAssistantToken')).toBeNull()
  })

  it('logs "Failed to get one-time code" when no code comes, and a refused login stores nothing', async () => {
    const { server } = signedIn()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.reply(fail(ERRORS.UNKNOWN_AUTH_APP.code))
    expect(await assistantAfterLogin()).toBe('refused')
    expect(warn).toHaveBeenCalledWith('Failed to get one-time code')
    server.reply(GRANT(), assistantFail('ASSISTANT_CODE_INVALID'))
    expect(await assistantAfterLogin()).toBe('refused')
    expect(clientStorage.get('microAssistantToken')).toBeNull()
    expect(confirmStore.getState().current).toBeNull()
    warn.mockRestore()
  })

  it('clears the token and key on logout, and logs in again after the next login', async () => {
    const { server } = signedIn()
    server.reply(GRANT(), LOGGED_IN())
    await assistantAfterLogin()
    server.reply(ok({ ended: 1 }))
    await logout()
    expect(clientStorage.get('microAssistantToken')).toBeNull()
    expect(clientStorage.get('microAssistantKey')).toBeNull()
    localStorage.setItem('token', 'at-1')
    server.reply(GRANT('code-3'), LOGGED_IN('ma-3', 'key-3'))
    expect(await assistantAfterLogin()).toBe('ok')
  })
})

describe('signed calls and the chat', () => {
  it('signs a question with the session key over the timestamp and the exact body', async () => {
    const { server } = signedIn()
    server.reply(GRANT(), LOGGED_IN('ma-token', 'secret-key'), ok(ANSWER))
    await assistantAfterLogin()
    expect(await askAssistant('忘记密码')).toEqual(ANSWER)
    const chat = server.requests[2]
    expect(chat).toMatchObject({ method: 'POST', url: `${API}/chat`, body: '{"question":"忘记密码"}' })
    const timestamp = chat.headers['x-assistant-timestamp']
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(5000)
    expect(chat.headers['x-assistant-token']).toBe('ma-token')
    expect(chat.headers['x-assistant-signature']).toBe(assistantSignature('secret-key', timestamp, chat.body ?? ''))
    expect(chat.headers['accept-language']).toBe('zh-CN')
  })

  it('opens the session again once when it ended, then retries the call', async () => {
    const { server } = signedIn()
    server.reply(GRANT(), LOGGED_IN('old', 'k1'), assistantFail('ASSISTANT_TOKEN_INVALID'), GRANT('c2'), LOGGED_IN('new', 'k2'), ok({ questions: [], hotline: SERVICE_PHONE }))
    await assistantAfterLogin()
    expect(await loadAssistantSuggestions()).toEqual({ questions: [], hotline: SERVICE_PHONE })
    expect(server.requests.map((r) => r.headers['x-assistant-token'] ?? '-')).toEqual(['-', '-', 'old', '-', '-', 'new'])
    expect(clientStorage.get('microAssistantToken')).toBe('new')
  })

  it('keeps the conversation: the question, then the answer; a failure leaves a bubble; one at a time', async () => {
    const { server } = signedIn()
    clientStorage.set('microAssistantToken', 't')
    clientStorage.set('microAssistantKey', 'k')
    sessionStorage.setItem('assistant-api-url', API)
    server.reply(ok(ANSWER), fail(500, {}, 500))
    const sent = sendQuestion('  忘记密码 ')
    expect(await sendQuestion('second')).toBe(false)
    expect(await sent).toBe(true)
    expect(await sendQuestion('   ')).toBe(false)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await sendQuestion('again')
    warn.mockRestore()
    offerHuman(SERVICE_PHONE)
    expect(chatStore.getState().messages.map((m) => (m.from === 'user' ? `user:${m.text}` : m.kind))).toEqual(['user:忘记密码', 'answer', 'user:again', 'failed', 'human'])
  })
})

describe('the AI page start (SPEC §1: code and token)', () => {
  it('logs in with the code of the query', async () => {
    const { server } = installTestPlatform()
    server.reply(LOGGED_IN('from-code', 'k'))
    expect(await startAssistant({ code: 'native-code', apiUrl: API })).toBe('ready')
    const sent = JSON.parse(server.requests[0].body ?? '')
    expect(sent.code).toBe('native-code')
    // No grant code yet, so no pseudonym from the gateway: a random one kept for the assistant, not the device id.
    expect(sent.sessionId).toMatch(/^[\w-]{43}$/)
    expect(sent.sessionId).not.toBe(localStorage.getItem('uuid'))
    expect(clientStorage.get('deviceAliases')).toEqual({ '101': sent.sessionId })
    expect(clientStorage.get('microAssistantToken')).toBe('from-code')
  })

  it('uses the stored session for its own token; a visitor is sent to sign in', async () => {
    const { server } = installTestPlatform()
    clientStorage.set('microAssistantToken', 'mine')
    clientStorage.set('microAssistantKey', 'k')
    expect(await startAssistant({ token: 'mine', apiUrl: API })).toBe('ready')
    clientStorage.remove('microAssistantToken')
    expect(await startAssistant({ apiUrl: API })).toBe('signedOut')
    expect(server.requests).toHaveLength(0)
  })

  it('a signed-in user without a session gets one; a token not ours is replaced', async () => {
    const { server } = signedIn()
    clientStorage.set('microAssistantToken', 'mine')
    clientStorage.set('microAssistantKey', 'k')
    server.reply(GRANT(), LOGGED_IN('fresh', 'k2'))
    expect(await startAssistant({ token: 'someone-elses', apiUrl: API })).toBe('ready')
    expect(clientStorage.get('microAssistantToken')).toBe('fresh')
  })

  it('100400 with the code of the query is "abnormal"', async () => {
    const { server } = installTestPlatform()
    server.reply(assistantFail('ACCOUNT_ABNORMAL'))
    expect(await startAssistant({ code: 'c', apiUrl: API })).toBe('abnormal')
  })

  it('the hub opens the page with the stored token, or a fresh code, or nothing for a visitor', async () => {
    const { server } = installTestPlatform()
    expect(await assistantPageQuery()).toBeNull()
    localStorage.setItem('token', 'at-1')
    server.reply(GRANT('hub-code'))
    expect(await assistantPageQuery()).toEqual({ code: 'hub-code' })
    clientStorage.set('microAssistantToken', 'mine')
    clientStorage.set('microAssistantKey', 'k')
    expect(await assistantPageQuery()).toEqual({ token: 'mine' })
    expect(server.requests.map((r) => pathOf(r.url))).toEqual(['/app/user/api/auth/grantCode'])
  })
})
