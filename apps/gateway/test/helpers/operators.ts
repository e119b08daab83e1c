import { CONSOLE_CSRF_HEADER, type ConsoleRole, consoleCallUrl } from '@ess/contract'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { hashPassword } from '../../src/infra/crypto/password-hash'
import { activate, insertOperator } from '../../src/modules/operator/queries'
import { newTotpSecret, TOTP_PERIOD_S, totpCode } from '../../src/modules/operator/totp'
import { consoleCookieName } from '../../src/plugins/console-auth'
import type { TestClock } from './clock'
import { payloadOf } from './calls'
import { sealPassword } from './password'

export const OPERATOR_PASSWORD = 'Console-Pass-2026'
let passwordHash: Promise<string> | undefined

export interface TestOperator {
  id: string
  email: string
  password: string
  totpSecret: string
  roles: ConsoleRole[]
}

/** An active operator written straight to the database (one argon2 hash per file, shared). */
export async function createOperator(app: FastifyInstance, email: string, roles: ConsoleRole[]): Promise<TestOperator> {
  passwordHash ??= hashPassword(OPERATOR_PASSWORD)
  const totpSecret = newTotpSecret()
  const now = app.now()
  const id = await insertOperator(app.db, { email, displayName: email.split('@')[0], roles, now })
  await activate(app.db, id, { passwordHash: await passwordHash, totpSecret: app.fieldCipher.encrypt(totpSecret, `operator.totp:${id}`), totpLastStep: 0, now })
  return { id, email, password: OPERATOR_PASSWORD, totpSecret, roles }
}

/** A console session: the cookie header value and the CSRF token. */
export interface ConsoleClient {
  cookie: string
  csrf: string
  sessionId: string
}

/** The cookie of a response's Set-Cookie for the console session. */
export function sessionCookieOf(app: FastifyInstance, response: LightMyRequestResponse): string {
  const name = consoleCookieName(app.config.console.secureCookie)
  const found = response.cookies.find((c) => c.name === name)
  if (!found) throw new Error(`no ${name} cookie in ${response.body}`)
  return `${name}=${found.value}`
}

/** The next TOTP code (the clock moved one step on: a code is accepted once per step). */
export async function nextCode(clock: TestClock, secret: string) {
  clock.advance(TOTP_PERIOD_S * 1000)
  return totpCode(secret, clock.now())
}

export async function passwordStep(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/app/console/auth/password',
    headers,
    payload: { email, password: await sealPassword(app.passwordKey.publicKeyPem, password) },
  })
}

/** Signs the operator in with password and TOTP. */
export async function signIn(app: FastifyInstance, clock: TestClock, operator: TestOperator): Promise<ConsoleClient> {
  const { challenge } = payloadOf<{ challenge: string }>(await passwordStep(app, operator.email, operator.password))
  const response = await app.inject({ method: 'POST', url: '/app/console/auth/totp', payload: { challenge, code: await nextCode(clock, operator.totpSecret) } })
  const answer = payloadOf<{ csrfToken: string; session: { id: string } }>(response)
  return { cookie: sessionCookieOf(app, response), csrf: answer.csrfToken, sessionId: answer.session.id }
}

/** A console call with the session's cookie (and its CSRF token unless told otherwise). */
export function consoleCall(
  app: FastifyInstance,
  client: ConsoleClient | undefined,
  method: string,
  url: string,
  options: { payload?: unknown; csrf?: string | false; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers }
  if (client) headers.cookie = client.cookie
  const csrf = options.csrf === undefined ? client?.csrf : options.csrf
  if (csrf) headers[CONSOLE_CSRF_HEADER] = csrf
  return app.inject({ method: method as 'GET', url, headers, ...(options.payload !== undefined ? { payload: options.payload as object } : {}) })
}

export const urlOf = consoleCallUrl
