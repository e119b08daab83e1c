import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import path from 'node:path'
import { OPEN_API_PREFIX } from '@ess/contract'
import type { FakeSubscribeMessage } from '@ess/contract/testing'
import { PORTAL_APP_ID, buildQuery, signHeaders, signOpenRequest } from '@ess/contract/wire'

const GATEWAY_DIR = path.resolve(__dirname, '../../../gateway')

export interface Gateway {
  url: string
  /** Its data folder (DATA_DIR; the generated keys and apps' secrets are in `keys/`). */
  dataDir: string
  /** Stops the process (SIGTERM, then waits for it) and removes its data folder. */
  stop(): Promise<void>
}

/**
 * The real gateway (src/server.ts through tsx, as `npm run dev` runs it) on a free loopback port,
 * with a fresh data folder and its demo data, the way apps/gateway/test/helpers/process.ts starts one.
 */
export async function startGateway(): Promise<Gateway> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ess-weapp-'))
  // A port of its own, known before it starts: the gateway reaches its fake WeChat (/dev/wechat) at
  // 127.0.0.1:PORT (modules/wechat/wiring.ts), which PORT=0 would not name.
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: GATEWAY_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '0',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      // (types/ declares the Taro build variables on ProcessEnv; the gateway has none of them)
    } as Record<string, string | undefined> as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line)
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
        if (listening) resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    void exited.then(() => reject(new Error(`the gateway exited before listening:\n${lines.slice(-20).join('\n')}`)))
  })
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * What the WeChat client gets from WeChat on the phone, from the gateway's fake WeChat
 * (/dev/wechat/mint, apps/gateway/src/modules/dev/wechat-fake.ts): a wx.login code of a demo
 * identity, or the phone-number button's code of a phone.
 */
export async function mintWechatCode(gateway: Gateway, body: { identity: string } | { phone: string }): Promise<string> {
  const response = await fetch(`${gateway.url}/dev/wechat/mint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`/dev/wechat/mint answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { code: string }).code
}

/**
 * The health mini-program's server asks for a quick-login token for one of its users (SPEC §4
 * quick login; apps/gateway/src/modules/sso: HTTP Basic with the 'hm' app's generated secret).
 */
export async function handbackToken(gateway: Gateway, userId: string): Promise<string> {
  const secret = readFileSync(path.join(gateway.dataDir, 'keys', 'health-mini.secret'), 'utf8').trim()
  const response = await fetch(`${gateway.url}/app/sso/grant/handback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`hm:${secret}`).toString('base64')}` },
    body: JSON.stringify({ userId }),
  })
  const envelope = (await response.json()) as { code: number; data?: { data?: { token?: string } } }
  const token = envelope.data?.data?.token
  if (!token) throw new Error(`handback answered ${JSON.stringify(envelope)}`)
  return token
}

/** A call of the portal's wire signed as the portal signs it (packages/contract signature.ts), with a user's token. */
export async function signedCall(gateway: Gateway, call: { method: string; path: string }, input: Record<string, unknown> | undefined, token: string): Promise<{ code: number; data?: { data?: unknown } }> {
  const body = call.method === 'GET' || input === undefined ? undefined : JSON.stringify(input)
  const query = call.method === 'GET' && input ? buildQuery(input) : ''
  const headers = signHeaders({
    method: call.method,
    path: call.path,
    query,
    body,
    appId: PORTAL_APP_ID,
    client: 'weapp',
    nonce: randomBytes(16).toString('hex'),
    timestamp: String(Date.now()),
    token,
    deviceId: 'harness-device-0000001',
  })
  const response = await fetch(`${gateway.url}${call.path}${query ? `?${query.replace(/^\?/, '')}` : ''}`, {
    method: call.method,
    headers: { ...headers, 'accept-language': 'zh-CN', ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  })
  return (await response.json()) as { code: number; data?: { data?: unknown } }
}

/**
 * A call of the notices API as a provider's system makes it (apps/gateway/scripts/send-notice.ts,
 * `npm run notice:sample`): signed with the app's own secret, which the gateway made under its
 * KEYS_DIR (`notice-app-<id>.secret`); the envelope it answers.
 */
export async function openNoticeCall(
  gateway: Gateway,
  call: { method: 'GET' | 'POST'; path: string; body?: unknown; appId?: string; idempotencyKey?: string },
): Promise<{ code: number; msg: string; data?: { data?: unknown } }> {
  const appId = call.appId ?? 'payroll'
  const secret = readFileSync(path.join(gateway.dataDir, 'keys', `notice-app-${appId}.secret`), 'utf8').trim()
  const url = `${OPEN_API_PREFIX}${call.path}`
  const body = call.body === undefined ? undefined : JSON.stringify(call.body)
  const headers: Record<string, string> = {
    ...signOpenRequest({ method: call.method, path: url, body, appId, nonce: randomBytes(12).toString('hex'), timestamp: String(Date.now()) }, secret),
    'accept-language': 'en-US',
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
  }
  const response = await fetch(`${gateway.url}${url}`, { method: call.method, headers, body })
  return (await response.json()) as { code: number; msg: string; data?: { data?: unknown } }
}

/** What the gateway's fake WeChat took for this open id (`GET /dev/wechat/messages`), newest first. */
export async function wechatMessages(gateway: Gateway, openId: string): Promise<FakeSubscribeMessage[]> {
  const response = await fetch(`${gateway.url}/dev/wechat/messages?touser=${encodeURIComponent(openId)}`)
  if (!response.ok) throw new Error(`/dev/wechat/messages answered ${response.status}`)
  return ((await response.json()) as { messages: FakeSubscribeMessage[] }).messages
}

/** A loopback port nobody listens on now (the OS's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
