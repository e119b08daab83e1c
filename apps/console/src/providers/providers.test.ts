import { CONSOLE_ACCESS, CONSOLE_ROLES, consoleCan } from '@ess/contract/console/access'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, session, unwrap } from '../api/client'
import { accessControlProvider } from './access-control'
import { signedIn, signedOut } from './account'
import { authProvider } from './auth'
import { auditQuery, rosterQuery, dataProvider } from './data'

const operator = (roles: (typeof CONSOLE_ROLES)[number][]) => ({
  operator: { id: 'op1', email: 'auditor@console.example', displayName: 'Auditor', roles, locale: 'en-US' as const },
  csrfToken: 'csrf-token-1',
  session: { id: 's1', idleExpiresAt: '2026-11-27T10:30:00.000Z', expiresAt: '2026-11-27T22:00:00.000Z' },
})

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'OK', data: { success: true, data } }), { status: 200, headers: { 'content-type': 'application/json' } })
const refusal = (status: number, errorCode: string, msg: string) => new Response(JSON.stringify({ code: 100640, errorCode, msg }), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => {
  vi.restoreAllMocks()
  signedOut()
})

describe('access control', () => {
  it('allows exactly the cells of the contract table for the roles of the signed-in operator', async () => {
    for (const role of CONSOLE_ROLES) {
      signedIn(operator([role]))
      for (const [resource, actions] of Object.entries(CONSOLE_ACCESS)) {
        for (const action of ['list', 'show', 'create', 'edit', 'delete', 'publish', 'export', 'unknown']) {
          const { can } = await accessControlProvider.can({ resource, action })
          expect(can, `${role} ${resource}.${action}`).toBe(consoleCan([role], resource, action))
          if (!(action in actions)) expect(can).toBe(false)
        }
      }
    }
  })

  it('lets the menu open a page of one thing (home, my security) with the table\'s show', async () => {
    signedIn(operator(['content_editor']))
    expect((await accessControlProvider.can({ resource: 'account', action: 'list' })).can).toBe(false)
    expect((await accessControlProvider.can({ resource: 'account', action: 'list', params: { resource: { name: 'account', meta: { listAction: 'show' } } } })).can).toBe(true)
    expect((await accessControlProvider.can({ resource: 'audit', action: 'list', params: { resource: { name: 'audit', meta: { listAction: 'show' } } } })).can).toBe(false)
  })

  it('denies everything without a session', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(refusal(401, 'CONSOLE_SESSION_INVALID', 'ended'))
    expect((await accessControlProvider.can({ resource: 'dashboard', action: 'show' })).can).toBe(false)
  })
})

describe('the client', () => {
  it('sends the CSRF token on changes only, and the language on every call', async () => {
    const seen: Request[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen.push(input as Request)
      return envelope({ signedOut: true })
    })
    session.csrfToken = 'csrf-token-2'
    session.locale = 'en-US'
    await unwrap(api.GET('/app/console/auth/sessions'))
    await unwrap(api.POST('/app/console/auth/sign-out'))
    expect(seen[0].headers.get('x-csrf-token')).toBeNull()
    expect(seen[1].headers.get('x-csrf-token')).toBe('csrf-token-2')
    expect(seen.map((request) => request.headers.get('accept-language'))).toEqual(['en-US', 'en-US'])
  })

  it('turns a refusal into an ApiError with its errorCode and message, and a network failure into NETWORK', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(refusal(403, 'STEP_UP_REQUIRED', 'Again please'))
    await expect(unwrap(api.POST('/app/console/auth/recovery-codes'))).rejects.toMatchObject({ errorCode: 'STEP_UP_REQUIRED', status: 403, message: 'Again please' })
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('offline'))
    await expect(unwrap(api.GET('/app/console/auth/me'), 'No network')).rejects.toMatchObject({ errorCode: 'NETWORK', message: 'No network' })
  })

  it('tells the auth provider when a call answers 401, except the sign-in steps', async () => {
    const ended = vi.fn()
    session.onUnauthorized = ended
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal(401, 'CONSOLE_SESSION_INVALID', 'ended'))
    await unwrap(api.GET('/app/console/audit', { params: { query: {} } })).catch(() => {})
    expect(ended).toHaveBeenCalledTimes(1)
    await unwrap(api.GET('/app/console/auth/me')).catch(() => {})
    expect(ended).toHaveBeenCalledTimes(1)
  })
})

