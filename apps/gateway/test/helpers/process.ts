import { type ChildProcess, spawn } from 'node:child_process'
import { type Captcha, type CallDef, type CallInput, type CodeScene, buildQuery, callUrl, calls } from '@ess/contract'
import { packageDir } from '../../src/paths'
import { humanTrail, solvePuzzle } from './captcha'
import { TEST_DEVICE_ID, signedHeaders } from './signed'

/** A gateway process: src/server.ts as `npm start` runs it (through tsx), on a free port. */
export interface GatewayProcess {
  child: ChildProcess
  lines: string[]
  /** The listening URL; rejects when the process exits before listening. */
  url: Promise<string>
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function startGatewayProcess(env: Record<string, string>): GatewayProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line)
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
        if (listening) resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    void exit.then(() => reject(new Error(`the gateway exited before listening:\n${lines.join('\n')}`)))
  })
  url.catch(() => {})
  return { child, lines, url, exit }
}

export interface HttpCallOptions {
  token?: string
  deviceId?: string
  locale?: string
}

export interface HttpAnswer {
  status: number
  body: { code: number; errorCode?: string; msg: string; data: { success: boolean; data: any } }
}

/** The signed request of a call as the portal sends it (method, URL, headers, body). */
export function signedCall<C extends CallDef>(call: C, input?: CallInput<C>, options: HttpCallOptions = {}) {
  const inQuery = call.method === 'GET'
  const query = inQuery ? (input as Record<string, unknown> | undefined) : undefined
  const body = inQuery ? undefined : JSON.stringify(input ?? {})
  const path = callUrl(call)
  const search = buildQuery(query)
  return {
    method: call.method,
    path: search ? `${path}?${search}` : path,
    headers: {
      ...signedHeaders({ method: call.method, path, query, rawBody: body, token: options.token, deviceId: options.deviceId, locale: options.locale }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  }
}

/** Sends a prepared request to a gateway over HTTP. */
export async function send(url: string, request: ReturnType<typeof signedCall>): Promise<HttpAnswer> {
  const response = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body })
  return { status: response.status, body: (await response.json()) as HttpAnswer['body'] }
}

export const httpCall = <C extends CallDef>(url: string, call: C, input?: CallInput<C>, options?: HttpCallOptions) =>
  send(url, signedCall(call, input, options))

/** The payload of a success, or throws with the refusal. */
export async function ok<T = any>(answer: Promise<HttpAnswer> | HttpAnswer): Promise<T> {
  const { status, body } = await answer
  if (status !== 200 || body.code !== 200) throw new Error(`refused: ${status} ${JSON.stringify(body)}`)
  return body.data.data as T
}

/** A captcha token solved from the puzzle's pictures, over HTTP. */
export async function httpCaptcha(url: string, deviceId = TEST_DEVICE_ID): Promise<string> {
  const captcha = await ok<Captcha>(httpCall(url, calls.getCaptcha, undefined, { deviceId }))
  const x = solvePuzzle(captcha)
  return (await ok(httpCall(url, calls.checkCaptcha, { captchaId: captcha.captchaId, x, trail: humanTrail(x) }, { deviceId }))).captchaToken
}

/** Sends an SMS code to a mainland phone through `url` and reads it from `outboxUrl`'s /dev/outbox.json. */
export async function httpSmsCode(url: string, phone: string, scene: CodeScene, deviceId = TEST_DEVICE_ID, outboxUrl = url): Promise<string> {
  const captchaToken = await httpCaptcha(url, deviceId)
  await ok(httpCall(url, calls.sendPhoneCode, { phone, scene, captchaToken } as never, { deviceId }))
  const response = await fetch(`${outboxUrl}/dev/outbox.json?to=${encodeURIComponent(`+86${phone}`)}&limit=1`)
  const [message] = ((await response.json()) as { data: { data: Array<{ params: { code: string } }> } }).data.data
  return message.params.code
}
