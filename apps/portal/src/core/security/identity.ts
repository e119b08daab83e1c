import { ROUTE_PATHS, wire, type CertificationCheckBody, type IdentityMethod, type IdentityMethods, type IdentityPass, type RoutePath } from '@ess/contract/wire'
import { isRoute } from '../auth/target'
import { sendSealed } from '../auth/login'
import { RequestError, request, type RequestOptions } from '../http/request'
import { openRoute, type RouteQuery } from '../navigation'
import { platform } from '../platform'
import { toast } from '../toast'

/**
 * The identity check before a sensitive change (SPEC §6; contract security.ts). One mechanism for
 * every screen: `requireIdentity(next)` goes straight to `next` while the login's privileged
 * window is open, else through `authList` → `authentication`; a pass continues to `next`, replacing
 * the check pages so Back does not return to them. A change call answered IDENTITY_CHECK_REQUIRED
 * (the window closed while the user filled the form) goes through the same check and comes back
 * to the form as it was left (`privileged`).
 */
export const AUTH_LIST: RoutePath = ROUTE_PATHS.authList
export const AUTHENTICATION: RoutePath = 'packages/safety/authentication'
const CHECK_PAGES: ReadonlySet<string> = new Set([AUTH_LIST, AUTHENTICATION])

/** Seconds of an open window below which the check is asked again (a form takes a while to fill). */
export const WINDOW_MARGIN_S = 60

const MARK_KEY = 'identity-check'

export interface IdentityNext {
  route: RoutePath
  query: Record<string, string>
}

/** `route?a=1`: the `next` query value of the check pages. */
export function encodeNext(route: RoutePath, query?: RouteQuery): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return pairs.length ? `${route}?${pairs.join('&')}` : route
}

/**
 * The `next` query value as meant: page parameters arrive still URI-encoded on the web, once per
 * hop, so it is decoded until it stops changing. Only a route of the app that is not a check page
 * is accepted (anything else: null, and the caller falls back to the account page).
 */
