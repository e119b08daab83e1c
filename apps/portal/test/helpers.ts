import { DEFAULT_LOCALE, type Envelope } from '@ess/contract/wire'
import { forgetSignedOut } from '../src/core/auth/signed-out'
import { vi } from 'vitest'
import { resetPromptState } from '../src/core/agreements'
import { syncConsentState } from '../src/core/auth/consent'
import { resetCountdowns } from '../src/core/auth/countdown'
import { resetSessionListeners } from '../src/core/auth/session'
import { resetUserStore } from '../src/core/auth/user-store'
import { resetConfirm } from '../src/core/confirm'
import { resetRefreshState } from '../src/core/http/request'
import { installPlatform } from '../src/core/platform'
import { resetPublicKeyState } from '../src/core/password'
import { resetSessionState } from '../src/core/session'
import { localeStore } from '../src/i18n/store'
import { createPlatform } from '../src/platform'
import type { NavigationAdapter, Platform, TransportRequest, TransportResponse, TransportUploadRequest } from '../src/platform/types'

export interface FakeServer {
  /** Requests received, in order. */
  requests: TransportRequest[]
  uploads: TransportUploadRequest[]
  /** The next answers (a function may inspect the request or throw a TransportError). */
  reply(...answers: Array<TransportResponse | ((req: TransportRequest) => TransportResponse | Promise<TransportResponse>)>): void
}

export const ok = <T>(data: T, status = 200): TransportResponse => ({
  status,
  data: { code: 200, msg: 'OK', data: { success: true, data } } satisfies Envelope<T>,
})

export const fail = (code: number, extra: Record<string, unknown> = {}, status = 400): TransportResponse => ({
  status,
  data: { code, errorCode: 'X', msg: '', errorMsg: '', data: { success: false, data: null }, ...extra },
})

export function spyNavigation(): { [K in keyof NavigationAdapter]: ReturnType<typeof vi.fn> } & NavigationAdapter {
  return {
    switchTab: vi.fn(async () => undefined),
    navigateTo: vi.fn(async () => undefined),
    redirectTo: vi.fn(async () => undefined),
    reLaunch: vi.fn(async () => undefined),
    navigateBack: vi.fn(async () => undefined),
    stackDepth: vi.fn(() => 1),
    currentRoute: vi.fn(() => 'pages/home/index'),
    stackRoutes: vi.fn(() => ['pages/home/index']),
  }
}

/**
 * The H5 platform of the build over jsdom, with a scripted server instead of fetch and spied
 * navigation. Storage is jsdom's localStorage, cleared here.
 */
export function installTestPlatform(overrides: Partial<Platform> = {}, { consent = true }: { consent?: boolean } = {}) {
  localStorage.clear()
  sessionStorage.clear()
  // A returning user who agreed to the privacy policy, unless a test says otherwise.
  if (consent) localStorage.setItem('user-agreed-privacy', '1')
  resetRefreshState()
  resetUserStore()
  resetCountdowns()
  resetSessionListeners()
  resetConfirm()
  resetPromptState()
  forgetSignedOut()
  resetSessionState()
  resetPublicKeyState()
  localeStore.setState({ locale: DEFAULT_LOCALE })

  const queue: Array<TransportResponse | ((req: TransportRequest) => TransportResponse | Promise<TransportResponse>)> = []
  const server: FakeServer = {
    requests: [],
    uploads: [],
    reply: (...answers) => void queue.push(...answers),
  }
  const next = async (req: TransportRequest) => {
    const answer = queue.shift()
    if (!answer) throw new Error(`unexpected request ${req.method} ${req.url}`)
    return typeof answer === 'function' ? answer(req) : answer
  }
  const nav = spyNavigation()
  const base = createPlatform(window)
  const platform: Platform = {
    ...base,
    nav,
    transport: {
      request: vi.fn(async (req: TransportRequest) => {
        server.requests.push(req)
        return next(req)
      }),
      upload: vi.fn(async (req: TransportUploadRequest) => {
        server.uploads.push(req)
        return next({ ...req, method: 'POST' })
      }),
    },
    start: () => undefined,
    ...overrides,
  }
  installPlatform(platform)
  syncConsentState()
  return { platform, server, nav }
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