describe('the auth provider', () => {
  it('is authenticated with a live session and keeps its CSRF token; a 401 sends to the sign-in page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(envelope({ ...operator(['auditor']), stepUpUntil: null }))
    expect(await authProvider.check()).toEqual({ authenticated: true })
    expect(session.csrfToken).toBe('csrf-token-1')
    expect(await authProvider.getPermissions?.()).toEqual(['auditor'])
    signedOut()
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(refusal(401, 'CONSOLE_SESSION_INVALID', 'ended'))
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: '/sign-in' })
    expect(await authProvider.onError(new ApiError('CONSOLE_SESSION_INVALID', 'ended', 401))).toEqual({ logout: true, redirectTo: '/sign-in' })
    expect(await authProvider.onError(new ApiError('CONSOLE_ROLE_DENIED', 'no', 403))).toEqual({})
  })

  it('signs out on the gateway and forgets the token', async () => {
    signedIn(operator(['admin']))
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope({ signedOut: true }))
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/sign-in' })
    expect((fetch.mock.calls[0][0] as Request).url).toContain('/app/console/auth/sign-out')
    expect(session.csrfToken).toBeNull()
  })
})

describe('the data provider', () => {
  it('maps Refine paging and filters onto the audit call', async () => {
    expect(
      auditQuery({
        pagination: { currentPage: 3, pageSize: 50 },
        filters: [
          { field: 'operator', operator: 'eq', value: ' admin@console.example ' },
          { field: 'action', operator: 'eq', value: '' },
          { field: 'at', operator: 'between', value: ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'] },
        ],
      }),
    ).toEqual({ page: 3, pageSize: 50, operator: 'admin@console.example', action: undefined, resourceType: undefined, from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' })
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope({ items: [{ id: 'a1' }], total: 41 }))
    const page = await dataProvider.getList({ resource: 'audit', pagination: { currentPage: 2, pageSize: 20 }, filters: [{ field: 'resourceType', operator: 'eq', value: 'operator' }] })
    expect(page).toEqual({ data: [{ id: 'a1' }], total: 41 })
    const url = new URL((fetch.mock.calls[0][0] as Request).url)
    expect(url.pathname).toBe('/app/console/audit')
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', pageSize: '20', resourceType: 'operator' })
  })

  it('maps the roster search onto its call (status active unless asked)', async () => {
    expect(rosterQuery({ pagination: { currentPage: 2, pageSize: 10 }, filters: [{ field: 'idNo', operator: 'eq', value: ' 110101198803151237 ' }, { field: 'name', operator: 'eq', value: '' }] })).toEqual({
      page: 2,
      pageSize: 10,
      companyCode: undefined,
      name: undefined,
      employeeNo: undefined,
      idNo: '110101198803151237',
      status: 'active',
    })
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope({ items: [{ id: 'e1' }], total: 1 }))
    const page = await dataProvider.getList({ resource: 'roster', filters: [{ field: 'status', operator: 'eq', value: 'ended' }, { field: 'companyCode', operator: 'eq', value: 'HS001' }] })
    expect(page).toEqual({ data: [{ id: 'e1' }], total: 1 })
    const url = new URL((fetch.mock.calls[0][0] as Request).url)
    expect(url.pathname).toBe('/app/console/roster/employees')
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', pageSize: '20', companyCode: 'HS001', status: 'ended' })
  })

  it('refuses what a resource has no call for', async () => {
    await expect(dataProvider.getList({ resource: 'support' })).rejects.toMatchObject({ errorCode: 'UNSUPPORTED' })
    await expect(dataProvider.deleteOne({ resource: 'audit', id: 'a1' })).rejects.toMatchObject({ errorCode: 'UNSUPPORTED' })
  })
})