export function parseNext(raw: string | undefined | null): IdentityNext | null {
  let value = raw ?? ''
  for (let i = 0; i < 8 && /%[0-9a-fA-F]{2}/.test(value.split('?')[0]); i++) {
    try {
      const next = decodeURIComponent(value)
      if (next === value) break
      value = next
    } catch {
      break
    }
  }
  const [path, search = ''] = value.replace(/^\//, '').split('?')
  if (!isRoute(path) || CHECK_PAGES.has(path)) return null
  const query: Record<string, string> = {}
  for (const pair of search.split('&')) {
    if (!pair) continue
    const [k, v = ''] = pair.split('=')
    try {
      query[decodeURIComponent(k)] = decodeURIComponent(v)
    } catch {
      /* a bad pair is left out */
    }
  }
  return { route: path, query }
}

/** Where a check opened without a usable `next` continues: the account security page. */
export function nextOrHub(raw: string | undefined | null): IdentityNext {
  return parseNext(raw) ?? { route: ROUTE_PATHS.accountSecurity, query: {} }
}

interface CheckMark {
  /** Stack depth below the check pages. */
  depth: number
  /** The check was opened over the form that needs it: go back to it rather than open `next`. */
  back: boolean
}

function readMark(): CheckMark | null {
  try {
    const raw = platform().session.get(MARK_KEY)
    const v = raw ? (JSON.parse(raw) as CheckMark) : null
    return v && Number.isInteger(v.depth) && v.depth >= 0 ? v : null
  } catch {
    return null
  }
}

/** The methods the account has and the open window (undefined when the call failed: toasted). */
export function loadSecurityMethods(options: RequestOptions = {}): Promise<IdentityMethods | undefined> {
  return request(wire.securityMethods, undefined, options)
}

/** True while the privileged window stays open long enough to fill a form. */
export function windowOpen(methods: Pick<IdentityMethods, 'privileged'> | null | undefined): boolean {
  return !!methods?.privileged && methods.privileged.expiresIn > WINDOW_MARGIN_S
}

/** Opens the method list of the check, remembering where the user stands in the page stack. */
export function openIdentityCheck(next: IdentityNext, { back = false }: { back?: boolean } = {}): Promise<void> {
  const { nav, session } = platform()
  session.set(MARK_KEY, JSON.stringify({ depth: nav.stackDepth(), back } satisfies CheckMark))
  return openRoute(AUTH_LIST, { next: encodeNext(next.route, next.query) })
}

/**
 * Before a sensitive change: straight to `next` while the privileged window is open, else the
 * identity check first. Resolves when the navigation has been started (nothing when the methods
 * could not be read: the request client toasted why).
 */
export async function requireIdentity(next: RoutePath, query?: RouteQuery): Promise<void> {
  const methods = await loadSecurityMethods()
  if (!methods) return
  const clean: Record<string, string> = {}
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') clean[k] = String(v)
  if (windowOpen(methods)) return openRoute(next, clean)
  return openIdentityCheck({ route: next, query: clean })
}

/**
 * After a pass: back to the form that needed it (opened by `privileged`), else on to `next` in
 * place of the check page on top.
 */
export async function continueAfterIdentity(next: IdentityNext): Promise<void> {
  const { nav, session } = platform()
  const mark = readMark()
  session.remove(MARK_KEY)
  const routes = nav.stackRoutes()
  const depth = routes.length
  // The check pages on top of the stack.
  let checks = 0
  while (checks < depth && CHECK_PAGES.has(routes[depth - 1 - checks])) checks++
  const below = routes[depth - 1 - checks]
  if (checks > 0 && below === next.route && (mark?.back ?? false)) return nav.navigateBack(checks)
  // One navigation only: the method's form replaced the list (authList), so the page on top is the
  // only check page left. (A Back followed at once by a redirect leaves the H5 router blank.)
  return openRoute(next.route, next.query, { replace: checks > 0 })
}

/** What the `authentication` page needs to pass one method. */
export type IdentityProof =
  | { method: 'sms' | 'email'; passCode: string }
  | { method: 'password'; password: string }
  | ({ method: 'idNumber' | 'bankCard' } & CertificationCheckBody)

const THROW = { needThrowErr: true } as const

/** Passes one method (the refusal rejects, already toasted); the window is open afterwards. */
export async function proveIdentity(proof: IdentityProof): Promise<IdentityPass> {
  switch (proof.method) {
    case 'sms':
      return request(wire.validOldPhoneCheckPassCode, { passCode: proof.passCode }, THROW)
    case 'email':
      return request(wire.validOldEmailCheckPassCode, { passCode: proof.passCode }, THROW)
    case 'password':
      return sendSealed(async (seal, options) => {
        const { cipher, keyId } = await seal(proof.password)
        return request(wire.validUserPassword, { password: cipher, keyId }, options)
      })
    default: {
      const { method: _m, ...body } = proof
      return request(wire.validIdentityByRealName, body as CertificationCheckBody, THROW)
    }
  }
}

export const IDENTITY_CHECK_REQUIRED = 'IDENTITY_CHECK_REQUIRED'

/**
 * A change call that needs the privileged window. When the gateway answers IDENTITY_CHECK_REQUIRED
 * (the window closed meanwhile), the user is told so and taken through the check, which returns to
 * this page as it was left; the call rejects (the screen just stops its spinner).
 */
export async function privileged<T>(send: (options: RequestOptions & typeof THROW) => Promise<T>, options: RequestOptions = {}): Promise<T> {
  try {
    return await send({ ...options, ...THROW, handledErrorCodes: [...(options.handledErrorCodes ?? []), IDENTITY_CHECK_REQUIRED] })
  } catch (error) {
    if (error instanceof RequestError && error.errorCode === IDENTITY_CHECK_REQUIRED) {
      toast(error.message)
      const { nav } = platform()
      const here = nav.currentRoute()
      void openIdentityCheck({ route: (isRoute(here) ? here : ROUTE_PATHS.accountSecurity) as RoutePath, query: {} }, { back: true })
    }
    throw error
  }
}

/** The methods in the order the check lists them (SPEC §2: mobile, email, original password, real name, bank card). */
export const METHOD_ORDER: readonly IdentityMethod[] = ['sms', 'email', 'password', 'idNumber', 'bankCard']

export function orderedMethods(methods: IdentityMethods['methods']): IdentityMethods['methods'] {
  return [...methods].sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method))
}
